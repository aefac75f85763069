// Slots that work together: an object drawn with another's meshes or skeleton, mesh-swap
// sources, the distant (MIP) version one slot above an object. A merge reports the related
// slots the source has and the destination lacks, and brings them on request.
#pragma once
#include <compare>
#include <cstdint>
#include <string>
#include <vector>

#include "model/ops/edit_context.h"

namespace wadsmith::merge {

// The merge names objects as the edit operations do.
using ObjectKind = ops::ObjectKind;
using ObjectKey = ops::ObjectRef;

// "MOVABLE 0 (LARA)" / "STATIC 3 (PLANT3)".
std::string describe(const ObjectKey& key);

struct SlotRelation {
  ObjectKey related;
  std::string why;
};

// The slots `key` works with (movables only; statics stand alone).
std::vector<SlotRelation> relatedSlots(const ObjectKey& key);

}  // namespace wadsmith::merge
