// The animation half of ObjectCopier: a movable's animations with their keyframe words, state
// changes, dispatches and command words.
#include <algorithm>

#include "model/merge/claims.h"
#include "model/merge/merge.h"
#include "model/merge/object_copy.h"
#include "model/merge/package_place.h"
#include "model/runs.h"

namespace wadsmith::merge {

namespace {

// The runs of the records of `table` in table order, with `extra` empty places at `at`.
template <class T>
std::vector<RunRef> runsWithPlaces(const Package<T>& table, RunRef T::*run, std::size_t at, std::size_t extra) {
  std::vector<RunRef> out;
  std::size_t i = 0;
  for (const auto& s : table.segments)
    for (const auto& rec : *s.items) {
      if (i++ == at) out.insert(out.end(), extra, RunRef{});
      out.push_back(rec.*run);
    }
  if (out.size() < i + extra) out.insert(out.end(), extra, RunRef{});
  return out;
}

template <class T>
std::size_t elementsBefore(const Package<T>& p, std::size_t segment) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < segment && i < p.segments.size(); ++i) n += p.segments[i].size();
  return n;
}

}  // namespace

// "The end of the keyframe package" moves when keyframes are added; references that meant
// the end as it is now (animations without keyframes, whose offset bounds the previous
// animation's count) are pinned to that position first.
void ObjectCopier::pinKeyframeEnds() {
  auto isEnd = [](const PackageRef& r) { return r.kind == PackageRef::Kind::End; };
  bool any = std::any_of(d_.movables->begin(), d_.movables->end(), [&](const Movable& m) { return isEnd(m.keyframes); });
  for (const auto& s : d_.animations->segments)
    for (const auto& a : *s.items) any |= isEnd(a.keyframes);
  if (!any) return;
  if (d_.keyframes->segments.empty()) d_.insertSegment(d_.keyframes, 0, std::vector<std::uint16_t>{});
  const auto& last = d_.keyframes->segments.back();
  const PackageRef pin = PackageRef::at(last.id, static_cast<std::uint32_t>(last.size()));
  editRecords(d_, d_.animations, [&](const Animation& a) { return isEnd(a.keyframes); }, [&](Animation& a) { a.keyframes = pin; });
  if (std::any_of(d_.movables->begin(), d_.movables->end(), [&](const Movable& m) { return isEnd(m.keyframes); }))
    for (auto& m : d_.movables.edit())
      if (isEnd(m.keyframes)) m.keyframes = pin;
}

std::size_t ObjectCopier::keyframeInsertion(const PackageRef& at) {
  const auto& pkg = *d_.keyframes;
  if (!at.isSegment()) return pkg.segments.size();
  long i = pkg.find(at.segment);
  if (i < 0) return pkg.segments.size();
  if (at.delta == 0) return static_cast<std::size_t>(i);
  if (at.delta >= pkg.segments[i].size()) return static_cast<std::size_t>(i) + 1;
  // The next animation's keyframes start inside a segment: split it there so the new
  // keyframes go exactly where the next animation's start (keyframe counts are differences).
  const Id left = pkg.segments[i].id;
  const std::uint32_t cut = at.delta;
  auto& items = d_.items(d_.keyframes, left);
  std::vector<std::uint16_t> tail(items.begin() + cut, items.end());
  items.resize(cut);
  const Id right = d_.insertSegment(d_.keyframes, static_cast<std::size_t>(i) + 1, std::move(tail));
  auto moves = [&](const PackageRef& r) { return r.isSegment() && r.segment == left && r.delta >= cut; };
  auto fix = [&](PackageRef& r) {
    if (moves(r)) r = PackageRef::at(right, r.delta - cut);
  };
  editRecords(d_, d_.animations, [&](const Animation& a) { return moves(a.keyframes); }, [&](Animation& a) { fix(a.keyframes); });
  if (std::any_of(d_.movables->begin(), d_.movables->end(), [&](const Movable& m) { return moves(m.keyframes); }))
    for (auto& m : d_.movables.edit()) fix(m.keyframes);
  return static_cast<std::size_t>(i) + 1;
}

std::optional<Id> ObjectCopier::animationOfSlot(std::uint32_t slot, std::size_t index) const {
  for (const auto& m : *d_.movables) {
    if (m.objectId != slot) continue;
    auto s = runSegments(*d_.animations, m.animations);
    if (!s) return std::nullopt;
    for (auto i = s->first; i <= s->second; ++i) {
      const auto& items = *d_.animations->segments[i].items;
      if (index < items.size()) return items[index].id;
      index -= items.size();
    }
    return std::nullopt;
  }
  return std::nullopt;
}

