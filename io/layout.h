// Turning file positions into model references on read (Splitter, RecordLinker) and back into
// positions on write (Positions).
#pragma once
#include <algorithm>
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

// Positions of ids in the document being written: a table index for records, an element
// offset for segments. Ids are unique across a document, so one vector serves every table.
class Positions {
 public:
  static constexpr std::uint32_t kUnset = 0xFFFFFFFFu;
  explicit Positions(Id idLimit) : pos_(idLimit, kUnset) {}

  void set(Id id, std::uint32_t p) {
    if (id >= pos_.size()) pos_.resize(id + 1, kUnset);
    pos_[id] = p;
  }
  std::uint32_t of(Id id, const char* what) const {
    if (id >= pos_.size() || pos_[id] == kUnset)
      throw WriteError(std::string("dangling reference to ") + what + " id " + std::to_string(id));
    return pos_[id];
  }
  // Table indices: tableSize is the count written for the referenced table.
  std::uint32_t index(const RecordRef& r, std::uint32_t tableSize, const char* what) const {
    switch (r.kind) {
      case RecordRef::Kind::Record: return of(r.id, what);
      case RecordRef::Kind::End: return tableSize;
      case RecordRef::Kind::Raw: break;
    }
    return r.raw;
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
  std::vector<std::uint32_t> pos_;
};

// Turns the raw table indices read from a file into record references.
inline RecordRef linkIndex(std::uint32_t index, const std::vector<Id>& ids) {
  if (index < ids.size()) return RecordRef::record(ids[index]);
  if (index == ids.size()) return RecordRef::end();
  return RecordRef::rawValue(index);
}

}  // namespace wadsmith
