// OBJ, FBX and Collada (DAE) files through Assimp, as the common float form (model/imported.h):
// meshes, the node hierarchy as the mesh tree (a skinned mesh's bones as joints, each vertex in
// the mesh of its heaviest bone), animations sampled at 30 frames a second, textures from
// files beside the model or embedded. The same conventions as the glTF import
// (gltf_import.h): a half turn about z into TR's space, `unitsPerMeter` TR units per unit.
#pragma once
#include <cstdint>
#include <filesystem>
#include <span>
#include <vector>

#include "model/imported.h"

namespace wadsmith::interop {

// `unitsPerMeter` 0: 512. Throws std::runtime_error naming the file with Assimp's reason.
std::vector<imported::Model> assimpObjects(std::span<const std::uint8_t> bytes, const std::filesystem::path& file,
                                           float unitsPerMeter = 0);

}  // namespace wadsmith::interop
