// How the write-back (model/wad2/write_back.h) lines up a list of the file (W) with the same
// list converted as opened (O) and as edited (N) when the edit changed its length: an
// animation deleted from the middle, a keyframe inserted, a state change or vertices added.
// W lines up with O element for element; O's elements are paired with N's so that each of W's
// keeps its bytes where O and N agree, and only N's new or changed elements come from the
// conversion (words rounded back to floats).
#pragma once
#include <algorithm>
#include <cstddef>
#include <optional>
#include <vector>

namespace wadsmith::wad2 {

// One field of the file (W) with the edit written in: N's value where N differs from O.
template <class T>
void pick(T& w, const T& o, const T& n) {
  if (!(o == n)) w = n;
}

// N's element for each of O's: those O and N share at both ends (`same(k, j)`), then the rest
// of the middle by position, as far as both have elements there. An edit that inserts,
// deletes or changes one element keeps every other paired; O's elements left unpaired were
// deleted, N's are new. Lists of one length pair by position.
template <class Same>
std::vector<std::optional<std::size_t>> pairUp(std::size_t o, std::size_t n, Same&& same) {
  std::size_t head = 0, tail = 0;
  const std::size_t shorter = std::min(o, n);
  if (o != n) {
    while (head < shorter && same(head, head)) ++head;
    while (tail < shorter - head && same(o - 1 - tail, n - 1 - tail)) ++tail;
  }
  std::vector<std::optional<std::size_t>> out(o);
  const std::size_t middle = std::min(o, n) - head - tail;
  for (std::size_t k = 0; k < head + middle; ++k) out[k] = k;
  for (std::size_t k = o - tail; k < o; ++k) out[k] = k + n - o;
  return out;
}

// Paired by value.
template <class T>
std::vector<std::optional<std::size_t>> pairUp(const std::vector<T>& o, const std::vector<T>& n) {
  return pairUp(o.size(), n.size(), [&](std::size_t k, std::size_t j) { return o[k] == n[j]; });
}

// W (as long as O, `pairs` from pairUp) rebuilt in N's order: W's element where O's is paired
// with N's j (`merge(element, k, j)` puts in what O and N disagree on), `fresh(j)` where N's is new.
template <class T, class Merge, class Fresh>
std::vector<T> alongN(const std::vector<T>& w, const std::vector<std::optional<std::size_t>>& pairs, std::size_t n,
                      Merge&& merge, Fresh&& fresh) {
  std::vector<std::optional<std::size_t>> from(n);
  for (std::size_t k = 0; k < pairs.size() && k < w.size(); ++k)
    if (pairs[k]) from[*pairs[k]] = k;
  std::vector<T> out;
  out.reserve(n);
  for (std::size_t j = 0; j < n; ++j) {
    if (!from[j]) {
      out.push_back(fresh(j));
      continue;
    }
    T element = w[*from[j]];
    merge(element, *from[j], j);
    out.push_back(std::move(element));
  }
  return out;
}

}  // namespace wadsmith::wad2
