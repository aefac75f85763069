#include "model/merge/claims.h"

#include <algorithm>
#include <optional>
#include <set>

#include "model/merge/merge.h"

namespace wadsmith::merge {

void checkFits(std::size_t n, std::size_t limit, const std::string& what, const std::string& whose) {
  if (n > limit)
    throw MergeError(whose + " " + std::to_string(n) + " " + what + " (at most " + std::to_string(limit) +
                     " fit the format's 16-bit indices)");
}

std::pair<std::size_t, std::size_t> storedRange(const ObjectView& v, const RunRef& r, std::size_t tableSize) {
  if (r.isSegments()) return v.runRange(r);
  std::size_t first = std::min<std::size_t>(r.rawFirst, tableSize);
  return {first, std::min<std::size_t>(std::size_t{r.rawFirst} + r.rawCount, tableSize)};
}

// The source keyframe words a movable's animations' runs cover.
static std::optional<std::pair<std::uint32_t, std::uint32_t>> keyframeSpan(const ObjectView& sv, std::size_t m) {
  auto [a0, a1] = sv.animationRange(m);
  std::optional<std::pair<std::uint32_t, std::uint32_t>> span;
  for (auto a = a0; a < a1; ++a)
    if (const auto& run = sv.animations()[a].keyframes; run.isSegments()) {
      const auto [first, end] = sv.runRange(run);
      span = std::pair(std::min<std::uint32_t>(span ? span->first : first, first), std::max<std::uint32_t>(span ? span->second : end, end));
    }
  return span;
}

void checkClaims(const ObjectView& sv, const std::vector<Claimed>& objects) {
  const std::string whose = "the merged objects would bring";
  std::size_t pointers = 0, animations = 0;
  for (const auto& o : objects) {
    if (!o.movable) {
      ++pointers;
      continue;
    }
    const auto [p0, p1] = sv.runRange(sv.movables()[o.index].pointers);
    const auto [a0, a1] = sv.animationRange(o.index);
    pointers += p1 - p0, animations += a1 - a0;
  }
  checkFits(pointers, kMaxPointers, "mesh pointers", whose);
  checkFits(animations, kMaxAnimations, "animations", whose);

  // Dispatches a run of state changes brings: prefix sums of each state change's clipped count.
  const auto& scs = sv.stateChanges();
  std::vector<std::size_t> dispatchesBefore(scs.size() + 1, 0);
  for (std::size_t s = 0; s < scs.size(); ++s) {
    auto [d0, d1] = storedRange(sv, scs[s].dispatches, sv.dispatches().size());
    dispatchesBefore[s + 1] = dispatchesBefore[s] + (d1 - d0);
  }
  std::size_t stateChanges = 0, dispatches = 0, commandWords = 0, keyframeWords = 0;
  for (const auto& o : objects) {
    if (!o.movable) continue;
    const auto [a0, a1] = sv.animationRange(o.index);
    std::set<std::uint32_t> lists;  // a movable's animations sharing a list copy it once
    for (auto a = a0; a < a1; ++a) {
      const Animation& an = sv.animations()[a];
      auto [s0, s1] = storedRange(sv, an.stateChanges, scs.size());
      stateChanges += s1 - s0;
      dispatches += dispatchesBefore[s1] - dispatchesBefore[s0];
      if (auto w = sv.runStart(an.commands); w && an.numCommands && lists.insert(*w).second)
        commandWords += sv.parsableCommands(a);  // each command is at least a word
    }
    if (auto k = keyframeSpan(sv, o.index)) keyframeWords += k->second - k->first;
  }
  checkFits(stateChanges, kMaxStateChanges, "state changes", whose);
  checkFits(dispatches, kMaxDispatches, "dispatches", whose);
  checkFits(commandWords, kMaxCommandWords, "command words", whose);
  // Movables' keyframes are disjoint in any file a tool wrote; more words than the package
  // holds means they overlap, and each movable would carry its own copy.
  const std::size_t package = sv.tables().keyframes->size();
  if (keyframeWords > package)
    throw MergeError(whose + " " + std::to_string(keyframeWords) + " keyframe words from a package of " +
                     std::to_string(package) + ": the movables' keyframes overlap");
}

}  // namespace wadsmith::merge
