// Merging movables and statics from a source WAD into a destination WAD: one operation, a
// function of the two documents that returns the new destination (the inputs are untouched,
// so undo is keeping the old document) and a report of what it did.
//
// Each merged object brings exactly what it needs: its meshes (shared with a destination
// mesh when identical in bytes after the texture remap), its mesh tree, its animations with
// keyframes, state changes, dispatches and commands (every index and offset rebased by
// construction: new records get fresh ids), and the texture samples its faces use, with
// their pixels (see texture_transfer.h). A TR4 level becomes a source through
// levelAsMergeSource (level_source.h).
#pragma once
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "model/merge/related_slots.h"
#include "model/merge/texture_transfer.h"
#include "model/wad_document.h"

namespace wadsmith {

struct MergeItem {
  ObjectKey source;
  std::optional<std::uint32_t> targetSlot;  // --as: place it under another slot id
};

struct MergeRequest {
  std::vector<MergeItem> items;
  bool all = false;          // every movable and static of the source (items ignored)
  bool replace = false;      // an occupied target slot is replaced (else the merge is refused)
  bool withRelated = false;  // bring related slots the destination lacks
  // The path written in a new .WAS line when the source has no line for the object.
  std::string sourceLabel;
};

struct MergedObject {
  ObjectKey source, target;
  std::string name;
  bool replaced = false;  // took the place of an object of the same slot
  bool related = false;   // brought by --with-related
  std::size_t meshes = 0, meshesShared = 0;  // mesh pointers; of which point at existing meshes
  std::size_t animations = 0;
};

struct RelatedNote {
  ObjectKey slot;     // the related slot
  ObjectKey neededBy;
  std::string why;
  bool brought = false;  // merged because of --with-related
};

struct MergeReport {
  std::vector<MergedObject> merged;
  std::vector<ObjectKey> removed;  // replaced objects
  std::size_t meshesAdded = 0, meshesReused = 0;
  TextureStats textures;
  std::vector<RelatedNote> related;  // present in the source, missing in the destination
  std::vector<std::uint16_t> soundIds;  // sounds the merged animations play (sorted)
  std::vector<std::string> warnings;
};

struct MergeResult {
  WadDocument document;
  MergeReport report;
};

// A merge that cannot be done (unknown object, occupied slot, format limits): nothing changes.
class MergeError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

MergeResult mergeObjects(const WadDocument& destination, const WadDocument& source, const MergeRequest& request);

}  // namespace wadsmith
