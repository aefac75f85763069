#include "model/ops/remove_objects.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "model/runs.h"

namespace wadsmith::ops {
namespace {

using IdSet = std::unordered_set<Id>;

void subtract(IdSet& from, const IdSet& keep) {
  for (auto id : keep) from.erase(id);
}

// The segments of a run.
template <class T>
void runIds(const Package<T>& table, const RunRef& r, IdSet& out) {
  if (auto s = runSegments(table, r))
    for (auto i = s->first; i <= s->second; ++i) out.insert(table.segments[i].id);
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

// Where references into removed package segments (or mesh entries) go: the next surviving
// segment's start, or the package end. Only references that name a position (an empty list,
// a movable without animations) can point there.
template <class Seg>
std::unordered_map<Id, PackageRef> removeSegments(std::vector<Seg>& segments, const IdSet& remove) {
  std::unordered_map<Id, PackageRef> r;
  PackageRef next = PackageRef::end();
  for (std::size_t i = segments.size(); i-- > 0;) {
    if (remove.count(segments[i].id))
      r[segments[i].id] = next;
    else
      next = PackageRef::at(segments[i].id, 0);
  }
  std::erase_if(segments, [&](const Seg& s) { return remove.count(s.id) > 0; });
  return r;
}

void replacePackageReferences(Draft& e, const std::unordered_map<Id, PackageRef>& r) {
  if (r.empty()) return;
  auto touches = [&](const PackageRef& p) { return p.isSegment() && r.count(p.segment); };
  auto fix = [&](PackageRef& p) {
    if (touches(p)) p = r.at(p.segment);
  };
  editRecords(e, e.animations, [&](const Animation& a) { return touches(a.keyframes) || touches(a.commands); },
              [&](Animation& a) { fix(a.keyframes), fix(a.commands); });
  editRecords(e, e.meshPointers, [&](const MeshPointer& p) { return touches(p.target); },
              [&](MeshPointer& p) { fix(p.target); });
  if (std::any_of(e.movables->begin(), e.movables->end(), [&](const Movable& m) { return touches(m.links) || touches(m.keyframes); }))
    for (auto& m : e.movables.edit()) fix(m.links), fix(m.keyframes);
}

}  // namespace

RemovedObjects removeObjects(Draft& e, const std::vector<ObjectRef>& objects) {
  RemovedObjects out;
  const ObjectTables t = e.tables();  // the version before the removal
  const ObjectView v(t);
  const auto& movables = v.movables();
  const auto& statics = v.statics();
  std::vector<bool> rmMovable(movables.size(), false), rmStatic(statics.size(), false);
  for (const auto& o : objects) (o.movable() ? rmMovable : rmStatic)[objectIndex(v, o)] = true;

  // Mesh pointers and the mesh entries only they reach.
  IdSet rmPointerSeg, keepPointerSeg, rmMesh, keepMesh;
  for (std::size_t m = 0; m < movables.size(); ++m)
    runIds(*t.meshPointers, movables[m].pointers, rmMovable[m] ? rmPointerSeg : keepPointerSeg);
  for (std::size_t s = 0; s < statics.size(); ++s)
    runIds(*t.meshPointers, statics[s].pointer, rmStatic[s] ? rmPointerSeg : keepPointerSeg);
  subtract(rmPointerSeg, keepPointerSeg);
  for (const auto& seg : t.meshPointers->segments)
    for (const auto& p : *seg.items)
      if (p.target.isSegment()) (rmPointerSeg.count(seg.id) ? rmMesh : keepMesh).insert(p.target.segment);
  subtract(rmMesh, keepMesh);
  for (const auto& entry : *t.meshes)
    if (rmMesh.count(entry.id)) out.meshes.push_back(entry);

  // Animations, unless a remaining movable names them too.
  IdSet rmAnimSeg, keepAnimSeg;
  for (std::size_t m = 0; m < movables.size(); ++m)
    if (!rmMovable[m]) runIds(*t.animations, movables[m].animations, keepAnimSeg);
  for (std::size_t m = 0; m < movables.size(); ++m) {
    if (!rmMovable[m]) continue;
    IdSet mine;
    runIds(*t.animations, movables[m].animations, mine);
    if (std::any_of(mine.begin(), mine.end(), [&](Id id) { return keepAnimSeg.count(id) > 0; })) {
      ++out.sharedAnimationBlocks;
      continue;
    }
    rmAnimSeg.insert(mine.begin(), mine.end());
  }
  IdSet rmAnim;
  for (const auto& seg : t.animations->segments)
    if (rmAnimSeg.count(seg.id))
      for (const auto& a : *seg.items) rmAnim.insert(a.id);

  // What the animations own; a segment a remaining record also names stays.
  IdSet rmScSeg, keepScSeg, rmDispSeg, keepDispSeg, rmKf, keepKf, rmCmd, keepCmd, rmLink, keepLink;
  const auto cmdStarts = t.commands->starts(), linkStarts = t.links->starts();
  for (std::size_t a = 0; a < v.animations().size(); ++a) {
    const Animation& A = v.animations()[a];
    const bool gone = rmAnim.count(A.id) > 0;
    runIds(*t.stateChanges, A.stateChanges, gone ? rmScSeg : keepScSeg);
    if (A.keyframes.isSegment()) (gone ? rmKf : keepKf).insert(A.keyframes.segment);
    if (A.numCommands > 0)
      if (auto o = v.commandWord(A.commands)) {
        auto list = v.commands(a);
        touch(*t.commands, cmdStarts, *o, list.complete ? static_cast<std::uint32_t>(list.wordsUsed) : 1, gone ? rmCmd : keepCmd);
      }
  }
  subtract(rmScSeg, keepScSeg);
  for (const auto& seg : t.stateChanges->segments)
    for (const auto& sc : *seg.items) runIds(*t.dispatches, sc.dispatches, rmScSeg.count(seg.id) ? rmDispSeg : keepDispSeg);
  subtract(rmDispSeg, keepDispSeg);
  for (std::size_t m = 0; m < movables.size(); ++m) {
    const Movable& M = movables[m];
    // A movable without animations only names a position: it does not keep keyframes alive.
    if (M.keyframes.isSegment() && (rmMovable[m] || M.hasAnimations())) (rmMovable[m] ? rmKf : keepKf).insert(M.keyframes.segment);
    const auto meshes = static_cast<std::uint32_t>(v.meshCount(m));
    if (meshes > 1)
      if (auto o = v.linkDword(M.links)) touch(*t.links, linkStarts, *o, 4u * (meshes - 1u), rmMovable[m] ? rmLink : keepLink);
  }
  subtract(rmKf, keepKf);
  subtract(rmCmd, keepCmd);
  subtract(rmLink, keepLink);

  // Targets of what stays into removed animations go past the table, not to a neighbour.
  auto intoRemoved = [&](const RecordRef& r) { return r.isRecord() && rmAnim.count(r.id) > 0; };
  out.danglingTargets += editRecords(e, e.animations, [&](const Animation& a) { return !rmAnim.count(a.id) && intoRemoved(a.nextAnimation); },
                                     [](Animation& a) { a.nextAnimation = RecordRef::end(); });
  IdSet rmDispatch;
  for (const auto& seg : t.dispatches->segments)
    if (rmDispSeg.count(seg.id))
      for (const auto& x : *seg.items) rmDispatch.insert(x.id);
  out.danglingTargets += editRecords(e, e.dispatches, [&](const Dispatch& x) { return !rmDispatch.count(x.id) && intoRemoved(x.nextAnimation); },
                                     [](Dispatch& x) { x.nextAnimation = RecordRef::end(); });

  // Remove.
  std::size_t m = 0, s = 0;
  if (std::count(rmMovable.begin(), rmMovable.end(), true))
    std::erase_if(e.movables.edit(), [&](const Movable&) { return rmMovable[m++]; });
  if (std::count(rmStatic.begin(), rmStatic.end(), true))
    std::erase_if(e.statics.edit(), [&](const Static&) { return rmStatic[s++]; });
  auto erase = [](auto& table, const IdSet& ids) {
    if (!ids.empty()) std::erase_if(table.edit().segments, [&](const auto& seg) { return ids.count(seg.id) > 0; });
  };
  erase(e.meshPointers, rmPointerSeg);
  erase(e.animations, rmAnimSeg);
  erase(e.stateChanges, rmScSeg);
  erase(e.dispatches, rmDispSeg);
  std::unordered_map<Id, PackageRef> moved;
  auto segments = [&](auto&& list, const IdSet& ids) {
    if (ids.empty()) return;
    auto x = removeSegments(list(), ids);
    moved.insert(x.begin(), x.end());
  };
  segments([&]() -> auto& { return e.meshes.edit(); }, rmMesh);
  segments([&]() -> auto& { return e.keyframes.edit().segments; }, rmKf);
  segments([&]() -> auto& { return e.commands.edit().segments; }, rmCmd);
  segments([&]() -> auto& { return e.links.edit().segments; }, rmLink);
  replacePackageReferences(e, moved);
  return out;
}

}  // namespace wadsmith::ops
