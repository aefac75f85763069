#include "model/anim/poses.h"

#include <algorithm>
#include <cmath>

namespace wadsmith::anim {
namespace {

std::int16_t lerp16(std::int16_t a, std::int16_t b, double t) {
  return static_cast<std::int16_t>(std::lround(a + (double(b) - a) * t));
}

std::int16_t negated(std::int16_t v) { return static_cast<std::int16_t>(v == -32768 ? 32767 : -v); }

// Lara's left and right meshes (thigh, shin, foot; upper arm, forearm, hand).
constexpr std::size_t kLaraPairs[][2] = {{1, 4}, {2, 5}, {3, 6}, {8, 11}, {9, 12}, {10, 13}};

}  // namespace

Keyframe between(const Keyframe& a, const Keyframe& b, double t, KeyframeFormat format) {
  if (t <= 0) return a;
  if (t >= 1) return b;
  Keyframe k = a;
  const BoundingBox& p = a.box;
  const BoundingBox& q = b.box;
  k.box = {lerp16(p.minX, q.minX, t), lerp16(p.maxX, q.maxX, t), lerp16(p.minY, q.minY, t),
           lerp16(p.maxY, q.maxY, t), lerp16(p.minZ, q.minZ, t), lerp16(p.maxZ, q.maxZ, t)};
  k.offset = {lerp16(a.offset.x, b.offset.x, t), lerp16(a.offset.y, b.offset.y, t), lerp16(a.offset.z, b.offset.z, t)};
  for (std::size_t i = 0; i < k.rotations.size() && i < b.rotations.size(); ++i) {
    const auto q0 = geometry::rotationQuat(a.rotations[i]), q1 = geometry::rotationQuat(b.rotations[i]);
    k.rotations[i] = geometry::keepingForm(a.rotations[i], geometry::slerp(q0, q1, t), format);
  }
  return k;
}

Keyframe poseAt(const std::vector<Keyframe>& keyframes, int duration, int frame, KeyframeFormat format) {
  if (keyframes.empty()) return {};
  const int d = std::max(duration, 1);
  const std::size_t k = std::min(static_cast<std::size_t>(std::max(frame, 0) / d), keyframes.size() - 1);
  if (k + 1 >= keyframes.size()) return keyframes[k];
  return between(keyframes[k], keyframes[k + 1], double(std::max(frame, 0) - int(k) * d) / d, format);
}

std::vector<std::size_t> mirrorPairs(const geometry::Skeleton& s, const std::string& name) {
  const std::size_t n = s.bones.size();
  std::vector<std::size_t> pair(n);
  for (std::size_t i = 0; i < n; ++i) pair[i] = i;
  if (n == 15 && name.rfind("LARA", 0) == 0) {
    for (auto [l, r] : kLaraPairs) pair[l] = r, pair[r] = l;
    return pair;
  }
  for (std::size_t i = 0; i < n; ++i) {
    const auto& b = s.bones[i];
    if (b.offset.x == 0 || pair[i] != i) continue;
    for (std::size_t j = i + 1; j < n; ++j) {
      const auto& c = s.bones[j];
      const bool parentsPair = b.parent == c.parent || (b.parent >= 0 && c.parent >= 0 && pair[std::size_t(b.parent)] == std::size_t(c.parent));
      if (pair[j] == j && parentsPair && c.offset.x == -b.offset.x && c.offset.y == b.offset.y && c.offset.z == b.offset.z) {
        pair[i] = j, pair[j] = i;
        break;
      }
    }
  }
  return pair;
}

Keyframe mirroredKeyframe(const Keyframe& k, const std::vector<std::size_t>& pairs) {
  Keyframe m = k;
  m.offset.x = negated(k.offset.x);
  m.box.minX = negated(k.box.maxX), m.box.maxX = negated(k.box.minX);
  for (std::size_t i = 0; i < m.rotations.size(); ++i) {
    const std::size_t j = i < pairs.size() && pairs[i] < k.rotations.size() ? pairs[i] : i;
    m.rotations[i] = geometry::mirrored(k.rotations[j]);
  }
  return m;
}

BoundingBox posedBox(const geometry::Skeleton& s, const std::vector<MeshSlot>& meshes, const Keyframe& k, int grow) {
  const auto world = geometry::poseSkeleton(s, geometry::keyframePose({k}, s.bones.size(), 1, 0));
  float lo[3] = {INFINITY, INFINITY, INFINITY}, hi[3] = {-INFINITY, -INFINITY, -INFINITY};
  for (std::size_t b = 0; b < meshes.size() && b < world.size(); ++b)
    for (const auto& v : meshes[b].mesh ? meshes[b].mesh->vertices : std::vector<Vec3s>{}) {
      const auto p = world[b].apply({float(v.x), float(v.y), float(v.z)});
      const float c[3] = {p.x, p.y, p.z};
      for (int i = 0; i < 3; ++i) lo[i] = std::min(lo[i], c[i]), hi[i] = std::max(hi[i], c[i]);
    }
  if (lo[0] > hi[0]) return k.box;  // no vertex to bound
  auto word = [](double v) { return static_cast<std::int16_t>(std::clamp(std::lround(v), -32768L, 32767L)); };
  return {word(lo[0] - grow), word(hi[0] + grow), word(lo[1] - grow), word(hi[1] + grow), word(lo[2] - grow), word(hi[2] + grow)};
}

}  // namespace wadsmith::anim
