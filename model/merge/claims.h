// What the objects a merge takes claim from the source's tables, counted before anything is
// copied. Counts and first indices read from a file are data: runs may repeat or overlap, so
// every animation of a hostile file can claim the same 65,535 state changes and each of those
// the same 65,535 dispatches (copied owner by owner, trillions of records). A merge whose copies
// alone would not fit the WAD's 16-bit indices is refused here in O(table sizes), so what the
// copier does afterwards stays within the format's limits.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "model/object_view.h"

namespace wadsmith::merge {

// The WAD's limits: the counts of the merged tables must fit these (throws MergeError).
void checkFits(std::size_t n, std::size_t limit, const std::string& what, const std::string& whose);
constexpr std::size_t kMaxPointers = 0xFFFF, kMaxAnimations = 0x7FFF, kMaxStateChanges = 0xFFFF,
                      kMaxDispatches = 0xFFFF, kMaxCommandWords = 0xFFFF;

// [first, end) of a run as the source stored it, clipped to its table (a run past the table is
// copied as far as the table goes).
std::pair<std::size_t, std::size_t> storedRange(const ObjectView& v, const RunRef& r, std::size_t tableSize);

struct Claimed {
  bool movable = true;
  std::size_t index = 0;  // in the source's movable or static table
};
// Refuses (MergeError) a merge of `objects` whose copies would not fit a WAD, or whose
// movables' keyframes overlap (they would be copied once per movable).
void checkClaims(const ObjectView& sv, const std::vector<Claimed>& objects);

}  // namespace wadsmith::merge
