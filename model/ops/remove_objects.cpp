#include "model/ops/remove_objects.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

#include "model/runs.h"

namespace wadsmith::ops {
namespace {

using IdSet = std::unordered_set<Id>;

// The segments of one table or package the removed owners' runs name, and those the remaining
// owners' runs name (which stay).
struct Named {
  IdSet removed, kept;
  template <class T>
  void add(const Package<T>& table, const RunRef& r, bool gone) {
    if (auto s = runSegments(table, r))
      for (auto i = s->first; i <= s->second; ++i) (gone ? removed : kept).insert(table.segments[i].id);
  }
  // What goes: segments only removed owners name; in a package, with the words no run names
  // after them (WadMerger's garbage after link records goes with the records before it).
  template <class T>
  IdSet going(const Package<T>& table, bool package = true) const {
    IdSet out;
    bool previousGoes = false;
    for (const auto& s : table.segments) {
      const bool named = removed.count(s.id) || kept.count(s.id);
      const bool goes = named ? removed.count(s.id) && !kept.count(s.id) : package && previousGoes;
      if (!s.empty()) previousGoes = goes;
      if (goes) out.insert(s.id);
    }
    return out;
  }
};

template <class T>
IdSet recordIds(const Package<T>& table, const IdSet& segments) {
  IdSet out;
  for (const auto& s : table.segments)
    if (segments.count(s.id))
      for (const auto& rec : s.items) out.insert(rec.id);
  return out;
}

struct Plan {
  std::vector<bool> movables, statics;
  IdSet pointers, meshes, animations, animationIds, stateChanges, dispatches, keyframes, commands, links;
};

// Mesh pointers and the mesh entries only they reach.
void planMeshes(const ObjectView& v, Plan& p, RemovedObjects& out) {
  const ObjectTables& t = v.tables();
  Named pointers;
  for (std::size_t m = 0; m < v.movables().size(); ++m) pointers.add(*t.meshPointers, v.movables()[m].pointers, p.movables[m]);
  for (std::size_t s = 0; s < v.statics().size(); ++s) pointers.add(*t.meshPointers, v.statics()[s].pointer, p.statics[s]);
  p.pointers = pointers.going(*t.meshPointers, false);
  IdSet keep;
  for (const auto& seg : t.meshPointers->segments)
    for (const auto& ptr : seg.items)
      if (ptr.target.isSegment()) (p.pointers.count(seg.id) ? p.meshes : keep).insert(ptr.target.segment);
  for (auto id : keep) p.meshes.erase(id);
  for (const auto& entry : *t.meshes)
    if (p.meshes.count(entry.id)) out.meshes.push_back(entry);
}

// Animations, unless a remaining movable names them too; then what they own.
void planAnimations(const ObjectView& v, Plan& p, RemovedObjects& out) {
  const ObjectTables& t = v.tables();
  Named animations;
  for (std::size_t m = 0; m < v.movables().size(); ++m)
    if (!p.movables[m]) animations.add(*t.animations, v.movables()[m].animations, false);
  for (std::size_t m = 0; m < v.movables().size(); ++m) {
    if (!p.movables[m]) continue;
    Named mine;
    mine.add(*t.animations, v.movables()[m].animations, true);
    if (std::any_of(mine.removed.begin(), mine.removed.end(), [&](Id id) { return animations.kept.count(id) > 0; })) {
      ++out.sharedAnimationBlocks;
      continue;
    }
    animations.removed.insert(mine.removed.begin(), mine.removed.end());
  }
  p.animations = animations.going(*t.animations, false);
  p.animationIds = recordIds(*t.animations, p.animations);

  Named stateChanges, keyframes, commands;
  for (const auto& a : v.animations()) {
    const bool gone = p.animationIds.count(a.id) > 0;
    stateChanges.add(*t.stateChanges, a.stateChanges, gone);
    keyframes.add(*t.keyframes, a.keyframes, gone);
    commands.add(*t.commands, a.commands, gone);
  }
  p.stateChanges = stateChanges.going(*t.stateChanges, false);
  Named dispatches;
  for (const auto& seg : t.stateChanges->segments)
    for (const auto& sc : seg.items) dispatches.add(*t.dispatches, sc.dispatches, p.stateChanges.count(seg.id) > 0);
  p.dispatches = dispatches.going(*t.dispatches, false);

  // A movable's keyframe start keeps the words it names, unless it has no animations (then it
  // only names a position).
  Named links;
  for (std::size_t m = 0; m < v.movables().size(); ++m) {
    const Movable& M = v.movables()[m];
    if (p.movables[m] || M.hasAnimations()) keyframes.add(*t.keyframes, M.keyframes, p.movables[m]);
    links.add(*t.links, M.links, p.movables[m]);
  }
  p.keyframes = keyframes.going(*t.keyframes);
  p.commands = commands.going(*t.commands);
  p.links = links.going(*t.links);
}

// Targets of what stays into removed animations go past the table, not to a neighbour.
std::size_t dropTargets(Draft& e, const Plan& p) {
  auto intoRemoved = [&](const RecordRef& r) { return r.isRecord() && p.animationIds.count(r.id) > 0; };
  std::size_t n = editRecords(e, e.animations, [&](const Animation& a) { return !p.animationIds.count(a.id) && intoRemoved(a.nextAnimation); },
                              [](Animation& a) { a.nextAnimation = RecordRef::end(); });
  const IdSet gone = recordIds(*e.dispatches, p.dispatches);
  n += editRecords(e, e.dispatches, [&](const Dispatch& x) { return !gone.count(x.id) && intoRemoved(x.nextAnimation); },
                   [](Dispatch& x) { x.nextAnimation = RecordRef::end(); });
  return n;
}

// A movable without animations whose keyframe start named removed words names the next words
// that stay (or the package's end).
void keepKeyframeStarts(Draft& e, const IdSet& removed) {
  auto named = [&](const Movable& m) { return m.keyframes.isSegments() && removed.count(m.keyframes.first) > 0; };
  if (std::none_of(e.movables->begin(), e.movables->end(), named)) return;
  std::unordered_map<Id, Id> next;  // removed segment -> the next one that stays (0: none)
  Id after = 0, end = 0;
  for (auto it = e.keyframes->segments.rbegin(); it != e.keyframes->segments.rend(); ++it)
    removed.count(it->id) ? void(next[it->id] = after) : void(after = it->id);
  for (auto& m : e.movables.edit()) {
    if (!named(m)) continue;
    Id to = next[m.keyframes.first];
    if (!to) to = end ? end : (end = e.insertSegment(e.keyframes, e.keyframes->segments.size(), std::vector<std::uint16_t>{}));
    m.keyframes = RunRef::segment(to);
  }
}

template <class T>
void erase(Cow<T>& table, const IdSet& ids) {
  if (!ids.empty()) table.edit().segments.eraseIf([&](const auto& seg) { return ids.count(seg.id) > 0; });
}

}  // namespace

RemovedObjects removeObjects(Draft& e, const std::vector<ObjectRef>& objects) {
  RemovedObjects out;
  const ObjectView v(e.tables());  // the version before the removal
  Plan p;
  p.movables.assign(v.movables().size(), false);
  p.statics.assign(v.statics().size(), false);
  for (const auto& o : objects) (o.movable() ? p.movables : p.statics)[objectIndex(v, o)] = true;
  planMeshes(v, p, out);
  planAnimations(v, p, out);
  out.danglingTargets = dropTargets(e, p);

  std::size_t m = 0, s = 0;
  if (std::count(p.movables.begin(), p.movables.end(), true)) std::erase_if(e.movables.edit(), [&](const Movable&) { return p.movables[m++]; });
  if (std::count(p.statics.begin(), p.statics.end(), true)) std::erase_if(e.statics.edit(), [&](const Static&) { return p.statics[s++]; });
  erase(e.meshPointers, p.pointers);
  erase(e.animations, p.animations);
  erase(e.stateChanges, p.stateChanges);
  erase(e.dispatches, p.dispatches);
  keepKeyframeStarts(e, p.keyframes);
  erase(e.keyframes, p.keyframes);
  erase(e.commands, p.commands);
  erase(e.links, p.links);
  if (!p.meshes.empty()) std::erase_if(e.meshes.edit(), [&](const MeshEntry& x) { return p.meshes.count(x.id) > 0; });
  return out;
}

}  // namespace wadsmith::ops
