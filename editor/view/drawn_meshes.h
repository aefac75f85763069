// Which meshes the viewport draws for a movable: its own, or the meshes the engine swaps in
// from other slots (model/catalog.h MeshSwap: LARA drawn with LARA_SKIN's meshes, the joint
// meshes of LARA_SKIN_JOINTS welded between them and HAIR's ponytail; the weapon slots with
// Lara's skin and their own hands). Decided here, without GL, so tests can check it.
#pragma once
#include <string>
#include <vector>

#include "editor/view/geometry.h"
#include "editor/view/pose.h"
#include "model/document.h"
#include "model/object_view.h"

namespace wadsmith::view {

enum class MeshSource { Own, Swapped };

// The mesh on one bone.
struct BoneMesh {
  MeshSlot slot;
  MeshSource source = MeshSource::Own;
};

// A joint mesh welded as the engine does (TombEngine's reading of the TR4 skin: each vertex of
// joint mesh j that sits, in the rest pose, within 2 units of a vertex of the skin's mesh on
// j's parent bone, or else of the mesh on bone j, follows that bone and takes that vertex's
// position; the others follow bone j).
struct JointWeld {
  std::size_t bone = 0;  // the joint mesh's own bone (its index in the joints slot)
  MeshSlot slot;
  std::vector<std::size_t> vertexBone;  // per vertex: the bone it follows
  std::vector<Vec3> vertexPosition;     // per vertex: in that bone's space
};

struct MeshPlan {
  std::vector<BoneMesh> bones;  // one per bone of the movable's skeleton
  std::vector<JointWeld> joints;
  std::vector<MeshSlot> hair;     // HAIR's meshes, root first
  std::vector<Vec3> hairOffsets;  // each segment from the one before (HAIR's mesh tree)
  bool swapAvailable = false;     // the catalog swaps this movable's meshes and the slots exist
  std::string label;              // whose meshes are drawn, for the viewport
};

// `ownMeshes`: the movable's own meshes even where the engine swaps them.
MeshPlan planMeshes(const ObjectView& v, Game game, std::size_t movable, bool ownMeshes);

// A mesh ready to draw: `mesh` placed by `world` (model space). Welded joints are new meshes
// each pose (`transient`), in their own bone's space.
struct PlacedMesh {
  Shared<Mesh> mesh;
  Mat4 world;
  std::size_t bone = 0;
  bool transient = false;
};
// `boneWorld`: the posed bones (Pose::meshes). Bones, then joints, then hair.
std::vector<PlacedMesh> placeMeshes(const MeshPlan& plan, const ObjectTables& tables, const std::vector<Mat4>& boneWorld);

}  // namespace wadsmith::view
