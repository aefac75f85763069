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

// An offset into a package (mesh bytes, keyframe words, command words, link dwords): a
// segment plus a delta in the package's elements, the package's end, or a raw stored value.
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

}  // namespace wadsmith
