// Whole animations of a movable (model/anim/whole.h).
#include "model/anim/whole.h"

#include "model/anim/keyframes.h"
#include "model/merge/object_copy.h"
#include "model/merge/sound_transfer.h"
#include "model/runs.h"

namespace wadsmith::anim {

std::vector<RunRef> commandRuns(const RecordTable<Animation>& animations, std::size_t at, std::size_t extra) {
  auto runs = ownerRuns<Animation>(animations, &Animation::commands, at, extra);
  std::size_t i = 0;
  for (const auto& s : animations.segments)
    for (const auto& a : s.items) {
      if (i == at) i += extra;
      if (a.numCommands == 0) runs[i] = {};
      ++i;
    }
  return runs;
}

RecordSlot animationPlace(const RecordTable<Animation>& t, const RunRef& run, std::size_t at) {
  auto s = runSegments(t, run);
  if (!s) throw std::logic_error("internal: the movable has no animation run");
  for (auto i = s->first;; ++i) {
    const std::size_t n = t.segments[i].size();
    if (at <= n && (at < n || i == s->second)) return {t.segments[i].id, at};
    at -= n;
  }
}

namespace {

using ops::EditError;

bool overlap(const std::optional<std::pair<std::size_t, std::size_t>>& a, const std::optional<std::pair<std::size_t, std::size_t>>& b) {
  return a && b && a->first <= b->second && b->first <= a->second;
}

// The movable's index, refused when another movable's animations share a segment of its run
// (an edit would change both).
std::size_t ownMovable(const ObjectView& v, std::uint32_t slot) {
  const std::size_t m = ops::movableIndex(v, slot);
  const auto& table = *v.tables().animations;
  const auto mine = runSegments(table, v.movables()[m].animations);
  for (std::size_t i = 0; i < v.movables().size(); ++i)
    if (i != m && overlap(mine, runSegments(table, v.movables()[i].animations)))
      throw EditError("movable " + std::to_string(slot) + " shares its animation records with movable " +
                      std::to_string(v.movables()[i].objectId));
  return m;
}

// A movable without animations (-1) gets an empty run where placeRun puts one.
void ensureRun(Draft& e, std::size_t m) {
  if ((*e.movables)[m].animations.isSegments()) return;
  const auto at = placeRun(*e.animations, ownerRuns<Movable>(*e.movables, &Movable::animations), m);
  const Id seg = e.insertSegment(e.animations, at, std::vector<Animation>{});
  e.movables.edit()[m].animations = RunRef::segment(seg);
}

// A movable's keyframe offset names its first animation's keyframes: it follows the first
// animation when that changes (`before`: the first animation's keyframe run before the edit).
void followFirst(Draft& e, std::size_t m, const std::optional<RunRef>& before) {
  const Movable& mov = (*e.movables)[m];
  if (before && !(mov.keyframes.isSegments() && before->isSegments() && mov.keyframes.first == before->first)) return;
  const ObjectView now(e.tables());
  const auto [a0, a1] = now.animationRange(m);
  if (a0 == a1 || !now.animations()[a0].keyframes.isSegments()) return;
  const RunRef first = RunRef::segment(now.animations()[a0].keyframes.first);
  if (!(mov.keyframes == first)) e.movables.edit()[m].keyframes = first;
}

std::optional<RunRef> firstKeyframes(const ObjectView& v, std::size_t m) {
  const auto [a0, a1] = v.animationRange(m);
  if (a0 == a1) return std::nullopt;
  return v.animations()[a0].keyframes;
}

// Inserts `a` as animation `at` of movable `m`, with new runs where placeRun puts them: its
// keyframe `words`, and (when `own`) an empty state change and command list.
void insertAnimation(Draft& e, std::size_t m, std::size_t at, Animation a, std::vector<std::uint16_t> words, bool own) {
  ensureRun(e, m);
  const auto before = firstKeyframes(ObjectView(e.tables()), m);
  const RecordSlot slot = animationPlace(*e.animations, (*e.movables)[m].animations, at);
  a.keyframes = {};
  if (own) a.stateChanges = a.commands = {};
  auto& items = e.items(e.animations, slot.segment);
  items.insert(items.begin() + static_cast<long>(slot.offset), a);
  const std::size_t g = ObjectView(e.tables()).animationRange(m).first + at;
  auto place = [&](auto& table, const std::vector<RunRef>& runs, auto elements) {
    return RunRef::segment(e.insertSegment(table, placeRun(*table, runs, g), std::move(elements)));
  };
  const RunRef keyframes = place(e.keyframes, ownerRuns<Animation>(*e.animations, &Animation::keyframes), std::move(words));
  std::optional<RunRef> states, commands;
  if (own) {
    states = place(e.stateChanges, ownerRuns<Animation>(*e.animations, &Animation::stateChanges), std::vector<StateChange>{});
    commands = place(e.commands, commandRuns(*e.animations), std::vector<std::uint16_t>{});
  }
  Animation& out = e.items(e.animations, slot.segment)[slot.offset];
  out.keyframes = keyframes;
  if (states) out.stateChanges = *states, out.commands = *commands;
  followFirst(e, m, before);
}

// Removes the runs only the deleted animation `a` named: keyframe words (a movable's keyframe
// offset that named them follows its new first animation, or keeps an empty run), state changes
// with the dispatches only they named, command words.
void dropRuns(Draft& e, const Animation& a) {
  const auto keyframes = onlyOwn(*e.keyframes, a.keyframes, ownerRuns<Animation>(*e.animations, &Animation::keyframes));
  for (std::size_t m = 0; m < e.movables->size(); ++m) {
    const RunRef named = (*e.movables)[m].keyframes;
    if (named.isSegments() && std::find(keyframes.begin(), keyframes.end(), named.first) != keyframes.end()) followFirst(e, m, std::nullopt);
  }
  std::vector<Id> erase = keyframes;
  for (const auto& m : *e.movables)
    if (m.keyframes.isSegments() && std::erase(erase, m.keyframes.first)) e.items(e.keyframes, m.keyframes.first).clear();
  eraseSegments(e.keyframes, erase);
  const auto states = onlyOwn(*e.stateChanges, a.stateChanges, ownerRuns<Animation>(*e.animations, &Animation::stateChanges));
  std::vector<RunRef> dispatches;
  for (Id s : states)
    for (const auto& sc : e.stateChanges->segments[e.stateChanges->find(s)].items) dispatches.push_back(sc.dispatches);
  eraseSegments(e.stateChanges, states);
  const auto others = ownerRuns<StateChange>(*e.stateChanges, &StateChange::dispatches);
  for (const auto& r : dispatches) eraseSegments(e.dispatches, onlyOwn(*e.dispatches, r, others));
  eraseSegments(e.commands, onlyOwn(*e.commands, a.commands, ownerRuns<Animation>(*e.animations, &Animation::commands)));
}

// Next animations and dispatches that named the deleted animation `a` (at `g` before): the raw
// number (Keep), or dropped (dispatches removed, next animations their own animation).
std::vector<std::string> retarget(Draft& e, const Animation& a, std::size_t g, Targets targets) {
  const RecordRef gone = RecordRef::record(a.id);
  const bool keep = targets == Targets::Keep;
  const auto nexts = editRecords(e, e.animations, [&](const Animation& x) { return x.nextAnimation == gone; }, [&](Animation& x) {
    x.nextAnimation = keep ? RecordRef::rawValue(static_cast<std::uint32_t>(g)) : RecordRef::record(x.id);
    if (!keep) x.nextFrame = x.frameStart;
  });
  std::size_t dispatches = 0;
  if (keep) {
    dispatches = editRecords(e, e.dispatches, [&](const Dispatch& x) { return x.nextAnimation == gone; },
                             [&](Dispatch& x) { x.nextAnimation = RecordRef::rawValue(static_cast<std::uint32_t>(g)); });
  } else {
    std::vector<Id> segs;
    for (const auto& s : e.dispatches->segments)
      if (std::any_of(s.items.begin(), s.items.end(), [&](const Dispatch& x) { return x.nextAnimation == gone; })) segs.push_back(s.id);
    for (Id s : segs) dispatches += std::erase_if(e.items(e.dispatches, s), [&](const Dispatch& x) { return x.nextAnimation == gone; });
  }
  std::vector<std::string> notes;
  if (nexts)
    notes.push_back(std::to_string(nexts) + " next animation(s) named the deleted animation: " +
                    (keep ? "kept as the raw number " + std::to_string(g) : "each now its own animation"));
  if (dispatches)
    notes.push_back(std::to_string(dispatches) + " dispatch(es) jumped into the deleted animation: " +
                    (keep ? "kept as the raw number " + std::to_string(g) : "removed"));
  return notes;
}

}  // namespace

ops::Edited addAnimation(const Document& d, std::uint32_t slot, std::optional<std::size_t> at, const std::optional<Keyframe>& pose) {
  const ObjectView v(objectsOf(d));
  const std::size_t m = ownMovable(v, slot), meshes = v.meshCount(m);
  const auto [a0, a1] = v.animationRange(m);
  const std::size_t where = at.value_or(a1 - a0);
  if (where > a1 - a0)
    throw EditError("movable " + std::to_string(slot) + " has " + std::to_string(a1 - a0) + " animations: a new one goes at 0.." +
                    std::to_string(a1 - a0));
  Keyframe k = pose.value_or(Keyframe{});
  if (!pose) k.rotations.assign(meshes, Rotation{});
  if (k.rotations.size() != meshes)
    throw EditError("the pose turns " + std::to_string(k.rotations.size()) + " bones; the movable has " + std::to_string(meshes) + " meshes");
  const auto format = v.tables().keyframeFormat;
  auto words = encodeKeyframe(k, format);
  if (format != KeyframeFormat::Tr1 && words.size() > 255) throw EditError("the pose needs more than 255 words a keyframe");
  Animation a;
  a.frameDuration = 1;
  a.keyframeSize = format == KeyframeFormat::Tr1 ? 0 : static_cast<std::uint8_t>(words.size());
  // Frames after the movable's last, so no frame number of its animations names two moments.
  for (auto i = a0; i < a1; ++i) a.frameStart = std::max<std::uint16_t>(a.frameStart, static_cast<std::uint16_t>(v.animations()[i].frameEnd + 1));
  a.frameEnd = a.nextFrame = a.frameStart;
  return {editDocument(d,
                       [&](Draft& e) {
                         a.id = e.newId();
                         a.nextAnimation = RecordRef::record(a.id);
                         insertAnimation(e, m, where, a, std::move(words), true);
                       }),
          {}};
}

ops::Edited duplicateAnimation(const Document& d, std::uint32_t slot, std::size_t animation) {
  const ObjectView v(objectsOf(d));
  const std::size_t m = ownMovable(v, slot), g = ops::animationOf(v, slot, animation);
  Animation a = v.animations()[g];
  const Id was = a.id;
  return {editDocument(d,
                       [&](Draft& e) {
                         a.id = e.newId();
                         if (a.nextAnimation == RecordRef::record(was)) a.nextAnimation = RecordRef::record(a.id);
                         insertAnimation(e, m, animation + 1, a, v.keyframeWords(g), false);
                       }),
          {}};
}

ops::Edited moveAnimation(const Document& d, std::uint32_t slot, std::size_t animation, std::size_t to) {
  const ObjectView v(objectsOf(d));
  const std::size_t m = ownMovable(v, slot), g = ops::animationOf(v, slot, animation);
  ops::animationOf(v, slot, to);
  const Animation a = v.animations()[g];
  const auto& kf = *v.tables().keyframes;
  const auto runs = ownerRuns<Animation>(*v.tables().animations, &Animation::keyframes);
  if (!ownsRun(kf, runs, g)) throw EditError("animation " + std::to_string(animation) + " shares its keyframe words with another animation");
  const auto before = firstKeyframes(v, m);
  return {editDocument(d,
                       [&](Draft& e) {
                         const RecordSlot from = *v.slotOf(a.id);
                         auto& items = e.items(e.animations, from.segment);
                         items.erase(items.begin() + static_cast<long>(from.offset));
                         const RecordSlot slot = animationPlace(*e.animations, (*e.movables)[m].animations, to);
                         auto& into = e.items(e.animations, slot.segment);
                         into.insert(into.begin() + static_cast<long>(slot.offset), a);
                         // Its keyframe words go where a new run of its new place would.
                         auto& segs = e.keyframes.edit().segments;
                         const auto at = segs.begin() + kf.find(a.keyframes.first);
                         const Segment<std::uint16_t> words = *at;
                         segs.erase(at);
                         const auto place = placeRun(*e.keyframes, ownerRuns<Animation>(*e.animations, &Animation::keyframes),
                                                     v.animationRange(m).first + to);
                         segs.insert(segs.begin() + static_cast<long>(place), words);
                         followFirst(e, m, before);
                       }),
          {}};
}


ops::Edited deleteAnimation(const Document& d, std::uint32_t slot, std::size_t animation, Targets targets) {
  const ObjectView v(objectsOf(d));
  const std::size_t m = ownMovable(v, slot), g = ops::animationOf(v, slot, animation);
  if (targets == Targets::Own) throw EditError("a deleted animation's targets are kept or dropped");
  const Animation a = v.animations()[g];
  const auto before = firstKeyframes(v, m);
  ops::Edited out;
  out.doc = editDocument(d, [&](Draft& e) {
    auto& items = e.items(e.animations, v.slotOf(a.id)->segment);
    items.erase(items.begin() + static_cast<long>(v.slotOf(a.id)->offset));
    dropRuns(e, a);
    followFirst(e, m, before);
    out.warnings = retarget(e, a, g, targets);
  });
  return out;
}

ops::Edited copyAnimations(const Document& d, std::uint32_t slot, std::optional<std::size_t> at, const Document& source,
                           std::uint32_t sourceSlot, std::size_t first, std::optional<std::size_t> count, Targets targets) {
  const ObjectView v(objectsOf(d)), sv(objectsOf(source));
  const std::size_t m = ownMovable(v, slot), sm = ops::movableIndex(sv, sourceSlot);
  if (v.meshCount(m) != sv.meshCount(sm))
    throw EditError("movable " + std::to_string(slot) + " has " + std::to_string(v.meshCount(m)) + " bones, the source's movable " +
                    std::to_string(sourceSlot) + " " + std::to_string(sv.meshCount(sm)) + ": their animations do not fit each other");
  const auto sourceRange = sv.animationRange(sm);
  const std::size_t s0 = sourceRange.first, s1 = sourceRange.second;  // plain names: the edit's lambda uses s0
  const std::size_t n = count.value_or(first < s1 - s0 ? s1 - s0 - first : 0);
  if (n == 0 || first + n > s1 - s0)
    throw EditError("the source's movable " + std::to_string(sourceSlot) + " has " + std::to_string(s1 - s0) + " animations, not " +
                    std::to_string(first) + ".." + std::to_string(first + n - 1));
  const auto [d0, d1] = v.animationRange(m);
  const std::size_t where = at.value_or(d1 - d0);
  if (where > d1 - d0) throw EditError("movable " + std::to_string(slot) + " has " + std::to_string(d1 - d0) + " animations: the copies go at 0.." + std::to_string(d1 - d0));
  WadDocument src = isWad(source) ? std::get<WadDocument>(source) : WadDocument::empty();
  if (!isWad(source)) src.objects = objectsOf(source);
  ops::Edited out;
  out.doc = editDocument(d, [&](Draft& e) {
    ensureRun(e, m);
    const auto before = firstKeyframes(ObjectView(e.tables()), m);
    const std::unordered_map<std::uint16_t, std::uint16_t> noSamples;  // no meshes are copied
    merge::ObjectCopier copier(e, src, noSamples);
    copier.copyAnimationsInto(s0 + first, s0 + first + n, m, where, targets);
    copier.finish();
    followFirst(e, m, before);
    out.warnings = copier.warnings;
    // The sounds the copies play come along from another WAD, as the merge carries them.
    if (&source == &d || !e.isWad() || !src.sounds || copier.soundIds.empty()) return;
    std::vector<PlayedSound> played;
    for (auto id : copier.soundIds) played.push_back({id, slot, std::nullopt});
    const auto r = merge::transferSounds(e, std::get<WadDocument>(d).version, src.sounds, std::move(played), merge::SoundMode::Keep);
    if (r.infosAdded) out.warnings.push_back(std::to_string(r.infosAdded) + " sound(s) the copies play came from the source");
  });
  return out;
}

}  // namespace wadsmith::anim
