// Turning file positions into model references on read (Splitter for packages, RunCutter for
// record tables, linkIndex for single indices) and back into positions on write (Positions).
#pragma once
#include <algorithm>
#include <iterator>
#include <cstdint>
#include <string>
#include <vector>

#include "io/byte_reader.h"
#include "io/parse_error.h"
#include "model/package.h"
#include "model/refs.h"

namespace wadsmith {

// Splits a package of `size` elements at the given owner offsets; every owner gets a segment
// that runs to the next owner, so junk between owners stays with the owner before it.
class Splitter {
 public:
  Splitter(std::uint32_t size, std::vector<std::uint32_t> starts, Id& nextId) : size_(size) {
    starts.push_back(0);
    std::sort(starts.begin(), starts.end());
    starts.erase(std::unique(starts.begin(), starts.end()), starts.end());
    while (!starts.empty() && starts.back() >= size) starts.pop_back();
    starts_ = std::move(starts);
    for (std::size_t i = 0; i < starts_.size(); ++i) ids_.push_back(nextId++);
  }

  // A stored offset (in elements) as a reference.
  PackageRef resolve(std::uint32_t offset) const {
    if (offset > size_) return PackageRef::rawValue(offset);
    if (offset == size_) return PackageRef::end();
    auto it = std::upper_bound(starts_.begin(), starts_.end(), offset) - 1;
    auto i = static_cast<std::size_t>(it - starts_.begin());
    return PackageRef::at(ids_[i], offset - starts_[i]);
  }

  // Cuts little-endian package bytes (size_ elements of T) into segments.
  template <class T>
  Package<T> cut(std::span<const std::uint8_t> bytes) const {
    Package<T> p;
    p.segments.reserve(starts_.size());
    for (std::size_t i = 0; i < starts_.size(); ++i) {
      std::uint32_t end = i + 1 < starts_.size() ? starts_[i + 1] : size_;
      p.segments.push_back(
          {ids_[i], share<std::vector<T>>(decodeLittleEndian<T>(bytes.data() + starts_[i] * sizeof(T), end - starts_[i]))});
    }
    return p;
  }

 private:
  std::uint32_t size_;
  std::vector<std::uint32_t> starts_;
  std::vector<Id> ids_;
};

// Cuts a record table into the segments its owners' runs name (see RunRef). Owners are added
// in table order; an owner names a run by first index and count, or (a movable's animations,
// a static's pointer) by first index alone, its run going to the next owner's first index.
// Runs past the table stay raw. Records no owner names stay in segments of their own.
class RunCutter {
 public:
  explicit RunCutter(std::uint32_t size) : size_(size) {}

  // Returns a handle for ref() once the table is cut.
  std::size_t add(std::uint32_t first, std::uint32_t count) { return push({first, count, false, false}); }
  std::size_t addToNext(std::uint32_t first) { return push({first, 0, true, false}); }
  // A run kept as stored (e.g. -1 for a movable without animations).
  std::size_t addRaw(std::uint32_t first, std::uint32_t count) { return push({first, count, false, true}); }

