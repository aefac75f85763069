#include "model/ops/animation_ops.h"

#include <limits>

#include "model/ops/table_edit.h"

namespace wadsmith::ops {
namespace {

std::int16_t fit16(long v, const std::string& what) {
  if (v < std::numeric_limits<std::int16_t>::min() || v > std::numeric_limits<std::int16_t>::max())
    throw EditError(what + " " + std::to_string(v) + " does not fit the file's 16-bit field");
  return static_cast<std::int16_t>(v);
}

// What an edit addresses, resolved once against the current tables.
struct AnimTarget {
  std::size_t anim;         // global index
  std::size_t first, end;   // the movable's animation range
};

AnimTarget resolve(const ObjectView& v, std::uint32_t slot, std::size_t animation) {
  auto [first, end] = v.animationRange(movableIndex(v, slot));
  return {animationOf(v, slot, animation), first, end};
}

Dispatch makeDispatch(const ObjectView& v, const AnimTarget& t, const DispatchSpec& s) {
  const auto& anims = *v.tables().animations;
  if (t.first + s.nextAnimation >= t.end)
    throw EditError("next_animation " + std::to_string(s.nextAnimation) + " is not an animation of the movable (it has " +
                    std::to_string(t.end - t.first) + ")");
  const Animation& self = anims[t.anim];
  const Animation& target = anims[t.first + s.nextAnimation];
  Dispatch d;
  d.inFrame = fit16(long(self.frameStart) + s.in, "in frame");
  d.outFrame = fit16(long(self.frameStart) + s.out, "out frame");
  d.nextAnimation = RecordRef::record(target.id);
  d.nextFrame = fit16(long(target.frameStart) + s.nextFrame, "next frame");
  return d;
}

// [first, first + count) of a record's range, or an empty range at its insertion point.
template <class T>
std::pair<std::size_t, std::size_t> rangeOf(const std::vector<T>& table, const RecordRef& ref, std::size_t count) {
  std::size_t first = std::min(insertionPoint(table, ref), table.size());
  return {first, std::min(first + count, table.size())};
}

bool overlaps(std::pair<std::size_t, std::size_t> a, std::pair<std::size_t, std::size_t> b) {
  return a.first < b.second && b.first < a.second;
}

// Gives the animation a state-change block no other animation shares, copying it to the end
// of the table when it is shared (copy on write). Returns its range.
std::pair<std::size_t, std::size_t> ownStateChanges(TablesEditor& e, std::size_t anim) {
  const auto& anims = *e.tables().animations;
  const auto& scs = *e.tables().stateChanges;
  auto mine = rangeOf(scs, anims[anim].stateChanges, anims[anim].numStateChanges);
  bool shared = false;
  for (std::size_t i = 0; i < anims.size() && mine.second > mine.first; ++i)
    if (i != anim && anims[i].numStateChanges && overlaps(mine, rangeOf(scs, anims[i].stateChanges, anims[i].numStateChanges)))
      shared = true;
  if (!shared) return mine;
  auto& table = e.stateChanges();
  std::size_t at = table.size();
  for (std::size_t i = mine.first; i < mine.second; ++i) {
    StateChange copy = table[i];
    copy.id = e.newId();
    table.push_back(copy);
  }
  e.animations()[anim].stateChanges = RecordRef::record(table[at].id);
  return {at, table.size()};
}

// Same for a state change's dispatches.
std::pair<std::size_t, std::size_t> ownDispatches(TablesEditor& e, std::size_t sc) {
  const auto& scs = *e.tables().stateChanges;
  const auto& ds = *e.tables().dispatches;
  auto mine = rangeOf(ds, scs[sc].dispatches, scs[sc].numDispatches);
  bool shared = false;
  for (std::size_t i = 0; i < scs.size() && mine.second > mine.first; ++i)
    if (i != sc && scs[i].numDispatches && overlaps(mine, rangeOf(ds, scs[i].dispatches, scs[i].numDispatches)))
      shared = true;
  if (!shared) return mine;
  auto& table = e.dispatches();
  std::size_t at = table.size();
  for (std::size_t i = mine.first; i < mine.second; ++i) {
    Dispatch copy = table[i];
    copy.id = e.newId();
    table.push_back(copy);
  }
  e.stateChanges()[sc].dispatches = RecordRef::record(table[at].id);
  return {at, table.size()};
}

std::size_t stateChangeAt(TablesEditor& e, std::size_t anim, std::size_t k) {
  auto range = ownStateChanges(e, anim);
  if (range.first + k >= range.second)
    throw EditError("animation has " + std::to_string(range.second - range.first) + " state changes, no state change " +
                    std::to_string(k));
  return range.first + k;
}

// Inserts dispatches for a new state change where the file keeps them: before the dispatches
// of the next state change in table order, else at the end.
RecordRef insertDispatchesFor(TablesEditor& e, std::size_t scPosition, const std::vector<Dispatch>& dispatches) {
  const auto& scs = *e.tables().stateChanges;
  const auto& ds = *e.tables().dispatches;
  std::size_t at = ds.size();
  for (std::size_t i = scPosition; i < scs.size(); ++i)
    if (scs[i].dispatches.isRecord()) {
      at = positionOf(ds, scs[i].dispatches.id);
      break;
    }
  if (dispatches.empty()) return at < ds.size() ? RecordRef::record(ds[at].id) : RecordRef::end();
  auto& table = e.dispatches();
  std::vector<Dispatch> fresh = dispatches;
  for (auto& d : fresh) d.id = e.newId();
  table.insert(table.begin() + static_cast<long>(at), fresh.begin(), fresh.end());
  return RecordRef::record(fresh.front().id);
}

}  // namespace

Edited addStateChange(const Document& d, std::uint32_t slot, std::size_t animation, std::uint16_t state,
                      const std::vector<DispatchSpec>& specs) {
  ObjectView v(objectsOf(d));
  auto t = resolve(v, slot, animation);
  std::vector<Dispatch> dispatches;
  for (const auto& s : specs) dispatches.push_back(makeDispatch(v, t, s));
  if ((*v.tables().animations)[t.anim].numStateChanges == 0xFFFF) throw EditError("too many state changes");
  return {editObjects(d,
                      [&](TablesEditor& e) {
                        auto range = ownStateChanges(e, t.anim);
                        const Animation& a = (*e.tables().animations)[t.anim];
                        std::size_t at = a.numStateChanges ? range.second : range.first;
                        StateChange sc;
                        sc.id = e.newId();
                        sc.stateId = state;
                        sc.numDispatches = static_cast<std::uint16_t>(dispatches.size());
                        sc.dispatches = insertDispatchesFor(e, at, dispatches);
                        auto& table = e.stateChanges();
                        table.insert(table.begin() + static_cast<long>(at), sc);
                        Animation& anim = e.animations()[t.anim];
                        if (anim.numStateChanges == 0) anim.stateChanges = RecordRef::record(sc.id);
                        ++anim.numStateChanges;
                      }),
          {}};
}

Edited removeStateChange(const Document& d, std::uint32_t slot, std::size_t animation, std::size_t k) {
  ObjectView v(objectsOf(d));
  auto t = resolve(v, slot, animation);
  return {editObjects(d,
                      [&](TablesEditor& e) {
                        std::size_t at = stateChangeAt(e, t.anim, k);
                        const auto& scs = *e.tables().stateChanges;
                        const auto& ds = *e.tables().dispatches;
                        // Its dispatches go too, unless another state change's range uses them.
                        auto mine = rangeOf(ds, scs[at].dispatches, scs[at].numDispatches);
                        bool shared = false;
                        for (std::size_t i = 0; i < scs.size(); ++i)
                          if (i != at && scs[i].numDispatches &&
                              overlaps(mine, rangeOf(ds, scs[i].dispatches, scs[i].numDispatches)))
                            shared = true;
                        std::unordered_set<Id> dispatchIds;
                        if (!shared)
                          for (std::size_t i = mine.first; i < mine.second; ++i) dispatchIds.insert(ds[i].id);
                        Id scId = scs[at].id;
                        --e.animations()[t.anim].numStateChanges;
                        auto r = removeRecords(e.stateChanges(), {scId});
                        auto rd = removeRecords(e.dispatches(), dispatchIds);
                        r.insert(rd.begin(), rd.end());
                        replaceReferences(e, r);
                      }),
          {}};
}

Edited setStateChange(const Document& d, std::uint32_t slot, std::size_t animation, std::size_t k, std::uint16_t state) {
  ObjectView v(objectsOf(d));
  auto t = resolve(v, slot, animation);
  return {editObjects(d,
                      [&](TablesEditor& e) {
                        std::size_t at = stateChangeAt(e, t.anim, k);
                        e.stateChanges()[at].stateId = state;
                      }),
          {}};
}

Edited addDispatch(const Document& d, std::uint32_t slot, std::size_t animation, std::size_t k, const DispatchSpec& spec) {
  ObjectView v(objectsOf(d));
  auto t = resolve(v, slot, animation);
  Dispatch fresh = makeDispatch(v, t, spec);
  return {editObjects(d,
                      [&](TablesEditor& e) {
                        std::size_t sc = stateChangeAt(e, t.anim, k);
                        auto range = ownDispatches(e, sc);
                        const StateChange& s = (*e.tables().stateChanges)[sc];
                        if (s.numDispatches == 0xFFFF) throw EditError("too many dispatches");
                        std::size_t at = s.numDispatches ? range.second : range.first;
                        fresh.id = e.newId();
                        auto& table = e.dispatches();
                        table.insert(table.begin() + static_cast<long>(at), fresh);
                        StateChange& owner = e.stateChanges()[sc];
                        if (owner.numDispatches == 0) owner.dispatches = RecordRef::record(fresh.id);
                        ++owner.numDispatches;
                      }),
          {}};
}

Edited removeDispatch(const Document& d, std::uint32_t slot, std::size_t animation, std::size_t k, std::size_t which) {
  ObjectView v(objectsOf(d));
  auto t = resolve(v, slot, animation);
  return {editObjects(d,
                      [&](TablesEditor& e) {
                        std::size_t sc = stateChangeAt(e, t.anim, k);
                        auto range = ownDispatches(e, sc);
                        if (range.first + which >= range.second)
                          throw EditError("state change has " + std::to_string(range.second - range.first) +
                                          " dispatches, no dispatch " + std::to_string(which));
                        Id id = (*e.tables().dispatches)[range.first + which].id;
                        --e.stateChanges()[sc].numDispatches;
                        replaceReferences(e, removeRecords(e.dispatches(), {id}));
                      }),
          {}};
}

Edited setDispatch(const Document& d, std::uint32_t slot, std::size_t animation, std::size_t k, std::size_t which,
                   const DispatchChange& c) {
  ObjectView v(objectsOf(d));
  auto t = resolve(v, slot, animation);
  const auto& anims = *v.tables().animations;
  return {editObjects(d,
                      [&](TablesEditor& e) {
                        std::size_t sc = stateChangeAt(e, t.anim, k);
                        auto range = ownDispatches(e, sc);
                        if (range.first + which >= range.second)
                          throw EditError("state change has " + std::to_string(range.second - range.first) +
                                          " dispatches, no dispatch " + std::to_string(which));
                        Dispatch& dp = e.dispatches()[range.first + which];
                        const Animation& self = anims[t.anim];
                        if (c.in) dp.inFrame = fit16(long(self.frameStart) + *c.in, "in frame");
                        if (c.out) dp.outFrame = fit16(long(self.frameStart) + *c.out, "out frame");
                        if (c.nextAnimation) {
                          if (t.first + *c.nextAnimation >= t.end)
                            throw EditError("next_animation " + std::to_string(*c.nextAnimation) +
                                            " is not an animation of the movable");
                          dp.nextAnimation = RecordRef::record(anims[t.first + *c.nextAnimation].id);
                        }
                        if (c.nextFrame) {
                          ObjectView now(e.tables());
                          auto target = now.indexOf(dp.nextAnimation);
                          if (!target) throw EditError("the dispatch's target animation is outside the table");
                          dp.nextFrame = fit16(long(anims[*target].frameStart) + *c.nextFrame, "next frame");
                        }
                      }),
          {}};
}

std::uint16_t frameEndFor(const Animation& a, std::size_t keyframes, int newDuration) {
  if (keyframes < 2 || a.frameDuration == 0 || newDuration <= 0) return a.frameEnd;
  long span = long(a.frameEnd) - a.frameStart;
  long full = long(keyframes - 1) * a.frameDuration;
  long cut = std::clamp(full - span, 0L, long(a.frameDuration) - 1);
  long newSpan = long(keyframes - 1) * newDuration - std::min(cut, long(newDuration) - 1);
  return static_cast<std::uint16_t>(std::clamp(long(a.frameStart) + newSpan, 0L, 65535L));
}

Edited setAnimation(const Document& d, std::uint32_t slot, std::size_t animation, const AnimationChange& c) {
  ObjectView v(objectsOf(d));
  auto t = resolve(v, slot, animation);
  const auto& anims = *v.tables().animations;
  if (c.frameDuration && (*c.frameDuration < 1 || *c.frameDuration > 255))
    throw EditError("frame_duration must be within 1..255");
  if (c.stateId && (*c.stateId < 0 || *c.stateId > 0xFFFF)) throw EditError("state_id must be within 0..65535");
  if (c.nextAnimation && t.first + *c.nextAnimation >= t.end)
    throw EditError("next_animation " + std::to_string(*c.nextAnimation) + " is not an animation of the movable");
  std::size_t keyframes = v.keyframeCount(t.anim);
  return {editObjects(d,
                      [&](TablesEditor& e) {
                        Animation& a = e.animations()[t.anim];
                        if (c.nextAnimation) a.nextAnimation = RecordRef::record(anims[t.first + *c.nextAnimation].id);
                        if (c.nextFrame) {
                          ObjectView now(e.tables());
                          auto target = now.indexOf(a.nextAnimation);
                          if (!target) throw EditError("the next animation is outside the table");
                          long frame = long(anims[*target].frameStart) + *c.nextFrame;
                          if (frame < 0 || frame > 0xFFFF) throw EditError("next_frame does not fit the 16-bit field");
                          a.nextFrame = static_cast<std::uint16_t>(frame);
                        }
                        if (c.frameDuration) {
                          a.frameEnd = frameEndFor(a, keyframes, *c.frameDuration);
                          a.frameDuration = static_cast<std::uint8_t>(*c.frameDuration);
                        }
                        if (c.stateId) a.stateId = static_cast<std::uint16_t>(*c.stateId);
                        if (c.speed) a.speed = *c.speed;
                        if (c.accel) a.accel = *c.accel;
                        if (c.lateralSpeed) a.lateralSpeed = *c.lateralSpeed;
                        if (c.lateralAccel) a.lateralAccel = *c.lateralAccel;
                      }),
          {}};
}

}  // namespace wadsmith::ops
