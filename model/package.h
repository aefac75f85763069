// A package as an ordered list of segments: the words and dwords the tables point into
// (keyframes, commands, links), and the record tables whose runs owners name by first index and
// count (mesh pointers, animations, state changes, dispatches). Each segment is the run of
// elements owned by one thing (an animation's keyframes or state changes, a movable's links or
// mesh pointers...), including any junk that follows it up to the next owner: laying the
// segments out in order reproduces the package exactly.
#pragma once
#include <algorithm>
#include <compare>
#include <cstdint>
#include <iterator>
#include <memory>
#include <vector>

#include "model/refs.h"

namespace wadsmith {

// A segment's elements: a vector the model built, or a view of words a little-endian file stores
// as they are (a keyframe package), kept alive by the file's owner: read without a copy, written
// and compared in place. Null (no elements) until set.
template <class T>
class Elements {
 public:
  Elements() = default;
  Elements(Shared<std::vector<T>> built) : built_(std::move(built)) {}
  Elements(std::shared_ptr<std::vector<T>> built) : built_(std::move(built)) {}
  static Elements view(std::shared_ptr<const void> owner, const T* data, std::size_t size) {
    Elements e;
    e.owner_ = std::move(owner), e.data_ = data, e.size_ = size;
    return e;
  }
  const T* data() const { return built_ ? built_->data() : data_; }
  std::size_t size() const { return built_ ? built_->size() : size_; }
  bool empty() const { return size() == 0; }
  const T* begin() const { return data(); }
  const T* end() const { return data() + size(); }
  const T& operator[](std::size_t i) const { return data()[i]; }
  explicit operator bool() const { return built_ || owner_; }
  std::vector<T> vector() const { return {begin(), end()}; }
  // The built vector (a draft edits the ones it made in place), or null for a view.
  const std::vector<T>* built() const { return built_.get(); }
  // What keeps the elements alive.
  std::shared_ptr<const void> owner() const { return built_ ? std::shared_ptr<const void>(built_) : owner_; }

 private:
  Shared<std::vector<T>> built_;
  std::shared_ptr<const void> owner_;
  const T* data_ = nullptr;
  std::size_t size_ = 0;
};

template <class T>
struct Segment {
  Id id = 0;
  Elements<T> items;
  bool empty() const { return size() == 0; }
  std::size_t size() const { return items.size(); }
};

// A package's segments in fixed-size chunks shared between versions: an edit copies the chunk it
// changes, not the list (Lara's keyframe package has 731 segments; a pose edit changes one, and
// the history keeps every version). Reads and writes as a vector of segments.
template <class T>
class SegmentList {
 public:
  using value_type = Segment<T>;
  template <class List, class Ref>
  struct Iter {
    using iterator_category = std::random_access_iterator_tag;
    using value_type = Segment<T>;
    using difference_type = std::ptrdiff_t;
    using pointer = std::remove_reference_t<Ref>*;
    using reference = Ref;
    List* list = nullptr;
    std::size_t i = 0;
    Ref operator*() const { return (*list)[i]; }
    pointer operator->() const { return &(*list)[i]; }
    Ref operator[](difference_type n) const { return (*list)[i + n]; }
    Iter& operator++() { return ++i, *this; }
    Iter operator++(int) { return {list, i++}; }
    Iter& operator--() { return --i, *this; }
    Iter operator--(int) { return {list, i--}; }
    Iter& operator+=(difference_type n) { return i += n, *this; }
    Iter& operator-=(difference_type n) { return i -= n, *this; }
    friend Iter operator+(Iter a, difference_type n) { return a += n; }
    friend Iter operator+(difference_type n, Iter a) { return a += n; }
    friend Iter operator-(Iter a, difference_type n) { return a -= n; }
    friend difference_type operator-(const Iter& a, const Iter& b) { return difference_type(a.i) - difference_type(b.i); }
    friend bool operator==(const Iter& a, const Iter& b) { return a.i == b.i; }
    friend auto operator<=>(const Iter& a, const Iter& b) { return a.i <=> b.i; }
  };
  using iterator = Iter<SegmentList, Segment<T>&>;
  using const_iterator = Iter<const SegmentList, const Segment<T>&>;

  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const Segment<T>& operator[](std::size_t i) const { return (*chunks_[i / kChunk])[i % kChunk]; }
  Segment<T>& operator[](std::size_t i) { return own(i / kChunk)[i % kChunk]; }
  const Segment<T>& back() const { return (*this)[size_ - 1]; }
  const_iterator begin() const { return {this, 0}; }
  const_iterator end() const { return {this, size_}; }
  iterator begin() { return {this, 0}; }
  iterator end() { return {this, size_}; }
  auto rbegin() const { return std::reverse_iterator(end()); }
  auto rend() const { return std::reverse_iterator(begin()); }

  void push_back(Segment<T> s) {
    if (size_ % kChunk == 0) chunks_.push_back(std::make_shared<std::vector<Segment<T>>>());
    own(chunks_.size() - 1).push_back(std::move(s));
    ++size_;
  }
  template <class At, class It>
  void insert(At at, It first, It last) {
    retail(at.i, [&](auto& tail, std::size_t p) { tail.insert(tail.begin() + long(p), first, last); });
  }
  template <class At>
  void insert(At at, Segment<T> s) {
    insert(at, &s, &s + 1);
  }
  template <class At>
  void erase(At at) {
    retail(at.i, [&](auto& tail, std::size_t p) { tail.erase(tail.begin() + long(p)); });
  }
  template <class Pred>
  void eraseIf(Pred pred) {
    retail(0, [&](auto& tail, std::size_t) { std::erase_if(tail, pred); });
  }

 private:
  static constexpr std::size_t kChunk = 32;
  std::vector<Segment<T>>& own(std::size_t c) {
    if (chunks_[c].use_count() > 1) chunks_[c] = std::make_shared<std::vector<Segment<T>>>(*chunks_[c]);
    return *chunks_[c];
  }
  // Rebuilds the chunks from the one holding `from` on: `edit(tail, from's place in tail)`.
  template <class Edit>
  void retail(std::size_t from, Edit edit) {
    const std::size_t c = std::min(from, size_) / kChunk;
    std::vector<Segment<T>> tail;
    for (std::size_t i = c * kChunk; i < size_; ++i) tail.push_back((*this)[i]);
    edit(tail, std::min(from, size_) - c * kChunk);
    chunks_.resize(c);
    size_ = c * kChunk;
    for (auto& s : tail) push_back(std::move(s));
  }
  std::vector<std::shared_ptr<std::vector<Segment<T>>>> chunks_;
  std::size_t size_ = 0;
};

template <class T>
struct Package {
  SegmentList<T> segments;
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
      out.insert(out.end(), s.items.begin(), s.items.end());
    return out;
  }
};

using WordPackage = Package<std::uint16_t>;
using DwordPackage = Package<std::int32_t>;

}  // namespace wadsmith
