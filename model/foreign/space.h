// Vector and quaternion arithmetic on the imported types, and the axis change shared by the
// Z-up sources (EverQuest, 3D GameStudio): x forward, y left, z up, right-handed. TR's space
// is x right, y down, z forward (also right-handed), so the change is a rotation: no mirror,
// and faces keep their vertex order.
#pragma once
#include <array>
#include <cmath>

#include "model/imported.h"

// Operators live beside the types so every namespace finds them.
namespace wadsmith::imported {

inline Vec3 operator+(Vec3 a, Vec3 b) { return {a.x + b.x, a.y + b.y, a.z + b.z}; }
inline Vec3 operator-(Vec3 a, Vec3 b) { return {a.x - b.x, a.y - b.y, a.z - b.z}; }
inline Vec3 operator*(Vec3 a, float s) { return {a.x * s, a.y * s, a.z * s}; }
inline Quat operator*(Quat a, Quat b) {
  return {a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z, a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
          a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x, a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w};
}

}  // namespace wadsmith::imported

namespace wadsmith::foreign {

using imported::Quat;
using imported::Vec3;

inline float dot(Vec3 a, Vec3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
inline Vec3 cross(Vec3 a, Vec3 b) { return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }
inline float length(Vec3 a) { return std::sqrt(dot(a, a)); }
inline Quat conjugate(Quat q) { return {q.w, -q.x, -q.y, -q.z}; }
// Unit length; the identity for a zero quaternion (a track key of four zeros).
inline Quat normalized(Quat q) {
  float n = std::sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
  if (n < 1e-12f) return {};
  return {q.w / n, q.x / n, q.y / n, q.z / n};
}
inline Vec3 rotate(Quat q, Vec3 v) {
  Vec3 u{q.x, q.y, q.z};
  Vec3 t = cross(u, v) * 2.0f;
  return v + t * q.w + cross(u, t);
}

// A rigid motion x' = rotation * x + translation.
struct Rigid {
  Quat rotation;
  Vec3 translation;
  Vec3 apply(Vec3 v) const { return rotate(rotation, v) + translation; }
  Rigid then(const Rigid& child) const {  // this * child: child's motion inside this one
    return {rotation * child.rotation, apply(child.translation)};
  }
  Rigid inverse() const {
    Quat c = conjugate(rotation);
    return {c, rotate(c, translation) * -1.0f};
  }
};

// x forward, y left, z up  ->  TR's x right, y down, z forward.
inline Vec3 zUpToTr(Vec3 v) { return {-v.y, -v.z, v.x}; }
inline Vec3 zUpToTr(const std::array<float, 3>& v) { return {-v[1], -v[2], v[0]}; }
inline Quat zUpToTr(Quat q) {
  Vec3 axis = zUpToTr(Vec3{q.x, q.y, q.z});
  return {q.w, axis.x, axis.y, axis.z};
}
inline Rigid zUpToTr(const Rigid& r, float scale) { return {zUpToTr(r.rotation), zUpToTr(r.translation) * scale}; }

}  // namespace wadsmith::foreign
