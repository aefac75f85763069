// An object of a glTF scene: its bones (a skin's joints, else the nodes of a hierarchy) and its
// meshes, materials, pictures and animations as the neutral scene form (model/foreign/scene.h),
// which turns them into the common float form. Internal to the glTF import.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "editor/interop/gltf_scene.h"
#include "model/foreign/scene.h"

namespace wadsmith::interop {

// The bones of an object and how its geometry attaches to them.
struct Rig {
  std::vector<int> nodes;          // bone -> node, parents first
  std::vector<int> parent;         // bone -> bone
  std::vector<Mat4> bind;          // bone -> world matrix at bind
  std::map<int, int> boneOfNode;   // node -> bone
  int skin = -1;                   // skin index when skinned
  std::map<int, int> boneOfJoint;  // skin joint index -> bone
  std::vector<int> meshNodes;      // nodes whose meshes the object takes
};

// `node` and every node below it.
std::vector<int> subtree(const tinygltf::Model& m, int node);
// A skin's joints as bones (bind from the inverse bind matrices), taking the meshes of `meshNodes`.
Rig skinnedRig(const GltfScene& s, int skin, const std::vector<int>& meshNodes);
// The nodes below `root` as bones (bind = rest), taking their unskinned meshes.
Rig nodeRig(const GltfScene& s, int root);
// One node as the only bone, taking its own mesh when `withMesh`.
Rig singleNodeRig(const GltfScene& s, int node, bool withMesh);

// The rig's object: its meshes and, for a movable, the animations that move its bones.
// `notes` gets the primitives it skipped and the double-sided materials it met.
foreign::Scene rigScene(const GltfScene& s, const Rig& rig, const std::string& name, bool movable,
                        const foreign::TrSpace& space, const Vec3& origin, std::vector<std::string>& notes);

}  // namespace wadsmith::interop