  template <class T>
  Package<T> cut(std::vector<T> records, Id& nextId);
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
  std::uint32_t size_;
  std::vector<Run> runs_;
  std::vector<RunRef> refs_;
};

template <class T>
Package<T> RunCutter::cut(std::vector<T> records, Id& nextId) {
  // A run is raw when it does not fit: past the table, or a count running off its end.
  auto fits = [&](const Run& r) {
    if (r.raw) return false;
    if (r.toNext) return r.first <= size_;
    return std::uint64_t{r.first} + r.count <= size_ && (r.count > 0 || r.first <= size_);
  };
  std::vector<std::uint32_t> cuts{0};
  for (const auto& r : runs_)
    if (fits(r)) {
      cuts.push_back(r.first);
      if (!r.toNext) cuts.push_back(r.first + r.count);
    }
  std::sort(cuts.begin(), cuts.end());
  cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
  while (!cuts.empty() && cuts.back() >= size_) cuts.pop_back();

  // Empty runs get an empty segment each, before the records at their index, in owner order.
  std::vector<std::vector<std::size_t>> emptyAt(cuts.size() + 1);  // by cut; the last: the table's end
  auto cutIndex = [&](std::uint32_t at) {
    return static_cast<std::size_t>(std::lower_bound(cuts.begin(), cuts.end(), at) - cuts.begin());
  };
  for (std::size_t i = 0; i < runs_.size(); ++i) {
    const Run& r = runs_[i];
    if (fits(r) && ((!r.toNext && r.count == 0) || (r.toNext && r.first == size_))) emptyAt[cutIndex(r.first)].push_back(i);
  }

  Package<T> table;
  std::vector<Id> emptyId(runs_.size(), 0), startId(cuts.size()), endId(cuts.size());
  for (std::size_t c = 0; c <= cuts.size(); ++c) {
    for (auto owner : emptyAt[c]) {
      emptyId[owner] = nextId++;
      table.segments.push_back({emptyId[owner], share<std::vector<T>>()});
    }
    if (c == cuts.size()) break;
    const std::uint32_t from = cuts[c], to = c + 1 < cuts.size() ? cuts[c + 1] : size_;
    startId[c] = endId[c] = nextId++;
    table.segments.push_back({startId[c], share<std::vector<T>>(std::make_move_iterator(records.begin() + from),
                                                                 std::make_move_iterator(records.begin() + to))});
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
      refs_[i] = RunRef::segments(startId[cutIndex(r.first)], endId[cutIndex(r.first + r.count) - 1]);
  }
  return table;
}

// Positions of ids in the document being written: a table index for records, the first and
// one-past-last element of segments, a byte offset for mesh entries. Ids are unique across a
// document, so one vector serves every table.
class Positions {
 public:
  static constexpr std::uint32_t kUnset = 0xFFFFFFFFu;
  explicit Positions(Id idLimit) : pos_(idLimit, {kUnset, kUnset}) {}

  void set(Id id, std::uint32_t p, std::uint32_t end = kUnset) {
    if (id >= pos_.size()) pos_.resize(id + 1, {kUnset, kUnset});
    pos_[id] = {p, end};
  }
  std::uint32_t of(Id id, const char* what) const { return span(id, what).first; }
  // Table indices: tableSize is the count written for the referenced table.
  std::uint32_t index(const RecordRef& r, std::uint32_t tableSize, const char* what) const {
    switch (r.kind) {
      case RecordRef::Kind::Record: return of(r.id, what);
      case RecordRef::Kind::End: return tableSize;
      case RecordRef::Kind::Raw: break;
    }
    return r.raw;
  }
  // First index and count of a run.
  std::pair<std::uint32_t, std::uint32_t> run(const RunRef& r, const char* what) const {
    if (!r.isSegments()) return {r.rawFirst, r.rawCount};
    auto first = span(r.first, what), last = span(r.last, what);
    if (last.second == kUnset || last.second < first.first)
      throw WriteError(std::string("internal: a run of ") + what + " is not contiguous");
    return {first.first, last.second - first.first};
  }
  // Package offsets in the unit the field stores: `scale` converts elements to that unit
  // (keyframe offsets are bytes of a word package: scale 2).
  std::uint32_t offset(const PackageRef& r, std::uint32_t packageSize, std::uint32_t scale, const char* what) const {
    switch (r.kind) {
      case PackageRef::Kind::Segment: return (of(r.segment, what) + r.delta) * scale;
      case PackageRef::Kind::End: return packageSize * scale;
      case PackageRef::Kind::Raw: break;
    }
    return r.raw;
  }

 private:
  std::pair<std::uint32_t, std::uint32_t> span(Id id, const char* what) const {
    if (id >= pos_.size() || pos_[id].first == kUnset)
      throw WriteError(std::string("dangling reference to ") + what + " id " + std::to_string(id));
    return pos_[id];
  }
  std::vector<std::pair<std::uint32_t, std::uint32_t>> pos_;
};

// Turns the raw table indices read from a file into record references.
inline RecordRef linkIndex(std::uint32_t index, const std::vector<Id>& ids) {
  if (index < ids.size()) return RecordRef::record(ids[index]);
  if (index == ids.size()) return RecordRef::end();
  return RecordRef::rawValue(index);
}

}  // namespace wadsmith
