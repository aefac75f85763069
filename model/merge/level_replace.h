// What `--replace` frees in a level, for the merge to reuse: the object textures only the
// replaced objects' meshes named (no mesh left in the level, no room face and no animated
// texture range names them). Their slots take the new object textures first, and their texels
// are free space for the packer. The sound ids only the replaced objects played, for
// level_sound_merge.h to take out with their details and samples. (The meshes only the replaced
// objects used go in the WAD merge itself.)
#pragma once
#include <cstdint>
#include <set>
#include <vector>

#include "model/level_document.h"
#include "model/merge/merge.h"
#include "model/object_ref.h"
#include "model/wad_document.h"

namespace wadsmith::merge {

// `kept`: the mesh entries the level keeps after the merge (by id); the level's other meshes went.
std::set<std::uint16_t> freedObjectTextures(const LevelData& level, const std::vector<MeshEntry>& kept);
// How many of the level's meshes are not among `kept`.
std::size_t freedMeshes(const LevelData& level, const std::vector<MeshEntry>& kept);

// The ids the animations of the `removed` movables played in `level` (the level's objects as a
// WAD) that no movable of `result` plays (animations or the engine's code for its slot) and no
// sound source of `data` names. Sounds the engine plays from its own code for no slot (menus,
// pick-ups) are not known here: such an id only the replaced object's animations played goes too.
std::set<std::uint16_t> freedSoundIds(const WadDocument& level, const std::vector<ObjectRef>& removed,
                                      const WadDocument& result, const LevelData& data);
// The same when the merge replaced (--replace, sounds not `none`), else none; `level` is the
// level's objects as a WAD.
std::set<std::uint16_t> droppedSounds(const WadDocument& level, const Result& merged, const LevelData& data, const Request& req);

}  // namespace wadsmith::merge
