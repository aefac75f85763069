// A 3D file as the objects it holds (gltf_import.h GltfObject: an export's exact records, the
// float form of any object): glTF/GLB through tinygltf, OBJ, FBX and DAE through Assimp
// (assimp_import.h). The source registry (editor/usecases/sources.h) brings them in.
#pragma once
#include <cstdint>
#include <filesystem>
#include <span>
#include <vector>

#include "editor/interop/gltf_import.h"

namespace wadsmith::interop {

// A GLB, or glTF JSON (a UTF-8 byte order mark and blanks allowed before it).
bool looksLikeGltf(std::span<const std::uint8_t> bytes);

// `unitsPerMeter` 0: the file's own (glTF exports), else 512. Throw ParseError /
// std::runtime_error naming the file; a file without a mesh is an error.
std::vector<GltfObject> loadGltfObjects(const std::filesystem::path& path, float unitsPerMeter = 0);
std::vector<GltfObject> loadAssimpObjects(const std::filesystem::path& path, float unitsPerMeter = 0);

}  // namespace wadsmith::interop