RecordRef ObjectCopier::mapAnimation(const RecordRef& r, Outside& outside) {
  if (r.isRecord())
    if (auto it = animations_.find(r.id); it != animations_.end()) return RecordRef::record(it->second);
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

std::optional<PackageRef> ObjectCopier::Region::map(std::uint32_t o) const {
  if (segments.empty() || o < k0 || o > k1) return std::nullopt;
  if (o == k1) return PackageRef::at(segments.back().first, segments.back().second);
  auto it = std::upper_bound(cuts.begin(), cuts.end(), o) - 1;
  return PackageRef::at(segments[static_cast<std::size_t>(it - cuts.begin())].first, o - *it);
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
    std::optional<PackageRef> to;
    for (const auto& r : regions_)
      if (p.offset && (to = r.map(*p.offset))) break;
    if (!to) {
      warnings.push_back(p.label + ": its keyframe offset pointed at no merged keyframes; set to its first animation's");
      continue;
    }
    for (auto& m : d_.movables.edit())
      if (m.id == p.movable) m.keyframes = *to;
  }
  pendingKeyframes_.clear();
  const auto count = static_cast<std::uint32_t>(d_.animations->size());
  for (const auto& p : pastTable_) {
    const RecordRef to = p.excess == 0 ? RecordRef::end() : RecordRef::rawValue(count + p.excess);
    if (p.dispatch)
      editRecords(d_, d_.dispatches, [&](const Dispatch& x) { return x.id == p.record; }, [&](Dispatch& x) { x.nextAnimation = to; });
    else
      editRecords(d_, d_.animations, [&](const Animation& a) { return a.id == p.record; }, [&](Animation& a) { a.nextAnimation = to; });
  }
  pastTable_.clear();
}

std::vector<StateChange> ObjectCopier::copyStateChanges(std::size_t a, std::vector<std::vector<Dispatch>>& dispatches,
                                                        Outside& outside, const std::string& label) {
  const Animation& A = sv_.animations()[a];
  const auto srcAnimCount = static_cast<std::uint32_t>(sv_.animations().size());
  auto pastEnd = [&](const RecordRef& r) {
    return r.kind == RecordRef::Kind::End || (r.kind == RecordRef::Kind::Raw && r.raw >= srcAnimCount);
  };
  auto excess = [&](const RecordRef& r) { return r.kind == RecordRef::Kind::Raw ? r.raw - srcAnimCount : 0u; };
  const std::string at = label + ": animation " + std::to_string(a - sv_.animationRange(*sv_.movableOfAnimation(a)).first);
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
      const Dispatch& src = sv_.dispatches()[x];
      Dispatch D = src;
      D.id = d_.newId();
      D.nextAnimation = mapAnimation(src.nextAnimation, outside);
      if (pastEnd(src.nextAnimation)) pastTable_.push_back({D.id, true, excess(src.nextAnimation)});
      ds.push_back(D);
    }
    dispatches.push_back(std::move(ds));
    out.push_back(S);
  }
  return out;
}

PackageRef ObjectCopier::copyCommands(std::size_t a, std::vector<Segment<std::uint16_t>>& into,
                                      std::unordered_map<std::uint32_t, Id>& seen, const std::string& label) {
  const Animation& A = sv_.animations()[a];
  const std::string at = label + ": animation " + std::to_string(a - sv_.animationRange(*sv_.movableOfAnimation(a)).first);
  auto o = sv_.commandWord(A.commands);
  if (!o) {
    warnings.push_back(at + " command offset points nowhere; kept as stored");
    return A.commands;
  }
  // A list several animations share is parsed and copied once (a file can make every
  // animation claim the same 65,535 commands).
  if (auto known = seen.find(*o); known != seen.end()) return PackageRef::at(known->second);
  auto list = sv_.commands(a);
  for (const auto& c : list.commands)
    if (auto id = soundId(c)) soundIds.insert(*id);
  auto len = static_cast<std::uint32_t>(list.wordsUsed);
  if (!list.complete) {
    // Words that do not parse travel as they are, up to the next animation's commands.
    auto next = std::upper_bound(srcCommandStarts_.begin(), srcCommandStarts_.end() - 1, *o);
    len = std::max(len, (next == srcCommandStarts_.end() - 1 ? srcCommandStarts_.back() : *next) - *o);
    warnings.push_back(at + " has command words that do not parse (" + list.problem + "); carried unchanged");
  }
  const Id seg = d_.newId();
  Segment<std::uint16_t> words{seg, shareVector(packageRange(*src_.objects.commands, *o, len))};
  // A list that runs off the end of the source's package keeps doing so: it goes last.
  if (!list.complete && *o + len >= srcCommandStarts_.back())
    tailCommands_.push_back(std::move(words));
  else
    into.push_back(std::move(words));
  seen[*o] = seg;
  return PackageRef::at(seg);
}

