// Positions of a table (or words of a package) already visited. A file names runs by first
// index and count, and nothing stops every owner from claiming most of a table from a different
// first index (4,096 animations each claiming 65,535 state changes): a walk over the owners'
// runs that asks this first visits each record once, whatever the runs claim, and learns which
// owner an overlapping run collides with. Real files never overlap runs that are not identical
// (none of the corpus files does), so this costs them a map lookup per owner.
#pragma once
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <map>
#include <optional>
#include <vector>

namespace wadsmith {

class VisitedRanges {
 public:
  // Positions are [0, size): callers clip their ranges to the table first.
  explicit VisitedRanges(std::size_t size) : owner_(size, kNone) {}

  // The owner that first visited `at`, if any.
  std::optional<std::size_t> ownerAt(std::size_t at) const {
    return at < owner_.size() && owner_[at] != kNone ? std::optional<std::size_t>(owner_[at]) : std::nullopt;
  }

  // The first owner found in [first, end), if any of it was visited.
  std::optional<std::size_t> overlap(std::size_t first, std::size_t end) const {
    if (first >= end) return std::nullopt;
    auto it = ranges_.upper_bound(first);
    if (it != ranges_.begin() && std::prev(it)->second > first) return ownerAt(first);
    if (it != ranges_.end() && it->first < end) return ownerAt(it->first);
    return std::nullopt;
  }

  // The first visited position at or after `from`, or the size when there is none.
  std::size_t nextVisited(std::size_t from) const {
    auto it = ranges_.upper_bound(from);
    if (it != ranges_.begin() && std::prev(it)->second > from) return from;
    return it != ranges_.end() ? it->first : owner_.size();
  }

  // Marks [first, end) visited; positions not visited before are `owner`'s, and `fresh(i)` is
  // called for each of them in order. Amortized O(log n) per call plus the positions it is the
  // first to visit.
  template <class Fresh = void (*)(std::size_t)>
  void mark(std::size_t first, std::size_t end, std::size_t owner, Fresh fresh = [](std::size_t) {}) {
    if (end > owner_.size()) end = owner_.size();
    if (first >= end) return;
    auto it = ranges_.upper_bound(first);
    if (it != ranges_.begin() && std::prev(it)->second >= first) --it;
    std::size_t start = first, stop = end, at = first;
    if (it != ranges_.end() && it->first < start) start = it->first;
    while (it != ranges_.end() && it->first <= end) {
      fill(at, it->first, owner, fresh);
      at = std::max(at, it->second);
      stop = std::max(stop, it->second);
      it = ranges_.erase(it);
    }
    fill(at, end, owner, fresh);
    ranges_[start] = stop;
  }

 private:
  static constexpr std::uint32_t kNone = 0xFFFFFFFFu;
  template <class Fresh>
  void fill(std::size_t from, std::size_t to, std::size_t owner, Fresh& fresh) {
    for (std::size_t i = from; i < to; ++i) {
      owner_[i] = static_cast<std::uint32_t>(owner);
      fresh(i);
    }
  }
  std::map<std::size_t, std::size_t> ranges_;  // first -> end: disjoint, not touching
  std::vector<std::uint32_t> owner_;
};

}  // namespace wadsmith
