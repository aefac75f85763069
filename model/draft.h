// Building the next version of a document: every part is copied the first time an operation
// edits it and shared with the previous version otherwise, so an edit of any size (a face
// attribute, a merge of a hundred objects) leaves the old version intact for undo. The one
// copy-on-write editor of the model: edit operations, object removal, merges and imports all
// work on a Draft.
#pragma once
#include <algorithm>
#include <memory>
#include <unordered_set>
#include <vector>

#include "model/document.h"

namespace wadsmith {

// Copy on write over one shared part. Handing the part out (result) freezes it: the next edit
// copies again, so nothing handed out ever changes.
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
  // No part at all (a WAD without a .WAS, sounds or sprites): get() must not be called.
  bool absent() const { return !owned_ && !shared_; }
  Shared<T> result() const {
    if (owned_) {
      shared_ = owned_;
      owned_.reset();
    }
    return shared_;
  }

 private:
  mutable Shared<T> shared_;
  mutable std::shared_ptr<T> owned_;
};

class Draft : public TableParts<Cow> {
 public:
  explicit Draft(const Document& doc);

  // The new version (the draft may go on: later edits copy again). WAD parts are ignored for a
  // level.
  Document result() const;
  WadDocument wadResult() const;  // the draft of a WAD as a WAD
  // The object tables as they stand (for an ObjectView of the draft).
  ObjectTables tables() const;
  bool isWad() const { return isWad_; }

  Id newId() { return nextId_++; }

  // The object tables' parts are the base's; the WAD parts:
  Cow<std::vector<TextureSample>> samples;
  Cow<TexturePages> pixels;
  Cow<WasFile> was;  // empty part when the WAD has no .WAS
  Cow<SoundSet> sounds;     // empty part when the WAD has no sounds
  Cow<SpriteFile> sprites;  // empty part when the WAD has no .SWD

  // The records of one segment, copied on first use (the rest of the table stays shared).
  template <class T>
  std::vector<T>& items(Cow<Package<T>>& table, Id segment);
  // A record by where a view of this draft found it.
  template <class T>
  T& record(Cow<Package<T>>& table, const RecordSlot& at) {
    return items(table, at.segment)[at.offset];
  }
  // Inserts a segment before position `at` of a package; returns its id.
  template <class T>
  Id insertSegment(Cow<Package<T>>& table, std::size_t at, std::vector<T> items);

 private:
  Document base_;
  bool isWad_;
  KeyframeFormat keyframeFormat_ = KeyframeFormat::Tr4;
  Id nextId_;
  // Segment vectors this draft made and has not handed out yet: edited in place.
  mutable std::unordered_set<const void*> ownedItems_;
};

template <class T>
std::vector<T>& Draft::items(Cow<Package<T>>& table, Id segment) {
  const long at = table.edit().find(segment);  // found read-only: writing a segment copies its chunk
  if (at < 0) throw std::logic_error("internal: segment " + std::to_string(segment) + " is not in the table");
  auto it = &table.edit().segments[static_cast<std::size_t>(at)];
  if (!it->items.built() || !ownedItems_.count(it->items.built())) {
    auto copy = std::make_shared<std::vector<T>>(it->items.begin(), it->items.end());
    ownedItems_.insert(copy.get());
    it->items = copy;
  }
  // The draft made this vector and no other version holds it yet.
  return const_cast<std::vector<T>&>(*it->items.built());
}

template <class T>
Id Draft::insertSegment(Cow<Package<T>>& table, std::size_t at, std::vector<T> items) {
  auto& segs = table.edit().segments;
  auto v = std::make_shared<std::vector<T>>(std::move(items));
  ownedItems_.insert(v.get());
  const Id id = newId();
  segs.insert(segs.begin() + static_cast<long>(std::min(at, segs.size())), Segment<T>{id, v});
  return id;
}

// Runs `f(Draft&)` on a document and returns the new version.
template <class F>
Document editDocument(const Document& d, F&& f) {
  Draft e(d);
  f(e);
  return e.result();
}

}  // namespace wadsmith
