// Objects of a WAD (or of a level, extracted as a WAD) as a glTF 2.0 scene.
//
// A movable is an object node holding a joint node per mesh in the mesh tree (offsets as
// translations) and a skinned mesh (each TR mesh rigidly bound to its joint, inverse bind
// matrices of the rest pose), so Blender shows an armature; each of its animations is a glTF
// animation sampled at the game's 30 frames a second as the editor plays it (keyframes
// interpolated by frame duration, rotations applied Y, X, Z): the root offset as the first
// joint's translation and every mesh's rotation as a quaternion. A static is an object node
// with its mesh. Textures: the samples the object uses packed into 256x256 pages (as a merge
// packs them), one PNG per page, magenta as alpha 0; UVs at the sample corners with flip and
// triangle corner applied. Everything else (exact records) goes in `extras` (object_extras.h).
//
// Space: glTF's y up, +z forward: TR's (x, y, z) becomes (-x, -y, z) / unitsPerMeter (a half
// turn about z, no mirror).
#pragma once
#include <filesystem>
#include <string>
#include <vector>

#include "editor/progress.h"
#include "model/bytes.h"
#include "model/object_ref.h"
#include "model/wad_document.h"

namespace wadsmith::interop {

constexpr float kUnitsPerMeter = 512;  // TR units per glTF metre: a 1024-unit sector is 2 m
constexpr float kFramesPerSecond = 30;

struct ExportReport {
  std::size_t objects = 0, meshes = 0, triangles = 0, joints = 0, animations = 0, samples = 0, pages = 0;
};

// The objects as a .glb (`binary`) or a .gltf with its buffer embedded: the pieces of the file
// (io/file_io.h writes them without joining them). `label` names the source in .WAS lines the
// document has none for (a level's objects), as a merge from it would. Throws
// merge::MergeError for an object the document lacks.
std::vector<SharedBytes> exportGltf(const WadDocument& doc, const std::vector<ObjectRef>& objects, bool binary,
                                    ExportReport* report = nullptr, const std::string& label = "",
                                    const Progress& progress = {});

// exportGltf written to `path`: a .glb, or a .gltf (chosen by the extension; anything else is
// refused). Returns the file's size.
std::size_t writeGltfFile(const WadDocument& doc, const std::vector<ObjectRef>& objects, const std::filesystem::path& path,
                          ExportReport* report = nullptr, const std::string& label = "", const Progress& progress = {});

}  // namespace wadsmith::interop
