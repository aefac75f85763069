// Bringing one object from a file into a WAD as one document operation: create or replace a
// movable or a static, or replace one mesh of a movable. The object arrives as a one-object WAD
// (exchange::objectDocument of an export's exact records, or the float builder's output for
// anything else) and goes in through the merge (model/merge/merge.h): texture samples packed
// into the destination's pages with identical pixels reused, records placed where the classic
// tools put them, the .WAS line written. The destination is untouched on any error, and the
// result is one new document version (one undo step).
//
// Replacing one mesh (`mesh`) keeps the old mesh's vertex order wherever a vertex of the new
// mesh sits at the same position as an old one (LARA_SKIN_JOINTS and the engine's skin
// joining name vertices by index: TE#511, TE#541) and reports the old vertices no new vertex
// matched; the new mesh takes the entry's place, so every object sharing it sees the change.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/exchange/object_records.h"
#include "model/merge/merge.h"
#include "model/object_ref.h"
#include "model/wad_document.h"

namespace wadsmith::exchange {

struct ImportRequest {
  ObjectRef target;                  // the destination slot (and kind)
  bool replace = false;              // the slot may hold an object: it goes
  std::optional<std::size_t> mesh;   // replace only this mesh of the target movable
  std::string sourceLabel;           // the path a new .WAS line names
  // The exact records the object was built from, if any: their targets into other movables'
  // animations (resolveTargets) are pointed at those movables in the destination.
  const ObjectRecords* records = nullptr;
};

struct VertexOrder {
  std::size_t kept = 0;                 // new vertices placed at the index of an old one
  std::vector<std::size_t> unmatched;   // old vertex indices no new vertex matched
  std::size_t added = 0;                // new vertices after the old count
};

struct ImportResult {
  WadDocument doc;
  merge::Report merge;
  std::optional<VertexOrder> vertexOrder;  // for a mesh replacement
  std::vector<std::string> lines;          // what was done, for users
};

// `object` is a one-object WAD (its single movable or static is taken, whatever its slot).
// Throws merge::MergeError (occupied slot, limits) or std::invalid_argument (a mesh index past
// the movable, a static where a movable is asked for) before anything changes.
ImportResult importObject(const WadDocument& destination, const WadDocument& object, const ImportRequest& request);

}  // namespace wadsmith::exchange
