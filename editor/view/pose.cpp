#include "editor/view/pose.h"

#include <algorithm>

namespace wadsmith::view {

Mat4 rotationMatrix(const Rotation& r) {
  return Mat4::rotationY(radians(r.y)) * Mat4::rotationX(radians(r.x)) * Mat4::rotationZ(radians(r.z));
}

namespace {
Mat4 place(const Skeleton& s, std::size_t i, const std::vector<Mat4>& world, const Mat4& local) {
  const Bone& b = s.bones[i];
  Mat4 offset = Mat4::translation({float(b.offset.x), float(b.offset.y), float(b.offset.z)});
  Mat4 parent = b.parent >= 0 && static_cast<std::size_t>(b.parent) < i ? world[b.parent] : Mat4{};
  return parent * offset * local;
}
}  // namespace

Pose restPose(const Skeleton& s) {
  Pose p;
  p.meshes.resize(s.bones.size());
  for (std::size_t i = 0; i < s.bones.size(); ++i) p.meshes[i] = place(s, i, p.meshes, Mat4{});
  return p;
}

int frameCount(const Animation& a) { return std::max(1, int(a.frameEnd) - int(a.frameStart) + 1); }

LocalPose localPose(const std::vector<Keyframe>& keys, std::size_t meshes, int frameDuration, float frame) {
  LocalPose p;
  p.rotations.assign(meshes, Quat{});
  if (keys.empty()) return p;
  const float d = float(std::max(frameDuration, 1));
  float position = std::max(0.0f, frame) / d;
  std::size_t k0 = std::min(static_cast<std::size_t>(position), keys.size() - 1);
  std::size_t k1 = std::min(k0 + 1, keys.size() - 1);
  float t = k0 == k1 ? 0.0f : position - float(k0);
  p.keyframe = k0;
  p.blend = t;
  const Keyframe& a = keys[k0];
  const Keyframe& b = keys[k1];
  for (std::size_t i = 0; i < meshes; ++i) {
    Mat4 ra = i < a.rotations.size() ? rotationMatrix(a.rotations[i]) : Mat4{};
    Mat4 rb = i < b.rotations.size() ? rotationMatrix(b.rotations[i]) : Mat4{};
    p.rotations[i] = slerp(Quat::fromMatrix(ra), Quat::fromMatrix(rb), t);
  }
  Vec3 oa{float(a.offset.x), float(a.offset.y), float(a.offset.z)};
  Vec3 ob{float(b.offset.x), float(b.offset.y), float(b.offset.z)};
  p.offset = oa + (ob - oa) * t;
  return p;
}

Pose animationPose(const Skeleton& s, const std::vector<Keyframe>& keys, int frameDuration, float frame) {
  if (keys.empty() || s.bones.empty()) return restPose(s);
  const LocalPose local = localPose(keys, s.bones.size(), frameDuration, frame);
  Pose p;
  p.keyframe = local.keyframe;
  p.blend = local.blend;
  p.meshes.resize(s.bones.size());
  for (std::size_t i = 0; i < s.bones.size(); ++i) {
    Mat4 m = local.rotations[i].matrix();
    if (i == 0) m = Mat4::translation(local.offset) * m;
    p.meshes[i] = place(s, i, p.meshes, m);
  }
  return p;
}

}  // namespace wadsmith::view
