// Removing objects together with whatever only they used: their mesh pointers, meshes no other
// pointer reaches, animations with their keyframes, state changes, dispatches and commands, and
// their mesh-tree records. Anything another object still uses stays. One implementation for
// `delete_object` (WADs and levels) and the merge's --replace (which also frees texture samples).
#pragma once
#include <vector>

#include "model/ops/edit_context.h"

namespace wadsmith::ops {

struct RemovedObjects {
  std::vector<MeshEntry> meshes;  // mesh entries no remaining pointer reaches, as they were
  // References of remaining animations and dispatches into removed animations: they now point
  // past the animation table, where validation flags them (never at an unrelated animation).
  std::size_t danglingTargets = 0;
  // Removed movables whose animation block another movable also starts in: the block stays.
  std::size_t sharedAnimationBlocks = 0;
};

// Throws EditError naming the first object that does not exist.
RemovedObjects removeObjects(Draft& e, const std::vector<ObjectRef>& objects);

}  // namespace wadsmith::ops
