#include "model/ops/animation_ops.h"

#include <limits>

#include "model/runs.h"

namespace wadsmith::ops {
namespace {

std::int16_t fit16(long v, const std::string& what) {
  if (v < std::numeric_limits<std::int16_t>::min() || v > std::numeric_limits<std::int16_t>::max())
    throw EditError(what + " " + std::to_string(v) + " does not fit the file's 16-bit field");
  return static_cast<std::int16_t>(v);
}

// What an edit addresses, resolved once against the current tables.
struct AnimTarget {
  std::size_t anim;        // global index
  std::size_t first, end;  // the movable's animation range
  Id id;
};

AnimTarget resolve(const ObjectView& v, std::uint32_t slot, std::size_t animation) {
  auto [first, end] = v.animationRange(movableIndex(v, slot));
  const std::size_t anim = animationOf(v, slot, animation);
  return {anim, first, end, v.animations()[anim].id};
}

const Animation& targetAnimation(const ObjectView& v, const AnimTarget& t, std::size_t nextAnimation) {
  if (t.first + nextAnimation >= t.end)
    throw EditError("next_animation " + std::to_string(nextAnimation) + " is not an animation of the movable (it has " +
                    std::to_string(t.end - t.first) + ")");
  return v.animations()[t.first + nextAnimation];
}

Dispatch makeDispatch(const ObjectView& v, const AnimTarget& t, const DispatchSpec& s) {
  const Animation& self = v.animations()[t.anim];
  const Animation& target = targetAnimation(v, t, s.nextAnimation);
  return {.inFrame = fit16(long(self.frameStart) + s.in, "in frame"),
          .outFrame = fit16(long(self.frameStart) + s.out, "out frame"),
          .nextAnimation = RecordRef::record(target.id),
          .nextFrame = fit16(long(target.frameStart) + s.nextFrame, "next frame")};
}

// The animation's state changes in a segment it alone names (copied first when shared).
Id ownStateChanges(Draft& e, Id animId) { return ownRunOf(e, e.animations, &Animation::stateChanges, e.stateChanges, animId); }

// The dispatches of the animation's state change k in a segment that state change alone
// names; returns where the state change and its dispatches are.
std::pair<RecordSlot, Id> ownDispatches(Draft& e, Id animId, std::size_t k) {
  const RecordSlot scAt{ownStateChanges(e, animId), k};
  const Id scId = e.record(e.stateChanges, scAt).id;
  return {scAt, ownRunOf(e, e.stateChanges, &StateChange::dispatches, e.dispatches, scId)};
}

// The dispatches of a state change about to be appended to segment `seg`: placed before the
// next state change's.
Id newStateChangeDispatches(Draft& e, Id seg, std::vector<Dispatch> dispatches) {
  const std::size_t at = elementsBefore(*e.stateChanges, static_cast<std::size_t>(e.stateChanges->find(seg)) + 1);
  for (auto& x : dispatches) x.id = e.newId();
  const auto runs = ownerRuns(*e.stateChanges, &StateChange::dispatches, at, 1);
  return e.insertSegment(e.dispatches, placeRun(*e.dispatches, runs, at), std::move(dispatches));
}

}  // namespace

Edited addStateChange(const Document& d, std::uint32_t slot, std::size_t animation, std::uint16_t state,
                      const std::vector<DispatchSpec>& specs) {
  ObjectView v(objectsOf(d));
  auto t = resolve(v, slot, animation);
  std::vector<Dispatch> dispatches;
  for (const auto& s : specs) dispatches.push_back(makeDispatch(v, t, s));
  const RunRef& run = v.animations()[t.anim].stateChanges;
  if (!run.isSegments()) stateChangeOf(v, t.anim, 0);  // refuses a run past the table
  auto [first, end] = v.runRange(run);
  if (end - first >= 0xFFFF) throw EditError("too many state changes");
  return {editDocument(d, [&](Draft& e) {
    const Id seg = ownStateChanges(e, t.id);
    const Id dispatchSeg = newStateChangeDispatches(e, seg, dispatches);
    e.items(e.stateChanges, seg).push_back({e.newId(), state, RunRef::segment(dispatchSeg)});
  })};
}

Edited removeStateChange(const Document& d, std::uint32_t slot, std::size_t animation, std::size_t k) {
  ObjectView v(objectsOf(d));
  auto t = resolve(v, slot, animation);
  stateChangeOf(v, t.anim, k);
  return {editDocument(d, [&](Draft& e) {
    const Id seg = ownStateChanges(e, t.id);
    auto& scs = e.items(e.stateChanges, seg);
    const RunRef gone = scs[k].dispatches;
    scs.erase(scs.begin() + static_cast<long>(k));
    // Its dispatches go too, unless another state change's run uses them.
    const auto others = ownerRuns<StateChange>(*e.stateChanges, &StateChange::dispatches);
    eraseSegments(e.dispatches, onlyOwn(*e.dispatches, gone, others));
  })};
}

Edited setStateChange(const Document& d, std::uint32_t slot, std::size_t animation, std::size_t k, std::uint16_t state) {
  ObjectView v(objectsOf(d));
  auto t = resolve(v, slot, animation);
  stateChangeOf(v, t.anim, k);
  return {editDocument(d, [&](Draft& e) { e.record(e.stateChanges, {ownStateChanges(e, t.id), k}).stateId = state; })};
}

Edited addDispatch(const Document& d, std::uint32_t slot, std::size_t animation, std::size_t k, const DispatchSpec& spec) {
  ObjectView v(objectsOf(d));
  auto t = resolve(v, slot, animation);
  const std::size_t sc = stateChangeOf(v, t.anim, k);
  if (!v.stateChanges()[sc].dispatches.isSegments()) dispatchOf(v, sc, 0);  // refuses a run past the table
  auto [d0, d1] = v.dispatchRange(sc);
  if (d1 - d0 >= 0xFFFF) throw EditError("too many dispatches");
  Dispatch fresh = makeDispatch(v, t, spec);
  return {editDocument(d, [&](Draft& e) {
    fresh.id = e.newId();
    e.items(e.dispatches, ownDispatches(e, t.id, k).second).push_back(fresh);
  })};
}

Edited removeDispatch(const Document& d, std::uint32_t slot, std::size_t animation, std::size_t k, std::size_t which) {
  ObjectView v(objectsOf(d));
  auto t = resolve(v, slot, animation);
  dispatchOf(v, stateChangeOf(v, t.anim, k), which);
  return {editDocument(d, [&](Draft& e) {
    auto& ds = e.items(e.dispatches, ownDispatches(e, t.id, k).second);
    ds.erase(ds.begin() + static_cast<long>(which));
  })};
}

Edited setDispatch(const Document& d, std::uint32_t slot, std::size_t animation, std::size_t k, std::size_t which,
                   const DispatchChange& c) {
  ObjectView v(objectsOf(d));
  auto t = resolve(v, slot, animation);
  const Dispatch& old = v.dispatches()[dispatchOf(v, stateChangeOf(v, t.anim, k), which)];
  const Animation& self = v.animations()[t.anim];
  Dispatch dp = old;
  if (c.in) dp.inFrame = fit16(long(self.frameStart) + *c.in, "in frame");
  if (c.out) dp.outFrame = fit16(long(self.frameStart) + *c.out, "out frame");
  if (c.nextAnimation) dp.nextAnimation = RecordRef::record(targetAnimation(v, t, *c.nextAnimation).id);
  if (c.nextFrame) {
    auto target = v.indexOf(dp.nextAnimation);
    if (!target) throw EditError("the dispatch's target animation is outside the table");
    dp.nextFrame = fit16(long(v.animations()[*target].frameStart) + *c.nextFrame, "next frame");
  }
  return {editDocument(d, [&](Draft& e) {
    Dispatch& out = e.items(e.dispatches, ownDispatches(e, t.id, k).second)[which];
    dp.id = out.id;  // a copied run gave it a new id
    out = dp;
  })};
}

std::uint16_t frameEndFor(const Animation& a, std::size_t keyframes, int newDuration) {
  if (keyframes < 2 || a.frameDuration == 0 || newDuration <= 0) return a.frameEnd;
  long span = long(a.frameEnd) - a.frameStart;
  long full = long(keyframes - 1) * a.frameDuration;
  // An end before the last keyframe's interval (real WADs have them) stays on its keyframe.
  if (full - span >= a.frameDuration)
    return static_cast<std::uint16_t>(std::min(65535L, a.frameStart + span / a.frameDuration * newDuration +
                                                            std::min(span % a.frameDuration, long(newDuration) - 1)));
  long cut = std::clamp(full - span, 0L, long(a.frameDuration) - 1);
  long newSpan = long(keyframes - 1) * newDuration - std::min(cut, long(newDuration) - 1);
  return static_cast<std::uint16_t>(std::clamp(long(a.frameStart) + newSpan, 0L, 65535L));
}

Edited setAnimation(const Document& d, std::uint32_t slot, std::size_t animation, const AnimationChange& c) {
  ObjectView v(objectsOf(d));
  auto t = resolve(v, slot, animation);
  if (c.frameDuration && (*c.frameDuration < 1 || *c.frameDuration > 255))
    throw EditError("frame_duration must be within 1..255");
  if (c.stateId && (*c.stateId < 0 || *c.stateId > 0xFFFF)) throw EditError("state_id must be within 0..65535");
  Animation a = v.animations()[t.anim];
  if (c.nextAnimation) a.nextAnimation = RecordRef::record(targetAnimation(v, t, *c.nextAnimation).id);
  if (c.nextFrame) {
    auto target = v.indexOf(a.nextAnimation);
    if (!target) throw EditError("the next animation is outside the table");
    long frame = long(v.animations()[*target].frameStart) + *c.nextFrame;
    if (frame < 0 || frame > 0xFFFF) throw EditError("next_frame does not fit the 16-bit field");
    a.nextFrame = static_cast<std::uint16_t>(frame);
  }
  if (c.frameDuration) {
    a.frameEnd = frameEndFor(a, v.keyframeCount(t.anim), *c.frameDuration);
    a.frameDuration = static_cast<std::uint8_t>(*c.frameDuration);
  }
  if (c.stateId) a.stateId = static_cast<std::uint16_t>(*c.stateId);
  if (c.speed) a.speed = *c.speed;
  if (c.accel) a.accel = *c.accel;
  if (c.lateralSpeed) a.lateralSpeed = *c.lateralSpeed;
  if (c.lateralAccel) a.lateralAccel = *c.lateralAccel;
  return {editDocument(d, [&](Draft& e) { e.record(e.animations, *v.slotOf(t.id)) = a; })};
}

}  // namespace wadsmith::ops
