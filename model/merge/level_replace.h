// What `--replace` frees in a level, for the merge to reuse: the object textures only the
// replaced objects' meshes named (no mesh left in the level, no room face and no animated
// texture range names them). Their slots take the new object textures first, and their texels
// are free space for the packer. (The meshes only the replaced objects used go in the WAD merge
// itself; the samples only a replaced sound detail played go with level_sound_merge.h.)
#pragma once
#include <cstdint>
#include <set>
#include <vector>

#include "model/level_document.h"

namespace wadsmith::merge {

// `kept`: the mesh entries the level keeps after the merge (by id); the level's other meshes went.
std::set<std::uint16_t> freedObjectTextures(const LevelData& level, const std::vector<MeshEntry>& kept);
// How many of the level's meshes are not among `kept`.
std::size_t freedMeshes(const LevelData& level, const std::vector<MeshEntry>& kept);

}  // namespace wadsmith::merge
