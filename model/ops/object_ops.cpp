#include "model/ops/object_ops.h"

#include "model/catalog.h"
#include "model/names.h"
#include "model/ops/remove_objects.h"

namespace wadsmith::ops {
namespace {

// Levels place models and static meshes by slot id: report what still refers to one.
std::vector<std::string> levelUsers(const Document& d, const ObjectRef& o) {
  std::vector<std::string> out;
  const auto* level = std::get_if<LevelDocument>(&d);
  if (!level) return out;
  std::size_t uses = 0;
  if (o.kind == ObjectKind::Movable) {
    for (const auto& en : *level->data->entities) uses += static_cast<std::uint16_t>(en.typeId) == o.slot;
    if (uses) out.push_back(std::to_string(uses) + " entities of the level still use slot " + std::to_string(o.slot));
  } else {
    for (const auto& room : *level->data->rooms)
      for (const auto& s : room.statics) uses += s.meshId == o.slot;
    if (uses) out.push_back(std::to_string(uses) + " room statics of the level still use slot " + std::to_string(o.slot));
  }
  return out;
}

// The WAS line of the object, if the document has names.
long wasLine(const Document& d, const ObjectRef& o, std::size_t index) {
  const auto* w = std::get_if<WadDocument>(&d);
  if (!w || !w->was) return -1;
  auto names = objectNames(*w);
  return o.kind == ObjectKind::Movable ? names.movableLines[index] : names.staticLines[index];
}

Document withWas(const Document& d, WasFile was) {
  WadDocument w = std::get<WadDocument>(d);
  w.was = share<WasFile>(std::move(was));
  return w;
}

}  // namespace

Edited setSlot(const Document& d, const ObjectRef& o, std::uint32_t newSlot) {
  ObjectView v(objectsOf(d));
  std::size_t index = o.kind == ObjectKind::Movable ? movableIndex(v, o.slot) : staticIndex(v, o.slot);
  if (newSlot == o.slot) return {d, {}};
  bool taken = o.kind == ObjectKind::Movable ? v.findMovable(newSlot).has_value() : v.findStatic(newSlot).has_value();
  if (taken) throw EditError("slot " + std::to_string(newSlot) + " is already used by another " +
                             (o.kind == ObjectKind::Movable ? "movable" : "static"));
  Edited out;
  out.warnings = levelUsers(d, o);
  out.doc = editObjects(d, [&](TablesEditor& e) {
    if (o.kind == ObjectKind::Movable)
      e.movables()[index].objectId = newSlot;
    else
      e.statics()[index].objectId = newSlot;
  });
  // A WAS line carrying the old slot's standard name takes the new slot's.
  if (long line = wasLine(d, o, index); line >= 0) {
    WasFile was = *std::get<WadDocument>(d).was;
    auto& l = was.lines[static_cast<std::size_t>(line)];
    auto oldName = o.kind == ObjectKind::Movable ? catalog::movableName(o.slot) : catalog::staticName(o.slot);
    auto newName = o.kind == ObjectKind::Movable ? catalog::movableName(newSlot) : catalog::staticName(newSlot);
    if (oldName && newName && l.name() == *oldName) {
      l.text = *newName + l.text.substr(l.name().size());
      out.doc = withWas(out.doc, std::move(was));
    }
  }
  return out;
}

Edited deleteObject(const Document& d, const ObjectRef& o) {
  ObjectView v(objectsOf(d));
  const std::size_t index = o.kind == ObjectKind::Movable ? movableIndex(v, o.slot) : staticIndex(v, o.slot);
  Edited out;
  out.warnings = levelUsers(d, o);
  RemovedObjects removed;
  out.doc = editObjects(d, [&](TablesEditor& e) { removed = removeObjects(e, {o}); });
  if (removed.sharedAnimationBlocks) out.warnings.push_back("its animations are also another movable's: kept");
  if (removed.danglingTargets)
    out.warnings.push_back(std::to_string(removed.danglingTargets) +
                           " references from other animations pointed into the removed animations; they now point "
                           "past the animation table (validation lists them)");
  if (long line = wasLine(d, o, index); line >= 0) {
    WasFile was = *std::get<WadDocument>(d).was;
    was.lines.erase(was.lines.begin() + line);
    if (was.lines.empty()) was.finalNewline = true;
    out.doc = withWas(out.doc, std::move(was));
  }
  return out;
}

}  // namespace wadsmith::ops
