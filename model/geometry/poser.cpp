#include "model/geometry/poser.h"

#include <algorithm>
#include <cmath>

namespace wadsmith::geometry {

Skeleton meshTree(std::span<const std::int32_t> d, std::size_t meshes) {
  Skeleton s;
  if (meshes == 0) return s;
  s.bones.resize(meshes);
  std::vector<int> stack;
  int prev = 0;
  for (std::size_t i = 1; i < meshes; ++i) {
    const std::size_t r = 4 * (i - 1);
    if (r + 4 > d.size()) {
      s.truncated = true;
      s.bones[i].parent = static_cast<int>(i) - 1;
      prev = static_cast<int>(i);
      continue;
    }
    int parent = prev;
    if (d[r] & 1) {
      if (stack.empty()) {
        s.popUnderflow = true;
        parent = 0;
      } else {
        parent = stack.back();
        stack.pop_back();
      }
    }
    if (d[r] & 2) stack.push_back(parent);
    s.bones[i].parent = parent;
    s.bones[i].offset = {static_cast<std::int16_t>(d[r + 1]), static_cast<std::int16_t>(d[r + 2]),
                         static_cast<std::int16_t>(d[r + 3])};
    prev = static_cast<int>(i);
  }
  return s;
}

std::vector<std::int32_t> linkRecords(std::span<const int> parents, std::span<const Vec3s> offsets) {
  std::vector<std::int32_t> out;
  const int n = static_cast<int>(parents.size());
  for (int k = 1; k < n; ++k) {
    const int p = parents[k];
    bool laterSibling = false;
    for (int j = k + 1; j < n && !laterSibling; ++j) laterSibling = parents[j] == p;
    out.push_back((p != k - 1 ? 1 : 0) | (laterSibling ? 2 : 0));
    out.push_back(offsets[k].x);
    out.push_back(offsets[k].y);
    out.push_back(offsets[k].z);
  }
  return out;
}

int frameCount(const Animation& a) { return std::max(1, int(a.frameEnd) - int(a.frameStart) + 1); }

namespace {

// Rounded to float once; what is zero in exact arithmetic stays zero (see rotationQuat).
Quat toFloat(const QuatD& q) { return {float(snapTiny(q.w)), float(snapTiny(q.x)), float(snapTiny(q.y)), float(snapTiny(q.z))}; }

}  // namespace

LocalPose keyframePose(const std::vector<Keyframe>& keys, std::size_t meshes, int frameDuration, float frame) {
  LocalPose p;
  p.rotations.assign(meshes, Quat{});
  if (keys.empty()) return p;
  const float d = float(std::max(frameDuration, 1));
  const float position = std::max(0.0f, frame) / d;
  const std::size_t k0 = std::min(static_cast<std::size_t>(position), keys.size() - 1);
  const std::size_t k1 = std::min(k0 + 1, keys.size() - 1);
  const float t = k0 == k1 ? 0.0f : position - float(k0);
  p.keyframe = k0;
  p.blend = t;
  const Keyframe& a = keys[k0];
  const Keyframe& b = keys[k1];
  for (std::size_t i = 0; i < meshes; ++i) {
    const QuatD ra = i < a.rotations.size() ? rotationQuat(a.rotations[i]) : QuatD{};
    const QuatD rb = i < b.rotations.size() ? rotationQuat(b.rotations[i]) : QuatD{};
    p.rotations[i] = toFloat(slerp(ra, rb, double(t)));
  }
  const Vec3 oa = toVec(a.offset), ob = toVec(b.offset);
  p.offset = oa + (ob - oa) * t;
  return p;
}

std::vector<Rigid> poseTree(std::span<const int> parents, std::span<const Vec3> offsets, Vec3 rootOffset,
                            std::span<const Quat> rotations) {
  std::vector<Rigid> world(parents.size());
  for (std::size_t i = 0; i < parents.size(); ++i) {
    const Quat q = i < rotations.size() ? rotations[i] : Quat{};
    if (i == 0) {
      world[i] = {q, rootOffset};
      continue;
    }
    const int p = parents[i];
    world[i] = world[p >= 0 && static_cast<std::size_t>(p) < i ? p : 0].then(Rigid{q, i < offsets.size() ? offsets[i] : Vec3{}});
  }
  return world;
}

std::vector<Rigid> poseSkeleton(const Skeleton& s, const LocalPose& pose) {
  std::vector<int> parents;
  std::vector<Vec3> offsets;
  for (const auto& b : s.bones) parents.push_back(b.parent), offsets.push_back(toVec(b.offset));
  return poseTree(parents, offsets, pose.offset, pose.rotations);
}

std::vector<Rigid> poseFrame(const imported::Model& m, const imported::Frame& frame) {
  std::vector<int> parents;
  std::vector<Vec3> offsets;
  for (const auto& b : m.bones) parents.push_back(b.parent), offsets.push_back(b.offset);
  return poseTree(parents, offsets, frame.offset, frame.rotations);
}

}  // namespace wadsmith::geometry
