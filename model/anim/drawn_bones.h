// Which mesh the engine draws on each bone of a movable: its own, or (TR4) the mesh of the slot
// it swaps in (model/catalog.h MeshSwap: LARA drawn with LARA_SKIN's meshes, the weapon slots
// with Lara's skin and their own hands). The viewport and the bounding boxes ask here.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "model/catalog.h"
#include "model/object_view.h"

namespace wadsmith::anim {

struct DrawnBones {
  std::vector<MeshSlot> meshes;           // one per bone of the movable's skeleton
  std::vector<bool> swapped;              // per bone: the skin's mesh
  std::optional<catalog::MeshSwap> swap;  // set when the engine swaps and the skin's slot exists
  std::size_t skin = 0;                   // the movable whose meshes are swapped in
};

// The movable in slot `name` of `game`, if the tables have it.
std::optional<std::size_t> movableNamed(const ObjectView& v, Game game, const std::string& name);
// `ownMeshes`: the movable's own meshes even where the engine swaps them (`swap` still says).
DrawnBones drawnBones(const ObjectView& v, Game game, std::size_t movable, bool ownMeshes = false);

}  // namespace wadsmith::anim
