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
  if (o.movable()) {
    for (const auto& en : *level->data->entities) uses += static_cast<std::uint16_t>(en.typeId) == o.slot;
    if (uses) out.push_back(std::to_string(uses) + " entities of the level still use slot " + std::to_string(o.slot));
  } else {
    for (const auto& room : *level->data->rooms)
      for (const auto& s : room.statics) uses += s.meshId == o.slot;
    for (const auto& room : *level->data->tr5Rooms)
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
  return o.movable() ? names.movableLines[index] : names.staticLines[index];
}

}  // namespace

Edited setSlot(const Document& d, const ObjectRef& o, std::uint32_t newSlot) {
  ObjectView v(objectsOf(d));
  const std::size_t index = objectIndex(v, o);
  if (newSlot == o.slot) return {d, {}};
  bool taken = o.movable() ? v.findMovable(newSlot).has_value() : v.findStatic(newSlot).has_value();
  if (taken) throw EditError("slot " + std::to_string(newSlot) + " is already used by another " +
                             (o.movable() ? "movable" : "static"));
  Edited out;
  out.warnings = levelUsers(d, o);
  out.doc = editDocument(d, [&](Draft& e) {
    (o.movable() ? e.movables.edit()[index].objectId : e.statics.edit()[index].objectId) = newSlot;
    // A WAS line carrying the old slot's standard name takes the new slot's.
    const long line = wasLine(d, o, index);
    if (line < 0) return;
    auto oldName = o.movable() ? catalog::movableName(o.slot) : catalog::staticName(o.slot);
    auto newName = o.movable() ? catalog::movableName(newSlot) : catalog::staticName(newSlot);
    const auto& l = e.was->lines[static_cast<std::size_t>(line)];
    if (oldName && newName && l.name() == *oldName) {
      auto& edit = e.was.edit().lines[static_cast<std::size_t>(line)];
      edit.text = *newName + edit.text.substr(edit.name().size());
    }
  });
  return out;
}

Edited deleteObject(const Document& d, const ObjectRef& o) {
  ObjectView v(objectsOf(d));
  const std::size_t index = objectIndex(v, o);
  Edited out;
  out.warnings = levelUsers(d, o);
  out.doc = editDocument(d, [&](Draft& e) {
    auto removed = removeObjects(e, {o});
    if (removed.sharedAnimationBlocks) out.warnings.push_back("its animations are also another movable's: kept");
    if (removed.danglingTargets)
      out.warnings.push_back(std::to_string(removed.danglingTargets) +
                             " references from other animations pointed into the removed animations; they now point "
                             "past the animation table (validation lists them)");
    if (const long line = wasLine(d, o, index); line >= 0) {
      auto& was = e.was.edit();
      was.lines.erase(was.lines.begin() + line);
      if (was.lines.empty()) was.finalNewline = true;
    }
  });
  return out;
}

}  // namespace wadsmith::ops
