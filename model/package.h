// A package as an ordered list of segments: the words and dwords the tables point into
// (keyframes, commands, links), and the record tables whose runs owners name by first index and
// count (mesh pointers, animations, state changes, dispatches). Each segment is the run of
// elements owned by one thing (an animation's keyframes or state changes, a movable's links or
// mesh pointers...), including any junk that follows it up to the next owner: laying the
// segments out in order reproduces the package exactly.
#pragma once
#include <cstdint>
#include <vector>

#include "model/refs.h"

namespace wadsmith {

template <class T>
struct Segment {
  Id id = 0;
  Shared<std::vector<T>> items;
  bool empty() const { return size() == 0; }
  std::size_t size() const { return items ? items->size() : 0; }
};

template <class T>
struct Package {
  std::vector<Segment<T>> segments;

  bool empty() const { return size() == 0; }
  std::size_t size() const {
    std::size_t n = 0;
    for (const auto& s : segments) n += s.size();
    return n;
  }
  // Position of a segment by id, or -1.
  long find(Id id) const {
    for (std::size_t i = 0; i < segments.size(); ++i)
      if (segments[i].id == id) return static_cast<long>(i);
    return -1;
  }
  // All elements in order (for decoding views; writers lay out segments directly).
  std::vector<T> flatten() const {
    std::vector<T> out;
    out.reserve(size());
    for (const auto& s : segments)
      if (s.items) out.insert(out.end(), s.items->begin(), s.items->end());
    return out;
  }
};

using WordPackage = Package<std::uint16_t>;
using DwordPackage = Package<std::int32_t>;

}  // namespace wadsmith
