#include "editor/view/drawn_meshes.h"

#include <algorithm>
#include <cmath>
#include <optional>

#include "model/anim/drawn_bones.h"

namespace wadsmith::view {
namespace {

constexpr std::size_t kHead = 14;  // Lara's head bone (LM_HEAD): the hair hangs from it
// Where the ponytail starts in the head's space, and how it hangs at rest: each segment turned
// -16384 about X (tomb4 hair.cpp, HairControl and InitialiseHair, adult Lara).
const Vec3 kHairRoot{-4, -4, -48};

// Each bone's origin in the rest pose (no rotation): the sums of the offsets down the tree.
std::vector<Vec3> restOrigins(const Skeleton& s) {
  std::vector<Vec3> out(s.bones.size());
  for (std::size_t i = 1; i < s.bones.size(); ++i) {
    const int p = s.bones[i].parent;
    out[i] = (p >= 0 && std::size_t(p) < i ? out[std::size_t(p)] : Vec3{}) + toVec(s.bones[i].offset);
  }
  return out;
}

// The vertex of `skin` (placed at `skinOrigin`) within 2 units of `p` on every axis, if any.
const Vec3s* weldedVertex(const Mesh* skin, Vec3 skinOrigin, Vec3 p) {
  if (!skin) return nullptr;
  for (const auto& s : skin->vertices) {
    const Vec3 q = toVec(s) + skinOrigin;
    if (std::abs(q.x - p.x) < 2 && std::abs(q.y - p.y) < 2 && std::abs(q.z - p.z) < 2) return &s;
  }
  return nullptr;
}

std::vector<JointWeld> weldJoints(const ObjectView& v, std::size_t joints, const std::vector<BoneMesh>& skin,
                                  const Skeleton& skinSkeleton) {
  std::vector<JointWeld> out;
  const Skeleton js = v.skeleton(joints);
  const auto jointMeshes = v.movableMeshes(joints);
  const auto jointOrigins = restOrigins(js), skinOrigins = restOrigins(skinSkeleton);
  for (std::size_t j = 1; j < jointMeshes.size() && j < skin.size() && j < js.bones.size(); ++j) {
    const Mesh* mesh = jointMeshes[j].mesh;
    if (!mesh) continue;
    JointWeld w{j, jointMeshes[j], {}, {}};
    const int parent = js.bones[j].parent;
    for (const auto& vertex : mesh->vertices) {
      const Vec3 p = toVec(vertex) + jointOrigins[j];
      std::size_t bone = j;
      Vec3 at = toVec(vertex);
      for (std::size_t b : {parent >= 0 ? std::size_t(parent) : j, j}) {
        if (b >= skinOrigins.size()) continue;
        if (const Vec3s* s = weldedVertex(skin[b].slot.mesh, skinOrigins[b], p)) {
          bone = b, at = toVec(*s);
          break;
        }
      }
      w.vertexBone.push_back(bone);
      w.vertexPosition.push_back(at);
    }
    out.push_back(std::move(w));
  }
  return out;
}

}  // namespace

MeshPlan planMeshes(const ObjectView& v, Game game, std::size_t movable, bool ownMeshes) {
  MeshPlan plan;
  const auto drawn = anim::drawnBones(v, game, movable, ownMeshes);
  for (std::size_t b = 0; b < drawn.meshes.size(); ++b)
    plan.bones.push_back({drawn.meshes[b], drawn.swapped[b] ? MeshSource::Swapped : MeshSource::Own});
  plan.label = "own meshes";
  plan.swapAvailable = drawn.swap.has_value();
  if (!drawn.swap || ownMeshes) return plan;
  const auto& swap = *drawn.swap;
  plan.label = "meshes of " + swap.meshes;
  if (auto joints = anim::movableNamed(v, game, swap.joints)) {
    plan.joints = weldJoints(v, *joints, plan.bones, v.skeleton(drawn.skin));
    plan.label += ", joints of " + swap.joints;
  }
  if (auto hair = anim::movableNamed(v, game, swap.hair); hair && plan.bones.size() > kHead) {
    plan.hair = v.movableMeshes(*hair);
    for (const auto& b : v.skeleton(*hair).bones) plan.hairOffsets.push_back(toVec(b.offset));
    plan.label += ", hair of " + swap.hair;
  }
  if (!swap.ownBones.empty() || swap.ownWhereFilled) plan.label += " (own meshes where the engine keeps them)";
  return plan;
}

std::vector<PlacedMesh> placeMeshes(const MeshPlan& plan, const ObjectTables& tables, const std::vector<Mat4>& boneWorld) {
  std::vector<PlacedMesh> out;
  auto shared = [&](const MeshSlot& m) -> Shared<Mesh> {
    if (!m.mesh || m.entryIndex < 0) return nullptr;
    return (*tables.meshes)[static_cast<std::size_t>(m.entryIndex)].mesh;
  };
  for (std::size_t b = 0; b < plan.bones.size() && b < boneWorld.size(); ++b)
    out.push_back({shared(plan.bones[b].slot), boneWorld[b], b, false});
  for (const auto& w : plan.joints) {
    if (w.bone >= boneWorld.size()) continue;
    const Mat4 toJoint = geometry::inverseAffine(boneWorld[w.bone]);
    auto mesh = std::make_shared<Mesh>(*w.slot.mesh);
    for (std::size_t i = 0; i < mesh->vertices.size(); ++i) {
      const std::size_t b = w.vertexBone[i] < boneWorld.size() ? w.vertexBone[i] : w.bone;
      const Vec3 p = toJoint.point(boneWorld[b].point(w.vertexPosition[i]));
      mesh->vertices[i] = {static_cast<std::int16_t>(std::lround(p.x)), static_cast<std::int16_t>(std::lround(p.y)),
                           static_cast<std::int16_t>(std::lround(p.z))};
    }
    out.push_back({std::move(mesh), boneWorld[w.bone], w.bone, true});
  }
  if (!plan.hair.empty() && kHead < boneWorld.size()) {
    // At rest: every segment turned the same way, each one's origin its mesh-tree offset on.
    const geometry::Quat hang = geometry::cast<float>(geometry::rotationQuat(Rotation{Rotation::Axes::X, -90.0f, 0, 0, 1}));
    Vec3 at = boneWorld[kHead].point(kHairRoot);
    for (std::size_t i = 0; i < plan.hair.size(); ++i) {
      if (i > 0 && i < plan.hairOffsets.size()) at = at + geometry::rotate(hang, plan.hairOffsets[i]);
      out.push_back({shared(plan.hair[i]), geometry::matrixOf(hang, at), kHead, false});
    }
  }
  return out;
}

}  // namespace wadsmith::view
