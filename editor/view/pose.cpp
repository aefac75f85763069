#include "editor/view/pose.h"

#include <algorithm>
#include <cmath>

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

namespace {

// Keyframe rotations as quaternions in double precision, rounded to float once at the end: the
// same frames on every platform (libm's float sin and acos differ in their last bits between
// glibc and Windows; a double rounds to the same float but on a knife's edge).
struct QuatD {
  double w = 1, x = 0, y = 0, z = 0;
};
QuatD operator*(const QuatD& a, const QuatD& b) {
  return {a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z, a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
          a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x, a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w};
}
// What is zero in exact arithmetic comes out of sin and cos as ~1e-17, a different tiny value on
// each platform: snapped to zero.
double snap(double v) { return std::abs(v) < 1e-9 ? 0.0 : v; }
QuatD about(double x, double y, double z, double degrees) {
  const double h = degrees * 3.14159265358979323846 / 360;
  const double s = snap(std::sin(h));
  return {snap(std::cos(h)), x * s, y * s, z * s};
}
// Y, then X, then Z, as rotationMatrix applies them.
QuatD rotationQuat(const Rotation& r) { return about(0, 1, 0, r.y) * about(1, 0, 0, r.x) * about(0, 0, 1, r.z); }
Quat slerpToFloat(QuatD a, QuatD b, double t) {
  double d = a.w * b.w + a.x * b.x + a.y * b.y + a.z * b.z;
  if (d < 0) b = {-b.w, -b.x, -b.y, -b.z}, d = -d;
  double ka = 1 - t, kb = t;
  if (d < 0.9999995) {
    const double th = std::acos(d), s = std::sin(th);
    ka = std::sin((1 - t) * th) / s;
    kb = std::sin(t * th) / s;
  }
  QuatD q{a.w * ka + b.w * kb, a.x * ka + b.x * kb, a.y * ka + b.y * kb, a.z * ka + b.z * kb};
  const double l = std::sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
  return {float(snap(q.w / l)), float(snap(q.x / l)), float(snap(q.y / l)), float(snap(q.z / l))};
}

}  // namespace

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
    const QuatD ra = i < a.rotations.size() ? rotationQuat(a.rotations[i]) : QuatD{};
    const QuatD rb = i < b.rotations.size() ? rotationQuat(b.rotations[i]) : QuatD{};
    p.rotations[i] = slerpToFloat(ra, rb, t);
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
    Mat4 m = Mat4::rotation(local.rotations[i]);
    if (i == 0) m = Mat4::translation(local.offset) * m;
    p.meshes[i] = place(s, i, p.meshes, m);
  }
  return p;
}

}  // namespace wadsmith::view
