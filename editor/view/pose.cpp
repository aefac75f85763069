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

Pose animationPose(const Skeleton& s, const std::vector<Keyframe>& keys, int frameDuration, float frame) {
  if (keys.empty() || s.bones.empty()) return restPose(s);
  Pose p;
  const float d = float(std::max(frameDuration, 1));
  float position = std::max(0.0f, frame) / d;
  std::size_t k0 = std::min(static_cast<std::size_t>(position), keys.size() - 1);
  std::size_t k1 = std::min(k0 + 1, keys.size() - 1);
  float t = k0 == k1 ? 0.0f : position - float(k0);
  p.keyframe = k0;
  p.blend = t;
  const Keyframe& a = keys[k0];
  const Keyframe& b = keys[k1];
  p.meshes.resize(s.bones.size());
  for (std::size_t i = 0; i < s.bones.size(); ++i) {
    Mat4 ra = i < a.rotations.size() ? rotationMatrix(a.rotations[i]) : Mat4{};
    Mat4 rb = i < b.rotations.size() ? rotationMatrix(b.rotations[i]) : Mat4{};
    Mat4 local = slerp(Quat::fromMatrix(ra), Quat::fromMatrix(rb), t).matrix();
    if (i == 0) {
      Vec3 oa{float(a.offset.x), float(a.offset.y), float(a.offset.z)};
      Vec3 ob{float(b.offset.x), float(b.offset.y), float(b.offset.z)};
      local = Mat4::translation(oa + (ob - oa) * t) * local;
    }
    p.meshes[i] = place(s, i, p.meshes, local);
  }
  return p;
}

}  // namespace wadsmith::view
