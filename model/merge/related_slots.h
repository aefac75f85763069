// Slots that work together: an object drawn with another's meshes or skeleton, mesh-swap
// sources, the distant (MIP) version one slot above an object. A merge reports the related
// slots the source has and the destination lacks, and brings them on request.
#pragma once
#include <compare>
#include <cstdint>
#include <string>
#include <vector>

#include "model/object_ref.h"

namespace wadsmith::merge {


// "MOVABLE 0 (LARA)" / "STATIC 3 (PLANT3)".
std::string describe(const ObjectRef& key);

struct SlotRelation {
  ObjectRef related;
  std::string why;
};

// The slots `key` works with (movables only; statics stand alone).
std::vector<SlotRelation> relatedSlots(const ObjectRef& key);

}  // namespace wadsmith::merge
