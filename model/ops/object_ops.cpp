#include "model/ops/object_ops.h"

#include "model/catalog.h"
#include "model/names.h"
#include "model/ops/table_edit.h"

namespace wadsmith::ops {
namespace {

// Table index ranges [first, first + count) referenced by a ref.
template <class T>
std::pair<std::size_t, std::size_t> span(const std::vector<T>& table, const ObjectView& v, const RecordRef& ref,
                                         std::size_t count) {
  auto first = v.indexOf(ref);
  if (!first) return {0, 0};
  return {*first, std::min(*first + count, table.size())};
}

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
  const ObjectTables& t = v.tables();
  const std::size_t index = o.kind == ObjectKind::Movable ? movableIndex(v, o.slot) : staticIndex(v, o.slot);
  Edited out;
  out.warnings = levelUsers(d, o);

  // Mesh pointers this object uses, minus those another object's range also covers.
  std::pair<std::size_t, std::size_t> mine =
      o.kind == ObjectKind::Movable ? span(*t.meshPointers, v, (*t.movables)[index].pointers, (*t.movables)[index].numPointers)
                                    : span(*t.meshPointers, v, (*t.statics)[index].pointer, 1);
  std::vector<bool> keepPointer(t.meshPointers->size(), false);
  for (std::size_t m = 0; m < t.movables->size(); ++m) {
    if (o.kind == ObjectKind::Movable && m == index) continue;
    auto r = span(*t.meshPointers, v, (*t.movables)[m].pointers, (*t.movables)[m].numPointers);
    for (std::size_t i = r.first; i < r.second; ++i) keepPointer[i] = true;
  }
  for (std::size_t s = 0; s < t.statics->size(); ++s) {
    if (o.kind == ObjectKind::Static && s == index) continue;
    auto r = span(*t.meshPointers, v, (*t.statics)[s].pointer, 1);
    for (std::size_t i = r.first; i < r.second; ++i) keepPointer[i] = true;
  }
  std::unordered_set<Id> pointers;
  for (std::size_t i = mine.first; i < mine.second; ++i)
    if (!keepPointer[i]) pointers.insert((*t.meshPointers)[i].id);
  // Mesh entries no surviving pointer lands on.
  std::unordered_set<Id> candidates, meshes;
  for (std::size_t i = mine.first; i < mine.second; ++i)
    if (const auto& target = (*t.meshPointers)[i].target; target.isSegment()) candidates.insert(target.segment);
  for (const auto& p : *t.meshPointers)
    if (!pointers.count(p.id) && p.target.isSegment()) candidates.erase(p.target.segment);
  meshes = candidates;

