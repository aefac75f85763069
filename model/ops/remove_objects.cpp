#include "model/ops/remove_objects.h"

#include <algorithm>
#include <unordered_set>

#include "model/ops/table_edit.h"

namespace wadsmith::ops {
namespace {

using IdSet = std::unordered_set<Id>;

void subtract(IdSet& from, const IdSet& keep) {
  for (auto id : keep) from.erase(id);
}

// Segments an element range [from, from + count) touches (at least the one holding `from`).
template <class T>
void touch(const Package<T>& p, const std::vector<std::uint32_t>& starts, std::uint32_t from, std::uint32_t count,
           IdSet& out) {
  if (starts.size() < 2) return;
  auto it = std::upper_bound(starts.begin(), starts.end() - 1, from);
  std::size_t i = it == starts.begin() ? 0 : static_cast<std::size_t>(it - starts.begin()) - 1;
  for (; i < p.segments.size(); ++i) {
    if (starts[i] >= from + std::max<std::uint32_t>(count, 1)) break;
    out.insert(p.segments[i].id);
  }
}

}  // namespace

RemovedObjects removeObjects(TablesEditor& e, const std::vector<ObjectRef>& objects) {
  RemovedObjects out;
  const ObjectTables t = e.tables();  // the version before the removal (shared parts)
  const ObjectView v(t);
  const auto& movables = *t.movables;
  const auto& statics = *t.statics;
  std::vector<bool> rmMovable(movables.size(), false), rmStatic(statics.size(), false);
  for (const auto& o : objects)
    (o.kind == ObjectKind::Movable ? rmMovable : rmStatic)[o.kind == ObjectKind::Movable ? movableIndex(v, o.slot)
                                                                                          : staticIndex(v, o.slot)] = true;

  // Mesh pointers and meshes.
  IdSet rmPointer, keepPointer, rmMesh, keepMesh;
  for (std::size_t m = 0; m < movables.size(); ++m)
    for (const auto& slot : v.movableMeshes(m)) (rmMovable[m] ? rmPointer : keepPointer).insert((*t.meshPointers)[slot.pointerIndex].id);
  for (std::size_t s = 0; s < statics.size(); ++s)
    if (auto p = v.indexOf(statics[s].pointer)) (rmStatic[s] ? rmPointer : keepPointer).insert((*t.meshPointers)[*p].id);
  subtract(rmPointer, keepPointer);
  for (const auto& p : *t.meshPointers)
    if (p.target.isSegment()) (rmPointer.count(p.id) ? rmMesh : keepMesh).insert(p.target.segment);
  subtract(rmMesh, keepMesh);
  for (const auto& entry : *t.meshes)
    if (rmMesh.count(entry.id)) out.meshes.push_back(entry);

  // Animations, unless a remaining movable's block starts inside them.
  IdSet rmAnim;
  for (std::size_t m = 0; m < movables.size(); ++m) {
    if (!rmMovable[m]) continue;
    auto [a0, a1] = v.animationRange(m);
    bool shared = false;
    for (std::size_t other = 0; other < movables.size(); ++other)
      if (auto first = v.indexOf(movables[other].animations); !rmMovable[other] && first && *first >= a0 && *first < a1)
        shared = true;
    if (shared) {
      ++out.sharedAnimationBlocks;
      continue;
    }
    for (auto a = a0; a < a1; ++a) rmAnim.insert((*t.animations)[a].id);
  }
  // What the animations own; a record or segment a remaining animation also uses stays.
  IdSet rmSc, keepSc, rmDisp, keepDisp, rmKf, keepKf, rmCmd, keepCmd, rmLink, keepLink;
  const auto cmdStarts = t.commands->starts(), linkStarts = t.links->starts();
  for (std::size_t a = 0; a < t.animations->size(); ++a) {
    const Animation& A = (*t.animations)[a];
    const bool gone = rmAnim.count(A.id) > 0;
    auto [s0, s1] = v.stateChangeRange(a);
    for (auto s = s0; s < s1; ++s) (gone ? rmSc : keepSc).insert((*t.stateChanges)[s].id);
    if (A.keyframes.isSegment()) (gone ? rmKf : keepKf).insert(A.keyframes.segment);
    if (A.numCommands > 0)
      if (auto o = v.commandWord(A.commands)) {
        auto list = v.commands(a);
        touch(*t.commands, cmdStarts, *o, list.complete ? static_cast<std::uint32_t>(list.wordsUsed) : 1, gone ? rmCmd : keepCmd);
      }
  }
  subtract(rmSc, keepSc);
  for (std::size_t s = 0; s < t.stateChanges->size(); ++s) {
    const bool gone = rmSc.count((*t.stateChanges)[s].id) > 0;
    auto [d0, d1] = v.dispatchRange(s);
    for (auto x = d0; x < d1; ++x) (gone ? rmDisp : keepDisp).insert((*t.dispatches)[x].id);
  }
  subtract(rmDisp, keepDisp);
  for (std::size_t m = 0; m < movables.size(); ++m) {
    const Movable& M = movables[m];
    // A movable without animations only names a position: it does not keep keyframes alive.
    if (M.keyframes.isSegment() && (rmMovable[m] || M.hasAnimations())) (rmMovable[m] ? rmKf : keepKf).insert(M.keyframes.segment);
    if (M.numPointers > 1)
      if (auto o = v.linkDword(M.links)) touch(*t.links, linkStarts, *o, 4u * (M.numPointers - 1u), rmMovable[m] ? rmLink : keepLink);
  }
  subtract(rmKf, keepKf);
  subtract(rmCmd, keepCmd);
  subtract(rmLink, keepLink);

  // Targets of what stays into removed animations go past the table, not to a neighbour.
  auto intoRemoved = [&](const RecordRef& r) { return r.isRecord() && rmAnim.count(r.id) > 0; };
  if (std::any_of(t.animations->begin(), t.animations->end(),
                  [&](const Animation& a) { return !rmAnim.count(a.id) && intoRemoved(a.nextAnimation); }))
    for (auto& a : e.animations())
      if (!rmAnim.count(a.id) && intoRemoved(a.nextAnimation)) a.nextAnimation = RecordRef::end(), ++out.danglingTargets;
  if (std::any_of(t.dispatches->begin(), t.dispatches->end(),
                  [&](const Dispatch& d) { return !rmDisp.count(d.id) && intoRemoved(d.nextAnimation); }))
    for (auto& d : e.dispatches())
      if (!rmDisp.count(d.id) && intoRemoved(d.nextAnimation)) d.nextAnimation = RecordRef::end(), ++out.danglingTargets;

  // Remove; references to removed records name the position they stood at (the next survivor).
  IdSet rmMovableIds, rmStaticIds;
  for (std::size_t m = 0; m < movables.size(); ++m)
    if (rmMovable[m]) rmMovableIds.insert(movables[m].id);
  for (std::size_t s = 0; s < statics.size(); ++s)
    if (rmStatic[s]) rmStaticIds.insert(statics[s].id);
  Replacements r;
  auto records = [&](auto&& table, const IdSet& ids) {
    if (ids.empty()) return;
    auto x = removeRecords(table(), ids);
    r.insert(x.begin(), x.end());
  };
  records([&]() -> auto& { return e.movables(); }, rmMovableIds);
  records([&]() -> auto& { return e.statics(); }, rmStaticIds);
  records([&]() -> auto& { return e.meshPointers(); }, rmPointer);
  records([&]() -> auto& { return e.animations(); }, rmAnim);
  records([&]() -> auto& { return e.stateChanges(); }, rmSc);
  records([&]() -> auto& { return e.dispatches(); }, rmDisp);
  replaceReferences(e, r);
  SegmentReplacements sr;
  auto segments = [&](auto&& list, const IdSet& ids) {
    if (ids.empty()) return;
    auto x = removeSegments(list(), ids);
    sr.insert(x.begin(), x.end());
  };
  segments([&]() -> auto& { return e.meshes(); }, rmMesh);
  segments([&]() -> auto& { return e.keyframes().segments; }, rmKf);
  segments([&]() -> auto& { return e.commands().segments; }, rmCmd);
  segments([&]() -> auto& { return e.links().segments; }, rmLink);
  replacePackageReferences(e, sr);
  return out;
}

}  // namespace wadsmith::ops
