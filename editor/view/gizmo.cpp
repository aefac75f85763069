#include "editor/view/gizmo.h"

#include <cmath>

namespace wadsmith::view {
namespace {

// The ray in the gizmo's own space.
Ray localRay(const Ray& ray, const Mat4& gizmo) {
  const Mat4 inv = geometry::inverseAffine(gizmo);
  const Vec3 o = inv.point(ray.origin);
  return {o, inv.point(ray.origin + ray.direction) - o};
}

float component(const Vec3& v, int axis) { return axis == 0 ? v.x : axis == 1 ? v.y : v.z; }

// Where the local ray meets the plane through the origin normal to `axis`.
std::optional<Vec3> onPlane(const Ray& r, int axis) {
  const float d = component(r.direction, axis);
  if (std::abs(d) < 1e-6f) return std::nullopt;
  return r.origin + r.direction * (-component(r.origin, axis) / d);
}

}  // namespace

std::optional<int> pickRing(const Ray& ray, const Mat4& gizmo, float radius, float tolerance) {
  const Ray r = localRay(ray, gizmo);
  std::optional<int> best;
  float nearest = 0;
  for (int axis = 0; axis < 3; ++axis) {
    const auto p = onPlane(r, axis);
    if (!p) continue;
    const float off = std::abs(length(*p) - radius);
    const float along = dot(*p - r.origin, r.direction);
    if (off <= tolerance && along > 0 && (!best || along < nearest)) best = axis, nearest = along;
  }
  return best;
}

std::optional<float> ringAngle(const Ray& ray, const Mat4& gizmo, int axis) {
  const auto p = onPlane(localRay(ray, gizmo), axis);
  if (!p) return std::nullopt;
  // Counter-clockwise about the axis: X turns Y towards Z, Y turns Z towards X, Z turns X to Y.
  const int u = (axis + 1) % 3, v = (axis + 2) % 3;
  return std::atan2(component(*p, v), component(*p, u));
}

Rotation turnedRotation(const Rotation& stored, int axis, float radians, KeyframeFormat format) {
  const double h = double(radians) * 0.5;
  geometry::QuatD turn{std::cos(h), 0, 0, 0};
  (axis == 0 ? turn.x : axis == 1 ? turn.y : turn.z) = std::sin(h);
  return geometry::keepingForm(stored, geometry::rotationQuat(stored) * turn, format);
}

std::optional<int> pickArrow(const Ray& ray, const Mat4& gizmo, float length, float tolerance) {
  const Ray r = localRay(ray, gizmo);
  std::optional<int> best;
  float nearest = tolerance;
  for (int axis = 0; axis < 3; ++axis) {
    Vec3 a{};
    (axis == 0 ? a.x : axis == 1 ? a.y : a.z) = 1;
    // The closest points of the ray and the arrow's line.
    const Vec3 w = r.origin;
    const float b = dot(r.direction, a), c = dot(r.direction, r.direction);
    const float denom = c - b * b;
    if (std::abs(denom) < 1e-9f) continue;
    const float d = dot(r.direction, w), e = dot(a, w);
    const float s = (b * e - d) / denom, t = (c * e - b * d) / denom;
    if (t < 0 || t > length || s < 0) continue;
    const float gap = geometry::length((w + r.direction * s) - a * t);
    if (gap <= nearest) best = axis, nearest = gap;
  }
  return best;
}

std::optional<float> arrowPosition(const Ray& ray, const Mat4& gizmo, int axis) {
  const Ray r = localRay(ray, gizmo);
  Vec3 a{};
  (axis == 0 ? a.x : axis == 1 ? a.y : a.z) = 1;
  const float b = dot(r.direction, a), c = dot(r.direction, r.direction);
  const float denom = c - b * b;
  if (std::abs(denom) < 1e-9f * c) return std::nullopt;
  const float d = dot(r.direction, r.origin), e = dot(a, r.origin);
  return (c * e - b * d) / denom;
}

ops::Call boneRotationCall(std::size_t keyframe, std::size_t bone, const Rotation& r) {
  return {"set_bone_rotation", {{"keyframe", keyframe}, {"bone", bone}, {"x", double(r.x)}, {"y", double(r.y)}, {"z", double(r.z)}}};
}

ops::Call keyframeOffsetCall(std::size_t keyframe, const Vec3s& offset) {
  return {"set_keyframe_offset",
          {{"keyframe", keyframe}, {"offset_x", double(offset.x)}, {"offset_y", double(offset.y)}, {"offset_z", double(offset.z)}}};
}

}  // namespace wadsmith::view