  std::unordered_set<Id> anims, stateChanges, dispatches, keyframeSegs, commandSegs, linkSegs;
  if (o.kind == ObjectKind::Movable) {
    auto [a0, a1] = v.animationRange(index);
    bool sharedBlock = false;
    for (std::size_t m = 0; m < t.movables->size(); ++m)
      if (auto first = v.indexOf((*t.movables)[m].animations); m != index && first && *first >= a0 && *first < a1)
        sharedBlock = true;
    if (sharedBlock) {
      out.warnings.push_back("its animations are also another movable's: kept");
    } else {
      for (std::size_t a = a0; a < a1; ++a) anims.insert((*t.animations)[a].id);
    }
    // References from surviving records into the removed animations move to the next one.
    std::size_t external = 0;
    for (std::size_t a = 0; a < t.animations->size(); ++a) {
      if (anims.count((*t.animations)[a].id)) continue;
      if (auto n = v.indexOf((*t.animations)[a].nextAnimation); n && anims.count((*t.animations)[*n].id)) ++external;
    }
    for (const auto& dp : *t.dispatches)
      if (auto n = v.indexOf(dp.nextAnimation); n && anims.count((*t.animations)[*n].id)) ++external;
    // Dispatches of removed animations themselves are removed below; count only others.
    std::vector<bool> ownedSc(t.stateChanges->size(), false), ownedD(t.dispatches->size(), false);
    std::vector<bool> keptSc(t.stateChanges->size(), false), keptD(t.dispatches->size(), false);
    for (std::size_t a = 0; a < t.animations->size(); ++a) {
      bool removed = anims.count((*t.animations)[a].id) > 0;
      auto [s0, s1] = v.stateChangeRange(a);
      for (std::size_t s = s0; s < s1; ++s) (removed ? ownedSc : keptSc)[s] = true;
    }
    for (std::size_t s = 0; s < t.stateChanges->size(); ++s) {
      auto [d0, d1] = v.dispatchRange(s);
      for (std::size_t x = d0; x < d1; ++x) ((ownedSc[s] && !keptSc[s]) ? ownedD : keptD)[x] = true;
    }
    for (std::size_t s = 0; s < ownedSc.size(); ++s)
      if (ownedSc[s] && !keptSc[s]) stateChanges.insert((*t.stateChanges)[s].id);
    for (std::size_t x = 0; x < ownedD.size(); ++x) {
      if (ownedD[x] && !keptD[x]) {
        dispatches.insert((*t.dispatches)[x].id);
        if (auto n = v.indexOf((*t.dispatches)[x].nextAnimation); n && anims.count((*t.animations)[*n].id)) --external;
      }
    }
    if (external)
      out.warnings.push_back(std::to_string(external) +
                             " references from other animations pointed into the removed animations; they now point "
                             "to the animation that follows");
    // Package segments only removed records used.
    std::unordered_set<Id> keptKeyframes, keptCommands, keptLinks;
    for (const auto& a : *t.animations) {
      bool removed = anims.count(a.id) > 0;
      if (a.keyframes.isSegment()) (removed ? keyframeSegs : keptKeyframes).insert(a.keyframes.segment);
      if (a.commands.isSegment() && a.numCommands) (removed ? commandSegs : keptCommands).insert(a.commands.segment);
    }
    for (std::size_t m = 0; m < t.movables->size(); ++m) {
      const Movable& other = (*t.movables)[m];
      if (m == index) {
        if (other.links.isSegment() && other.numPointers > 1) linkSegs.insert(other.links.segment);
        continue;
      }
      if (other.links.isSegment()) keptLinks.insert(other.links.segment);
      if (other.keyframes.isSegment()) keptKeyframes.insert(other.keyframes.segment);
    }
    for (Id id : keptKeyframes) keyframeSegs.erase(id);
    for (Id id : keptCommands) commandSegs.erase(id);
    for (Id id : keptLinks) linkSegs.erase(id);
  }

  out.doc = editObjects(d, [&](TablesEditor& e) {
    Replacements r;
    auto merge = [&](Replacements x) { r.insert(x.begin(), x.end()); };
    if (o.kind == ObjectKind::Movable) {
      Id id = (*e.tables().movables)[index].id;
      merge(removeRecords(e.movables(), {id}));
    } else {
      Id id = (*e.tables().statics)[index].id;
      merge(removeRecords(e.statics(), {id}));
    }
    if (!pointers.empty()) merge(removeRecords(e.meshPointers(), pointers));
    if (!anims.empty()) merge(removeRecords(e.animations(), anims));
    if (!stateChanges.empty()) merge(removeRecords(e.stateChanges(), stateChanges));
    if (!dispatches.empty()) merge(removeRecords(e.dispatches(), dispatches));
    replaceReferences(e, r);
    SegmentReplacements sr;
    auto mergeSeg = [&](SegmentReplacements x) { sr.insert(x.begin(), x.end()); };
    if (!meshes.empty()) mergeSeg(removeSegments(e.meshes(), meshes));
    if (!keyframeSegs.empty()) mergeSeg(removeSegments(e.keyframes().segments, keyframeSegs));
    if (!commandSegs.empty()) mergeSeg(removeSegments(e.commands().segments, commandSegs));
    if (!linkSegs.empty()) mergeSeg(removeSegments(e.links().segments, linkSegs));
    replacePackageReferences(e, sr);
  });
  if (long line = wasLine(d, o, index); line >= 0) {
    WasFile was = *std::get<WadDocument>(d).was;
    was.lines.erase(was.lines.begin() + line);
    if (was.lines.empty()) was.finalNewline = true;
    out.doc = withWas(out.doc, std::move(was));
  }
  return out;
}

}  // namespace wadsmith::ops
