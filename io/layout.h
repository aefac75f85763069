// Turning model references back into file positions on write (model/run_cutter.h turns
// positions into references on read).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "io/parse_error.h"
#include "model/package.h"
#include "model/refs.h"

namespace wadsmith {

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
  // (keyframe offsets are bytes of a word package: scale 2); a raw value is written as stored.
  std::uint32_t offset(const PackageRef& r, std::uint32_t packageSize, std::uint32_t scale, const char* what) const {
    switch (r.kind) {
      case PackageRef::Kind::Segment: return (of(r.segment, what) + r.delta) * scale;
      case PackageRef::Kind::End: return packageSize * scale;
      case PackageRef::Kind::Raw: break;
    }
    return r.raw;
  }
  std::uint32_t offset(const RunRef& r, std::uint32_t scale, const char* what) const {
    return r.isSegments() ? run(r, what).first * scale : r.rawFirst;
  }

 private:
  std::pair<std::uint32_t, std::uint32_t> span(Id id, const char* what) const {
    if (id >= pos_.size() || pos_[id].first == kUnset)
      throw WriteError(std::string("dangling reference to ") + what + " id " + std::to_string(id));
    return pos_[id];
  }
  std::vector<std::pair<std::uint32_t, std::uint32_t>> pos_;
};

}  // namespace wadsmith
