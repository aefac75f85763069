// Reading and placing runs of package elements (keyframe words, command words, link dwords)
// for a merge: where the elements an owner reads lie, and where new ones can go without
// landing inside what another owner reads.
#pragma once
#include <algorithm>
#include <cstdint>
#include <vector>

#include "model/package.h"

namespace wadsmith::merge {

// `count` elements from `from`, across segments, clipped to the package.
template <class T>
std::vector<T> packageRange(const Package<T>& p, std::uint32_t from, std::uint32_t count) {
  std::vector<T> out;
  std::uint32_t at = 0;
  for (const auto& s : p.segments) {
    const auto n = static_cast<std::uint32_t>(s.size());
    if (from < at + n && out.size() < count) {
      std::uint32_t local = from > at ? from - at : 0;
      std::uint32_t take = std::min(n - local, count - static_cast<std::uint32_t>(out.size()));
      out.insert(out.end(), s.items->begin() + local, s.items->begin() + local + take);
    }
    at += n;
    if (out.size() >= count) break;
  }
  return out;
}

// The segment index an insertion "at this reference" goes before: a segment start, the
// package end, or (for a reference into the middle of a segment) the segment after it.
template <class T>
std::size_t insertionIndex(const Package<T>& p, const PackageRef& r) {
  if (r.isSegment()) {
    long i = p.find(r.segment);
    if (i >= 0) return static_cast<std::size_t>(i) + (r.delta > 0 ? 1 : 0);
  }
  return p.segments.size();
}

// Moves a segment insertion index past any element span [from, to) an owner reads.
template <class T>
std::size_t clearOfSpans(const Package<T>& p, std::size_t index, const std::vector<std::pair<std::uint32_t, std::uint32_t>>& spans) {
  const auto starts = p.starts();
  for (bool moved = true; moved && index < p.segments.size();) {
    moved = false;
    const std::uint32_t at = starts[index];
    for (const auto& [from, to] : spans)
      if (from < at && at < to) {
        while (index < p.segments.size() && starts[index] < to) ++index;
        moved = true;
        break;
      }
  }
  return index;
}

template <class T>
Shared<std::vector<T>> shareVector(std::vector<T> v) {
  return share<std::vector<T>>(std::move(v));
}

}  // namespace wadsmith::merge