void ObjectCopier::copyAnimations(std::size_t m, std::size_t movPos, Movable& out, const std::string& label) {
  const Movable& M = sv_.movables()[m];
  auto [a0, a1] = sv_.animationRange(m);
  const std::size_t n = a1 - a0;

  // Where the records go: before those of the objects after it (model/runs.h).
  std::vector<RunRef> animOwners;
  for (std::size_t j = 0; j <= d_.movables->size(); ++j) {
    if (j == movPos) animOwners.push_back({});
    if (j < d_.movables->size()) animOwners.push_back((*d_.movables)[j].animations);
  }
  const std::size_t animSeg = placeRun(*d_.animations, animOwners, movPos);
  const std::size_t animPos = elementsBefore(*d_.animations, animSeg);
  auto nextAnimation = [&]() -> std::optional<Animation> {
    for (std::size_t i = animSeg; i < d_.animations->segments.size(); ++i)
      if (!d_.animations->segments[i].items->empty()) return d_.animations->segments[i].items->front();
    return std::nullopt;
  };
  if (!M.animations.isSegments() || n == 0) {
    // No animations: -1 or a run past the table stays as stored; an empty run goes where the
    // records would. The keyframe offset names the current position, as the tools wrote it.
    out.animations = M.animations.isSegments()
                         ? RunRef::segment(d_.insertSegment(d_.animations, animSeg, std::vector<Animation>{}))
                         : M.animations;
    auto next = nextAnimation();
    out.keyframes = next ? next->keyframes : PackageRef::end();
    return;
  }

  pinKeyframeEnds();
  const auto next = nextAnimation();
  const std::size_t kPos = next ? keyframeInsertion(next->keyframes) : d_.keyframes->segments.size();
  const PackageRef kAfter =
      kPos < d_.keyframes->segments.size() ? PackageRef::at(d_.keyframes->segments[kPos].id) : PackageRef::end();
  const std::size_t scSeg = placeRun(*d_.stateChanges, runsWithPlaces(*d_.animations, &Animation::stateChanges, animPos, n), animPos);
  const std::size_t scPos = elementsBefore(*d_.stateChanges, scSeg);
  const std::size_t dSeg = placeRun(*d_.dispatches, runsWithPlaces(*d_.stateChanges, &StateChange::dispatches, scPos, 1), scPos);

  // Commands go before the next animations' and never inside a list another animation reads.
  const ObjectView dv(d_.tables());
  std::size_t cPos = d_.commands->segments.size();
  for (std::size_t j = animPos; j < dv.animations().size(); ++j) {
    const Animation& a = dv.animations()[j];
    if (a.numCommands > 0 && a.commands.isSegment())
      if (long s = d_.commands->find(a.commands.segment); s >= 0)
        cPos = std::min(cPos, static_cast<std::size_t>(s) + (a.commands.delta > 0 ? 1 : 0));
  }
  std::vector<std::pair<std::uint32_t, std::uint32_t>> cSpans;
  bool overrun = false;
  const std::uint32_t commandWords = static_cast<std::uint32_t>(d_.commands->size());
  for (std::size_t j = 0; j < dv.animations().size(); ++j) {
    const Animation& a = dv.animations()[j];
    if (a.numCommands == 0) continue;
    if (auto o = dv.commandWord(a.commands)) {
      auto list = dv.commands(j);
      // A list that runs off the end reads whatever comes next: nothing may be appended.
      const bool runsOff = !list.complete && *o + 4u * a.numCommands > commandWords;
      overrun |= runsOff;
      cSpans.push_back({*o, runsOff ? 0xFFFFFFFFu : *o + static_cast<std::uint32_t>(list.wordsUsed)});
    }
  }
  cPos = clearOfSpans(*d_.commands, cPos, cSpans);
  if (overrun && cPos == d_.commands->segments.size()) cPos = 0;
  const PackageRef cAfter = cPos < d_.commands->segments.size() ? PackageRef::at(d_.commands->segments[cPos].id) : PackageRef::end();

  // The keyframe words from the first animation's offset to where the next movable's begin,
  // cut at every animation's offset: counts (offset differences) stay what they were.
  std::vector<std::optional<std::uint32_t>> offsets(n);
  for (std::size_t i = 0; i < n; ++i) offsets[i] = sv_.keyframeWord(sv_.animations()[a0 + i].keyframes);
  const auto span = keyframeSpan(sv_, m);
  const std::optional<std::uint32_t> k0 = span ? std::optional(span->first) : std::nullopt;
  const std::uint32_t k1 = span ? span->second : static_cast<std::uint32_t>(src_.objects.keyframes->size());
  const auto movableOffset = sv_.keyframeWord(M.keyframes);
  std::vector<std::uint32_t> cuts;
  if (k0) {
    cuts.push_back(*k0);
    for (const auto& o : offsets)
      if (o && *o < k1) cuts.push_back(*o);
    if (movableOffset && *movableOffset >= *k0 && *movableOffset < k1) cuts.push_back(*movableOffset);
    std::sort(cuts.begin(), cuts.end());
    cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
    if (cuts.back() >= k1) cuts.pop_back();
  }
  std::vector<Segment<std::uint16_t>> kfSegments;
  for (std::size_t c = 0; c < cuts.size(); ++c) {
    std::uint32_t end = c + 1 < cuts.size() ? cuts[c + 1] : k1;
    kfSegments.push_back({d_.newId(), shareVector(packageRange(*src_.objects.keyframes, cuts[c], end - cuts[c]))});
  }
  Region region;
  if (k0) region = {*k0, k1, cuts, {}};
  for (const auto& seg : kfSegments) region.segments.push_back({seg.id, static_cast<std::uint32_t>(seg.size())});
  // The region's end (the next movable's first offset) is pinned to the end of the last
  // segment, so what the destination inserts there later does not move it.
  auto mapKeyframes = [&](std::optional<std::uint32_t> o) -> std::optional<PackageRef> {
    if (!o || !k0) return std::nullopt;
    if (auto r = region.map(*o)) return r;
    if (*o == k1) return kAfter;
    return std::nullopt;
  };

  std::vector<Animation> newAnims;
  std::vector<Segment<StateChange>> scSegments;
  std::vector<Segment<Dispatch>> dSegments;
  std::vector<Segment<std::uint16_t>> newCommands;
  std::vector<std::size_t> cmdMark(n);
  std::unordered_map<std::uint32_t, Id> commandsAt;  // source word offset -> new segment
  Outside outside;
  const auto srcAnimCount = static_cast<std::uint32_t>(sv_.animations().size());
  for (std::size_t i = 0; i < n; ++i) {
    const Animation& A = sv_.animations()[a0 + i];
    Animation N = A;
    N.id = animations_.at(A.id);
    if (auto k = mapKeyframes(offsets[i])) N.keyframes = *k;  // else raw in the source: kept
    N.nextAnimation = mapAnimation(A.nextAnimation, outside);
    const auto& next = A.nextAnimation;
    if (next.kind == RecordRef::Kind::End || (next.kind == RecordRef::Kind::Raw && next.raw >= srcAnimCount))
      pastTable_.push_back({N.id, false, next.kind == RecordRef::Kind::Raw ? next.raw - srcAnimCount : 0u});
    std::vector<std::vector<Dispatch>> dispatches;
    auto scs = copyStateChanges(a0 + i, dispatches, outside, label);
    for (std::size_t k = 0; k < scs.size(); ++k) {
      dSegments.push_back({d_.newId(), shareVector(std::move(dispatches[k]))});
      scs[k].dispatches = RunRef::segment(dSegments.back().id);
    }
    scSegments.push_back({d_.newId(), shareVector(std::move(scs))});
    N.stateChanges = RunRef::segment(scSegments.back().id);
    cmdMark[i] = newCommands.size();
    if (A.numCommands > 0) N.commands = copyCommands(a0 + i, newCommands, commandsAt, label);
    newAnims.push_back(N);
  }
  // Empty command lists name the current position (the next list written), as the tools did.
  for (std::size_t i = 0; i < n; ++i)
    if (newAnims[i].numCommands == 0)
      newAnims[i].commands = cmdMark[i] < newCommands.size() ? PackageRef::at(newCommands[cmdMark[i]].id) : cAfter;
  if (outside.otherObject)
    warnings.push_back(label + ": " + std::to_string(outside.otherObject) +
                       " next-animation or dispatch targets are animations of another object; they point at the same "
                       "animation of that slot in the destination when it has one, else past the animation table");
  if (outside.pastTable)
    warnings.push_back(label + ": " + std::to_string(outside.pastTable) +
                       " next-animation or dispatch targets point past the source's animation table; they point past "
                       "the destination's by as much");

  auto insert = [](auto& table, std::size_t at, auto& segments) {
    auto& segs = table.edit().segments;
    segs.insert(segs.begin() + static_cast<long>(at), segments.begin(), segments.end());
  };
  out.animations = RunRef::segment(d_.insertSegment(d_.animations, animSeg, newAnims));
  insert(d_.stateChanges, scSeg, scSegments);
  insert(d_.dispatches, dSeg, dSegments);
  insert(d_.commands, cPos, newCommands);
  insert(d_.keyframes, kPos, kfSegments);

  if (auto k = mapKeyframes(movableOffset)) {
    out.keyframes = *k;
  } else {
    // It may point into another merged movable's keyframes: resolved in finish().
    out.keyframes = newAnims.front().keyframes;
    pendingKeyframes_.push_back({out.id, movableOffset, label});
  }
  if (k0) regions_.push_back(std::move(region));
}

}  // namespace wadsmith::merge
