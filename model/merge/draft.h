// A working copy of a WAD document for operations that insert and remove records (merge,
// object removal). Each part is copied only when first edited, so the result shares every
// part the operation did not touch with the document it came from.
#pragma once
#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "model/wad_document.h"

namespace wadsmith::merge {

// Copy on write over one shared part.
template <class T>
class Cow {
 public:
  Cow() = default;
  explicit Cow(Shared<T> p) : shared_(std::move(p)) {}
  const T& get() const { return owned_ ? *owned_ : *shared_; }
  const T* operator->() const { return &get(); }
  const T& operator*() const { return get(); }
  T& edit() {
    if (!owned_) owned_ = shared_ ? std::make_shared<T>(*shared_) : std::make_shared<T>();
    return *owned_;
  }
  bool edited() const { return owned_ != nullptr; }
  // The part as a shared value; call once the edits are done.
  Shared<T> result() const { return owned_ ? Shared<T>(owned_) : shared_; }
  // Takes a version built elsewhere (shared, not copied).
  void set(Shared<T> p) {
    if (p == result()) return;
    shared_ = std::move(p);
    owned_.reset();
  }

 private:
  Shared<T> shared_;
  std::shared_ptr<T> owned_;
};

struct WadDraft {
  explicit WadDraft(const WadDocument& doc);
  WadDocument result() const;

  Id newId() { return nextId++; }
  // The object tables as they stand (for ObjectView; valid until the next edit).
  ObjectTables tables() const;
  // Takes the object tables an ops::TablesEditor built from tables().
  void setTables(const ObjectTables& t);

  const WadDocument& base;
  Cow<std::vector<TextureSample>> samples;
  Cow<TexturePages> pixels;
  Cow<std::vector<MeshEntry>> meshes;
  Cow<std::vector<MeshPointer>> meshPointers;
  Cow<std::vector<Animation>> animations;
  Cow<std::vector<StateChange>> stateChanges;
  Cow<std::vector<Dispatch>> dispatches;
  Cow<WordPackage> commands;
  Cow<DwordPackage> links;
  Cow<WordPackage> keyframes;
  Cow<std::vector<Movable>> movables;
  Cow<std::vector<Static>> statics;
  Cow<WasFile> was;  // empty shared part when the document has no .WAS
  Id nextId;
};

// Position of a record id in a table, if present.
template <class T>
std::optional<std::size_t> findRecord(const std::vector<T>& table, Id id) {
  for (std::size_t i = 0; i < table.size(); ++i)
    if (table[i].id == id) return i;
  return std::nullopt;
}
template <class T>
std::optional<std::size_t> findRecord(const std::vector<T>& table, const RecordRef& r) {
  if (!r.isRecord()) return std::nullopt;
  return findRecord(table, r.id);
}

// Element offset of a package reference in its package (End = the size), if it resolves.
template <class T>
std::optional<std::uint32_t> packageOffset(const Package<T>& p, const PackageRef& r) {
  if (r.kind == PackageRef::Kind::End) return static_cast<std::uint32_t>(p.size());
  if (!r.isSegment()) return std::nullopt;
  std::uint32_t at = 0;
  for (const auto& s : p.segments) {
    if (s.id == r.segment) return at + r.delta;
    at += static_cast<std::uint32_t>(s.size());
  }
  return std::nullopt;
}

// `count` elements from `from`, across segments, clipped to the package.
template <class T>
std::vector<T> packageRange(const Package<T>& p, std::uint32_t from, std::uint32_t count) {
  std::vector<T> out;
  out.reserve(count);
  std::uint32_t at = 0;
  for (const auto& s : p.segments) {
    const std::uint32_t n = static_cast<std::uint32_t>(s.size());
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

// Moves an insertion index out of the middle of any [first, end) range (records that an
// object names by first index and count must stay contiguous).
inline std::size_t clearOfRanges(std::size_t pos, const std::vector<std::pair<std::size_t, std::size_t>>& ranges) {
  for (bool moved = true; moved;) {
    moved = false;
    for (const auto& [first, end] : ranges)
      if (first < pos && pos < end) {
        pos = end;
        moved = true;
      }
  }
  return pos;
}

// The same for a segment insertion index and element spans [from, to) that owners read.
template <class T>
std::size_t clearOfSpans(const Package<T>& p, std::size_t index,
                         const std::vector<std::pair<std::uint32_t, std::uint32_t>>& spans) {
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

}  // namespace wadsmith::merge
