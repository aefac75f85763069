// Merging movables and statics from a source WAD into a destination WAD as one document
// operation: a function of the two documents that returns the new destination (the inputs are
// untouched, so undo is keeping the old document: one undo step whatever the merge brings)
// and a report of what it did.
//
// Each merged object brings exactly what it needs: its meshes (shared with a destination mesh
// that looks the same after the texture remap), its mesh tree, its animations with keyframes,
// state changes, dispatches and commands (every index and offset rebased by construction: new
// records get fresh ids and go where the classic tools put them), and the texture samples its
// faces use, with their pixels (texture_transfer.h). A TR4 level becomes a source through
// extractLevelObjects (level_extract.h).
#pragma once
#include <cstdint>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "model/merge/related_slots.h"
#include "model/merge/sound_transfer.h"
#include "model/merge/sprite_transfer.h"
#include "model/merge/texture_transfer.h"
#include "model/wad_document.h"

namespace wadsmith::merge {

// A merge that cannot be done (unknown object, occupied slot, format limits): nothing changes.
class MergeError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct Request {
  std::vector<std::uint32_t> movables, statics;  // source slots
  bool all = false;                              // every object of the source
  bool replace = false;                          // an occupied slot: the old object and what only it used go
  std::optional<std::uint32_t> as;               // place the (single) object under another slot
  bool withRelated = false;                      // bring related slots missing in the destination
  // The source's slot numbers are TR4's (a WAD, a TR4 level): only then do TR4's related slots
  // (related_slots.h) say anything about them.
  bool tr4Slots = true;
  // The path a new .WAS line gets when the source has no line for the object (e.g. a level).
  std::string sourceLabel;
  SoundMode sounds = SoundMode::Keep;  // what happens to the sounds the merged movables play
  std::vector<std::int32_t> sprites;   // sprite sequences to bring (with their pixels)
  // Rectangles of the destination's pages no new pixels go into (a level's room and bump tiles,
  // its sprites, object textures no merged face reuses).
  std::vector<TextureSample> reserved;
};

struct MergedObject {
  bool movable = true;
  std::uint32_t sourceSlot = 0, slot = 0;
  std::string name;
  bool replaced = false;  // took the place of the destination's object in that slot
  bool related = false;   // brought by withRelated
  std::size_t meshes = 0, meshesShared = 0;  // its mesh pointers; of those, onto meshes the destination had
  std::size_t animations = 0;
  ObjectRef source() const { return {movable ? ObjectKind::Movable : ObjectKind::Static, sourceSlot}; }
  ObjectRef target() const { return {movable ? ObjectKind::Movable : ObjectKind::Static, slot}; }
};

struct RelatedNote {
  ObjectRef slot;      // the related slot
  ObjectRef neededBy;  // the merged object it goes with
  std::string why;
  bool brought = false;
};

struct Report {
  std::vector<MergedObject> merged;
  std::vector<ObjectRef> removed;  // replaced destination objects
  std::size_t meshesAdded = 0;
  std::size_t meshesShared = 0;   // source meshes that became an existing mesh (no new bytes)
  std::size_t samplesAdded = 0;   // new sample records (packed pixels, or over pixels already there)
  std::size_t appendPages = 0;    // pages had every source page a merged face uses been appended whole
  TextureStats textures;          // samples reused, pages before and after, efficiencies (texture_transfer.h)
  std::vector<std::string> warnings;
  std::vector<RelatedNote> related;         // related slots in the source, missing in the destination
  std::vector<std::string> relatedMissing;  // of those, the ones not brought, as text
  std::set<std::uint16_t> sounds;           // sound ids the merged animations play
  SoundReport soundReport;                  // what became of each id (sound_transfer.h)
  SpriteReport spriteReport;
};

struct Result {
  WadDocument doc;
  Report report;
};

Result mergeObjects(const WadDocument& destination, const WadDocument& source, const Request& request);

}  // namespace wadsmith::merge
