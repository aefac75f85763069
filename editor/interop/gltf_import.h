// The objects of a glTF scene, for importing into a WAD.
//
// A node whose extras carry WadSmith's records (an export: object_extras.h) gives those
// records back exactly, with the pixels of its pages from the file's images (alpha 0 is
// magenta again), as long as the file's geometry is still what the records describe: each TR
// mesh's triangles (rounded to TR units) and each animation's samples are compared with the
// ones the records give, and an object edited elsewhere (in Blender) is read from its geometry
// instead, with a note saying what changed.
//
// Any glTF also gives the common float form (model/imported.h), whoever made it:
// - A skin: one TR mesh per joint (a joint's parent must be a joint or the skeleton's root),
//   each vertex in the mesh of its heaviest joint, a face in the mesh of its first corner; the
//   mesh tree from the joints' bind pose (inverse bind matrices). Unskinned: one TR mesh per
//   node of the object's hierarchy, its vertices from the node's meshes.
// - Animations: each glTF animation sampled at 30 frames a second from its first to its last
//   key (linear, step and cubic-spline samplers as the spec defines them): the root joint's
//   position as the frame offset and every joint's rotation relative to its parent, measured
//   from the bind pose (TR meshes have no rest rotation).
// - Materials: the base colour texture and its TEXCOORD set (PNG or JPEG), else the base
//   colour factor; BLEND materials are translucent; double-sided materials are reported.
// - Normals from NORMAL; shades from COLOR_0 for statics.
// TR's space: x right, y down, z forward; glTF's (x, y, z) metres become (-x, -y, z) * the
// scale (TR units per metre, 512 unless the file or the caller says otherwise).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "model/exchange/object_records.h"
#include "model/imported.h"

namespace tinygltf {
class Model;
}

namespace wadsmith::interop {

struct GltfObject {
  std::string name;   // the object's node (or the skin's, the scene's)
  bool movable = true;
  std::optional<exchange::ObjectRecords> records;  // an export's records, still valid
  imported::Model model;                            // the float form from the geometry
  std::vector<std::string> notes;
};

// `unitsPerMeter` 0: the file's (a WadSmith export says) or 512. Throws std::runtime_error naming
// `file` and the part (node, accessor, animation) that is malformed: indices past their lists,
// accessors past their buffers, non-finite numbers.
std::vector<GltfObject> gltfObjects(const tinygltf::Model& gltf, const std::string& file,
                                    float unitsPerMeter = 0);

}  // namespace wadsmith::interop
