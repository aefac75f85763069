// The animation half of ObjectCopier: a movable's animations with their keyframe words, state
// changes, dispatches and command words. Each goes where model/runs.h placeRun puts a new
// owner's run; the copies keep the source's sharing (a list several animations name is copied
// once, the keyframe words once for the movable).
#include <algorithm>

#include "model/merge/claims.h"
#include "model/merge/merge.h"
#include "model/merge/object_copy.h"
#include "model/runs.h"
#include "model/anim/whole.h"

namespace wadsmith::merge {

// Where the runs of `n` new animations that go before animation `at` go.
ObjectCopier::Places ObjectCopier::places(std::size_t at, std::size_t n) const {
  Places p;
  p.stateChanges = placeRun(*d_.stateChanges, ownerRuns(*d_.animations, &Animation::stateChanges, at, n), at);
  const std::size_t sc = elementsBefore(*d_.stateChanges, p.stateChanges);
  p.dispatches = placeRun(*d_.dispatches, ownerRuns(*d_.stateChanges, &StateChange::dispatches, sc, 1), sc);
  p.keyframes = placeRun(*d_.keyframes, ownerRuns(*d_.animations, &Animation::keyframes, at, n), at);
  p.commands = placeRun(*d_.commands, anim::commandRuns(*d_.animations, at, n), at);
  // A list that runs off the package's end reads what is appended there: new lists go first.
  if (p.commands == d_.commands->segments.size() && commandsRunOff()) p.commands = 0;
  return p;
}

bool ObjectCopier::commandsRunOff() const {
  const ObjectView dv(d_.tables());
  const auto words = d_.commands->size();
  for (std::size_t j = 0; j < dv.animations().size(); ++j) {
    const Animation& a = dv.animations()[j];
    if (auto o = dv.runStart(a.commands); o && a.numCommands && dv.parsableCommands(j) < a.numCommands && *o + 4u * a.numCommands > words)
      return true;
  }
  return false;
}

std::optional<Id> ObjectCopier::animationOfSlot(std::uint32_t slot, std::size_t index) const {
  for (const auto& m : *d_.movables) {
    if (m.objectId != slot) continue;
    auto s = runSegments(*d_.animations, m.animations);
    if (!s) return std::nullopt;
    for (auto i = s->first; i <= s->second; ++i) {
      const auto& items = d_.animations->segments[i].items;
      if (index < items.size()) return items[index].id;
      index -= items.size();
    }
    return std::nullopt;
  }
  return std::nullopt;
}

std::optional<RecordRef> ObjectCopier::mapAnimation(const RecordRef& r, Outside& outside, int& frame) {
  if (r.isRecord())
    if (auto it = animations_.find(r.id); it != animations_.end()) return RecordRef::record(it->second);
  if (into_) return leaving(r, frame);
  auto idx = sv_.indexOf(r);
  if (!idx) {
    ++outside.pastTable;  // fixed up in finish() when past the table; else kept as stored
    return r;
  }
  // Into another source movable: the same animation of that slot in the destination, if any.
  ++outside.otherObject;
  if (auto owner = sv_.movableOfAnimation(*idx))
    if (auto id = animationOfSlot(sv_.movables()[*owner].objectId, *idx - sv_.animationRange(*owner).first))
      return RecordRef::record(*id);
  return RecordRef::end();  // no such animation here: past the table, where validation flags it
}

// A target leaving the animations copyAnimationsInto copies: the destination movable's animation
// of the number it had in its own movable (Keep; past the destination's animations, that number
// past them, raw), the copy holding it (Own), or none (Drop). Frames follow onto the new target.
std::optional<RecordRef> ObjectCopier::leaving(const RecordRef& r, int& frame) {
  Into& in = *into_;
  const auto idx = sv_.indexOf(r);
  const int from = idx ? sv_.animations()[*idx].frameStart : 0;
  ++in.count[static_cast<int>(in.targets)];
  if (in.targets == anim::Targets::Drop) return std::nullopt;
  if (in.targets == anim::Targets::Own || !idx) {
    frame += int(in.owner.second) - from;
    return RecordRef::record(in.owner.first);
  }
  const auto owner = sv_.movableOfAnimation(*idx);
  const std::size_t n = owner ? *idx - sv_.animationRange(*owner).first : *idx;
  if (n >= in.destination.size()) {
    const ObjectView dv(d_.tables());
    return RecordRef::rawValue(static_cast<std::uint32_t>(dv.animationRange(in.movable).first + n));
  }
  frame += int(in.destination[n].second) - from;
  return RecordRef::record(in.destination[n].first);
}

void ObjectCopier::notePastTable(const RecordRef& src, Id record, bool dispatch) {
  if (into_) return;  // leaving() placed it
  const auto count = static_cast<std::uint32_t>(sv_.animations().size());
  if (src.kind == RecordRef::Kind::End || (src.kind == RecordRef::Kind::Raw && src.raw >= count))
    pastTable_.push_back({record, dispatch, src.kind == RecordRef::Kind::Raw ? src.raw - count : 0u});
}

void ObjectCopier::finish() {
  if (!tailCommands_.empty()) {
    auto& segs = d_.commands.edit().segments;
    segs.insert(segs.end(), tailCommands_.begin(), tailCommands_.end());
    if (tailCommands_.size() > 1)
      warnings.push_back("several merged command lists run off the end of the command package; only the last still does");
    tailCommands_.clear();
  }
  for (const auto& p : pendingKeyframes_) {
    auto to = keyframeSegments_.find(p.segment);
    if (to == keyframeSegments_.end()) {
      warnings.push_back(p.label + ": its keyframe offset pointed at no merged keyframes; set to its first animation's");
      continue;
    }
    for (auto& m : d_.movables.edit())
      if (m.id == p.movable) m.keyframes = RunRef::segment(to->second);
  }
  pendingKeyframes_.clear();
  const auto count = static_cast<std::uint32_t>(d_.animations->size());
  const ObjectView dv(d_.tables());
  for (const auto& p : pastTable_) {
    const RecordRef to = p.excess == 0 ? RecordRef::end() : RecordRef::rawValue(count + p.excess);
    const RecordSlot at = *dv.slotOf(p.record);
    (p.dispatch ? d_.record(d_.dispatches, at).nextAnimation : d_.record(d_.animations, at).nextAnimation) = to;
  }
  pastTable_.clear();
}

std::string ObjectCopier::animationLabel(std::size_t a, const std::string& label) const {
  return label + ": animation " + std::to_string(a - sv_.animationRange(*sv_.movableOfAnimation(a)).first);
}

// The state changes of source animation `a` (one segment) and their dispatches (a segment each).
RunRef ObjectCopier::copyStateChanges(std::size_t a, Copy& copy, Outside& outside, const std::string& label) {
  const Animation& A = sv_.animations()[a];
  const std::string at = animationLabel(a, label);
  if (!A.stateChanges.isSegments())
    warnings.push_back(at + " state changes run past the source's table; the ones there are copied");
  std::vector<StateChange> out;
  auto [s0, s1] = storedRange(sv_, A.stateChanges, sv_.stateChanges().size());
  for (auto s = s0; s < s1; ++s) {
    StateChange S = sv_.stateChanges()[s];
    S.id = d_.newId();
    if (!S.dispatches.isSegments())
      warnings.push_back(at + " state change " + std::to_string(s - s0) +
                         " dispatches run past the source's table; the ones there are copied");
    std::vector<Dispatch> ds;
    auto [d0, d1] = storedRange(sv_, S.dispatches, sv_.dispatches().size());
    for (auto x = d0; x < d1; ++x) {
      Dispatch D = sv_.dispatches()[x];
      D.id = d_.newId();
      int frame = D.nextFrame;
      auto to = mapAnimation(sv_.dispatches()[x].nextAnimation, outside, frame);
      if (!to) continue;  // dropped
      D.nextAnimation = *to;
      D.nextFrame = static_cast<std::int16_t>(frame);
      notePastTable(sv_.dispatches()[x].nextAnimation, D.id, true);
      ds.push_back(D);
    }
    copy.dispatches.push_back({d_.newId(), share<std::vector<Dispatch>>(std::move(ds))});
    S.dispatches = RunRef::segment(copy.dispatches.back().id);
    out.push_back(S);
  }
  copy.stateChanges.push_back({d_.newId(), share<std::vector<StateChange>>(std::move(out))});
  return RunRef::segment(copy.stateChanges.back().id);
}

// The command words of source animation `a`: a list several animations name is copied once; an
// empty list names the current position (an empty segment where the next list goes).
RunRef ObjectCopier::copyCommands(std::size_t a, Copy& copy, const std::string& label) {
  const Animation& A = sv_.animations()[a];
  auto seg = [&](std::vector<std::uint16_t> words) -> Segment<std::uint16_t> { return {d_.newId(), share<std::vector<std::uint16_t>>(std::move(words))}; };
  if (A.numCommands == 0) {
    copy.commands.push_back(seg({}));
    return RunRef::segment(copy.commands.back().id);
  }
  if (!A.commands.isSegments()) {
    warnings.push_back(animationLabel(a, label) + " command offset points nowhere; kept as stored");
    return A.commands;
  }
  const std::pair key(A.commands.first, A.commands.last);
  if (auto known = copy.lists.find(key); known != copy.lists.end()) return RunRef::segment(known->second);
  auto list = sv_.commands(a);
  for (const auto& c : list.commands)
    if (auto id = soundId(c)) soundIds.insert(*id);
  auto words = seg(sv_.commandWords(A.commands));
  copy.lists[key] = words.id;
  if (!list.complete) {
    warnings.push_back(animationLabel(a, label) + " has command words that do not parse (" + list.problem + "); carried unchanged");
    // A list that runs off the end of the source's package keeps doing so: it goes last.
    if (sv_.runRange(A.commands).second == sv_.tables().commands->size()) {
      tailCommands_.push_back(std::move(words));
      return RunRef::segment(tailCommands_.back().id);
    }
  }
  copy.commands.push_back(std::move(words));
  return RunRef::segment(copy.commands.back().id);
}

// The movable's keyframe words: every segment from its animations' first to their last, so the
// words between them come along and each animation's keyframes run to the next one's as before.
void ObjectCopier::copyKeyframes(std::size_t a0, std::size_t a1, Copy& copy) {
  const auto& package = *src_.objects.keyframes;
  std::optional<std::size_t> first, last;
  for (auto a = a0; a < a1; ++a)
    if (auto s = runSegments(srcKeyframeSegments_, sv_.animations()[a].keyframes)) {
      first = std::min(first.value_or(s->first), s->first);
      last = std::max(last.value_or(s->second), s->second);
    }
  if (!first) return;
  for (auto i = *first; i <= *last; ++i) {
    copy.keyframes.push_back({d_.newId(), package.segments[i].items});
    keyframeSegments_[package.segments[i].id] = copy.keyframes.back().id;
  }
}

RunRef ObjectCopier::mapKeyframes(const RunRef& r) const {
  if (!r.isSegments()) return r;  // raw in the source: kept
  return RunRef::segments(keyframeSegments_.at(r.first), keyframeSegments_.at(r.last));
}

// Source animations [a0, a1) copied, their parts in `copy`.
std::vector<Animation> ObjectCopier::copyRange(std::size_t a0, std::size_t a1, Copy& copy, const std::string& label) {
  Outside outside;
  copyKeyframes(a0, a1, copy);
  std::vector<Animation> animations;
  for (auto a = a0; a < a1; ++a) {
    const Animation& A = sv_.animations()[a];
    Animation N = A;
    N.id = animations_.at(A.id);
    N.keyframes = mapKeyframes(A.keyframes);
    if (into_) into_->owner = {N.id, N.frameStart};
    // A next animation that has nothing to point at (dropped) is the animation itself.
    int frame = N.nextFrame;
    const auto next = mapAnimation(A.nextAnimation, outside, frame);
    N.nextAnimation = next.value_or(RecordRef::record(N.id));
    N.nextFrame = static_cast<std::uint16_t>(next ? frame : N.frameStart);
    notePastTable(A.nextAnimation, N.id, false);
    N.stateChanges = copyStateChanges(a, copy, outside, label);
    N.commands = copyCommands(a, copy, label);
    animations.push_back(N);
  }
  warnOutside(outside, label);
  return animations;
}

void ObjectCopier::insertCopy(Copy& copy, const Places& p) {
  auto insert = [](auto& table, std::size_t at, auto& segments) {
    auto& segs = table.edit().segments;
    segs.insert(segs.begin() + static_cast<long>(at), segments.begin(), segments.end());
  };
  insert(d_.stateChanges, p.stateChanges, copy.stateChanges);
  insert(d_.dispatches, p.dispatches, copy.dispatches);
  insert(d_.commands, p.commands, copy.commands);
  insert(d_.keyframes, p.keyframes, copy.keyframes);
}

void ObjectCopier::copyAnimations(std::size_t m, std::size_t movPos, Movable& out, const std::string& label) {
  const Movable& M = sv_.movables()[m];
  auto [a0, a1] = sv_.animationRange(m);
  const std::size_t at = placeRun(*d_.animations, ownerRuns(*d_.movables, &Movable::animations, movPos, 1), movPos);
  const Places p = places(elementsBefore(*d_.animations, at), a1 - a0);
  if (!M.animations.isSegments() || a1 == a0) {
    // No animations: -1 or a run past the table stays as stored; an empty run goes where the
    // records would. The keyframe offset names where its keyframes would go, as the tools wrote it.
    out.animations = M.animations.isSegments() ? RunRef::segment(d_.insertSegment(d_.animations, at, std::vector<Animation>{}))
                                               : M.animations;
    out.keyframes = RunRef::segment(p.keyframes < d_.keyframes->segments.size()
                                        ? d_.keyframes->segments[p.keyframes].id
                                        : d_.insertSegment(d_.keyframes, p.keyframes, std::vector<std::uint16_t>{}));
    return;
  }
  Copy copy;
  const auto animations = copyRange(a0, a1, copy, label);
  out.animations = RunRef::segment(d_.insertSegment(d_.animations, at, animations));
  insertCopy(copy, p);
  // Its keyframe start may name another merged movable's keyframes: resolved in finish().
  const RunRef& front = animations.front().keyframes;
  out.keyframes = front.isSegments() ? RunRef::segment(front.first) : front;
  if (auto it = M.keyframes.isSegments() ? keyframeSegments_.find(M.keyframes.first) : keyframeSegments_.end();
      it != keyframeSegments_.end())
    out.keyframes = RunRef::segment(it->second);
  else
    pendingKeyframes_.push_back({out.id, M.keyframes.isSegments() ? M.keyframes.first : 0, label});
}

void ObjectCopier::copyAnimationsInto(std::size_t a0, std::size_t a1, std::size_t dst, std::size_t at, anim::Targets targets) {
  const ObjectView dv(d_.tables());
  Into in{targets, dst, {}, {}, {}};
  const auto [d0, d1] = dv.animationRange(dst);
  for (auto i = d0; i < d1; ++i) in.destination.push_back({dv.animations()[i].id, dv.animations()[i].frameStart});
  into_ = in;
  for (auto a = a0; a < a1; ++a) animations_[sv_.animations()[a].id] = d_.newId();
  const Places p = places(d0 + at, a1 - a0);
  Copy copy;
  const auto animations = copyRange(a0, a1, copy, "movable " + std::to_string(dv.movables()[dst].objectId));
  insertCopy(copy, p);
  const RecordSlot slot = anim::animationPlace(*d_.animations, (*d_.movables)[dst].animations, at);
  auto& items = d_.items(d_.animations, slot.segment);
  items.insert(items.begin() + static_cast<long>(slot.offset), animations.begin(), animations.end());
  const auto& n = into_->count;
  const char* how[] = {"named the destination movable's animation of the same number", "point at the copy holding them", "dropped"};
  for (int k = 0; k < 3; ++k)
    if (n[k]) warnings.push_back(std::to_string(n[k]) + " next animation or dispatch target(s) left the copied animations: " + how[k]);
  into_.reset();
}

void ObjectCopier::warnOutside(const Outside& outside, const std::string& label) {
  if (outside.otherObject)
    warnings.push_back(label + ": " + std::to_string(outside.otherObject) +
                       " next-animation or dispatch targets are animations of another object; they point at the same "
                       "animation of that slot in the destination when it has one, else past the animation table");
  if (outside.pastTable)
    warnings.push_back(label + ": " + std::to_string(outside.pastTable) +
                       " next-animation or dispatch targets point past the source's animation table; they point past "
                       "the destination's by as much");
}

}  // namespace wadsmith::merge
