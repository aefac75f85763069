// References between records and into packages. The file stores positions (table indices,
// byte/word/dword offsets); the model stores what they point at, so inserting or removing
// records renumbers everything by construction when the writer resolves them.
#pragma once
#include <cstdint>
#include <memory>

namespace wadsmith {

using Id = std::uint32_t;
template <class T>
using Shared = std::shared_ptr<const T>;

template <class T, class... Args>
Shared<T> share(Args&&... args) {
  return std::make_shared<const T>(std::forward<Args>(args)...);
}

// A table index: a record (by stable id), one past the last record, or a value that pointed
// nowhere in the file and is kept as stored.
struct RecordRef {
  enum class Kind : std::uint8_t { Record, End, Raw };
  Kind kind = Kind::Raw;
  Id id = 0;             // Kind::Record
  std::uint32_t raw = 0;  // Kind::Raw: the stored value, bit for bit in the field's width

  static RecordRef record(Id id) { return {Kind::Record, id, 0}; }
  static RecordRef end() { return {Kind::End, 0, 0}; }
  static RecordRef rawValue(std::uint32_t v) { return {Kind::Raw, 0, v}; }
  bool isRecord() const { return kind == Kind::Record; }
  friend bool operator==(const RecordRef&, const RecordRef&) = default;
};

// A byte offset into the mesh package: a mesh entry plus a delta (a pointer landing inside a
// mesh), the package's end, or a raw stored value.
struct PackageRef {
  enum class Kind : std::uint8_t { Segment, End, Raw };
  Kind kind = Kind::Raw;
  Id segment = 0;
  std::uint32_t delta = 0;  // in package elements
  std::uint32_t raw = 0;    // Kind::Raw: the stored value

  static PackageRef at(Id segment, std::uint32_t delta = 0) { return {Kind::Segment, segment, delta, 0}; }
  static PackageRef end() { return {Kind::End, 0, 0, 0}; }
  static PackageRef rawValue(std::uint32_t v) { return {Kind::Raw, 0, 0, v}; }
  bool isSegment() const { return kind == Kind::Segment; }
  friend bool operator==(const PackageRef&, const PackageRef&) = default;
};

// A run of records or package elements one owner names by first index and count (or by first
// index alone): an animation's state changes, keyframe words and command words, a state
// change's dispatches, a movable's mesh pointers, link records, keyframe start and animations, a
// static's mesh pointer. The run is the segments first..last of a segmented table or package
// (laid out contiguously, so the writer derives first index and count); an empty run is an
// empty segment of its own, sitting where the classic tools' index pointed. Owners that named
// the same elements share segments. A run that pointed past its table keeps the stored numbers
// (a keyframe offset its bytes).
struct RunRef {
  enum class Kind : std::uint8_t { Segments, Raw };
  Kind kind = Kind::Raw;
  Id first = 0, last = 0;                       // Kind::Segments
  std::uint32_t rawFirst = 0, rawCount = 0;     // Kind::Raw: as stored

  static RunRef segments(Id first, Id last) { return {Kind::Segments, first, last, 0, 0}; }
  static RunRef segment(Id s) { return segments(s, s); }
  static RunRef rawValue(std::uint32_t first, std::uint32_t count) { return {Kind::Raw, 0, 0, first, count}; }
  bool isSegments() const { return kind == Kind::Segments; }
  friend bool operator==(const RunRef&, const RunRef&) = default;
};

// Where a record sits in its segmented table.
struct RecordSlot {
  Id segment = 0;
  std::size_t offset = 0;
};

}  // namespace wadsmith
