// Turning the positions a file stores into model references: RunCutter cuts a record table or
// a package into the segments its owners' runs name, linkIndex turns a table index into a
// record reference. The writer turns them back (io/layout.h Positions).
#pragma once
#include <algorithm>
#include <cstdint>
#include <iterator>
#include <vector>

#include "model/package.h"
#include "model/refs.h"

namespace wadsmith {

// Cuts a record table or a package into the segments its owners' runs name (see RunRef). Owners
// are added in table order; an owner names a run by first index and count, or (a movable's
// animations and keyframe start, a static's pointer) by first index alone, its run going to the
// next owner's first index. Runs past the table stay raw. Elements no owner names (junk between
// link records) stay in segments of their own.
class RunCutter {
 public:
  explicit RunCutter(std::uint32_t size) : size_(size) {}

  // Returns a handle for ref() once the table is cut.
  std::size_t add(std::uint32_t first, std::uint32_t count) { return push({first, count, false, false}); }
  std::size_t addToNext(std::uint32_t first) { return push({first, 0, true, false}); }
  // A run kept as stored (e.g. -1 for a movable without animations).
  std::size_t addRaw(std::uint32_t first, std::uint32_t count) { return push({first, count, false, true}); }

  // `slice(from, to)` gives the elements [from, to) of the table.
  template <class T, class Slice>
  Package<T> cut(Id& nextId, Slice slice);
  template <class T>
  Package<T> cut(std::vector<T> records, Id& nextId) {
    return cut<T>(nextId, [&](std::uint32_t from, std::uint32_t to) {
      return share<std::vector<T>>(std::make_move_iterator(records.begin() + from),
                                   std::make_move_iterator(records.begin() + to));
    });
  }
  RunRef ref(std::size_t owner) const { return refs_[owner]; }

 private:
  struct Run {
    std::uint32_t first, count;
    bool toNext, raw;
  };
  std::size_t push(Run r) {
    runs_.push_back(r);
    return runs_.size() - 1;
  }
  // A run is raw when it does not fit: past the table, or a count running off its end.
  bool fits(const Run& r) const {
    if (r.raw) return false;
    if (r.toNext) return r.first <= size_;
    return std::uint64_t{r.first} + r.count <= size_;
  }
  std::uint32_t size_;
  std::vector<Run> runs_;
  std::vector<RunRef> refs_;
};

template <class T, class Slice>
Package<T> RunCutter::cut(Id& nextId, Slice slice) {
  std::vector<std::uint32_t> cuts{0};
  for (const auto& r : runs_)
    if (fits(r)) {
      cuts.push_back(r.first);
      if (!r.toNext) cuts.push_back(r.first + r.count);
    }
  if (!std::is_sorted(cuts.begin(), cuts.end())) std::sort(cuts.begin(), cuts.end());  // owners come in table order
  cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
  while (!cuts.empty() && cuts.back() >= size_) cuts.pop_back();

  // Empty runs get an empty segment each, before the elements at their index, in owner order.
  auto cutIndex = [&](std::uint32_t at) {
    return static_cast<std::size_t>(std::lower_bound(cuts.begin(), cuts.end(), at) - cuts.begin());
  };
  std::vector<std::pair<std::size_t, std::size_t>> empties;  // (cut, owner); cuts.size(): the table's end
  for (std::size_t i = 0; i < runs_.size(); ++i) {
    const Run& r = runs_[i];
    if (fits(r) && ((!r.toNext && r.count == 0) || (r.toNext && r.first == size_))) empties.push_back({cutIndex(r.first), i});
  }
  std::stable_sort(empties.begin(), empties.end(), [](const auto& a, const auto& b) { return a.first < b.first; });

  // Empty segments share one empty vector (an edit copies a vector before writing to it).
  static const Shared<std::vector<T>> kNoItems = share<std::vector<T>>();
  Package<T> table;
  std::vector<Id> emptyId(runs_.size(), 0), startId(cuts.size());
  auto empty = empties.begin();
  for (std::size_t c = 0; c <= cuts.size(); ++c) {
    for (; empty != empties.end() && empty->first == c; ++empty) {
      emptyId[empty->second] = nextId++;
      table.segments.push_back({emptyId[empty->second], kNoItems});
    }
    if (c == cuts.size()) break;
    const std::uint32_t from = cuts[c], to = c + 1 < cuts.size() ? cuts[c + 1] : size_;
    startId[c] = nextId++;
    table.segments.push_back({startId[c], slice(from, to)});
  }
  refs_.resize(runs_.size());
  for (std::size_t i = 0; i < runs_.size(); ++i) {
    const Run& r = runs_[i];
    if (!fits(r))
      refs_[i] = RunRef::rawValue(r.first, r.count);
    else if (emptyId[i])
      refs_[i] = RunRef::segment(emptyId[i]);
    else if (r.toNext)
      refs_[i] = RunRef::segment(startId[cutIndex(r.first)]);
    else
      refs_[i] = RunRef::segments(startId[cutIndex(r.first)], startId[cutIndex(r.first + r.count) - 1]);
  }
  return table;
}

// A stored table index as a record reference.
inline RecordRef linkIndex(std::uint32_t index, const std::vector<Id>& ids) {
  if (index < ids.size()) return RecordRef::record(ids[index]);
  if (index == ids.size()) return RecordRef::end();
  return RecordRef::rawValue(index);
}

}  // namespace wadsmith
