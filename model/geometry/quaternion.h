// Unit quaternions (w + xi + yj + zk) for rotations, in float or double.
#pragma once
#include <cmath>
#include <type_traits>

#include "model/geometry/vector.h"

namespace wadsmith::geometry {

template <class T>
struct QuatT {
  T w = 1, x = 0, y = 0, z = 0;
};
using Quat = QuatT<float>;
using QuatD = QuatT<double>;

// A component that is zero in exact arithmetic but came out of sin or cos as ~1e-17 (a different
// tiny value on each platform), made zero, so poses and exports are the same everywhere.
inline double snapTiny(double v) { return std::abs(v) < 1e-9 ? 0.0 : v; }

template <class T>
QuatT<T> operator*(QuatT<T> a, QuatT<T> b) {
  return {a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z, a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
          a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x, a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w};
}
template <class T>
QuatT<T> conjugate(QuatT<T> q) {
  return {q.w, -q.x, -q.y, -q.z};
}
template <class T>
T dot(QuatT<T> a, QuatT<T> b) {
  return a.w * b.w + a.x * b.x + a.y * b.y + a.z * b.z;
}
template <class To, class From>
QuatT<To> cast(QuatT<From> q) {
  return {To(q.w), To(q.x), To(q.y), To(q.z)};
}
// Unit length; the identity for a zero (a track key of four zeros) or not finite quaternion.
template <class T>
QuatT<T> normalized(QuatT<T> q) {
  T n = std::sqrt(dot(q, q));
  if (!(n > T(1e-12)) || !std::isfinite(n)) return {};
  return {q.w / n, q.x / n, q.y / n, q.z / n};
}
template <class T>
Vec3T<T> rotate(QuatT<T> q, Vec3T<T> v) {
  Vec3T<T> u{q.x, q.y, q.z};
  Vec3T<T> t = cross(u, v) * T(2);
  return v + t * q.w + cross(u, t);
}
// Spherical interpolation the short way round, endpoints exact at t = 0 and 1 up to the final
// normalisation. Where the two are so close that sin(angle) loses T's precision, the straight
// blend (normalised) is as good.
template <class T>
QuatT<T> slerp(QuatT<T> a, QuatT<T> b, T t) {
  constexpr T kLinear = std::is_same_v<T, float> ? T(0.9995) : T(0.9999995);
  T d = dot(a, b);
  if (d < 0) b = {-b.w, -b.x, -b.y, -b.z}, d = -d;
  T ka = 1 - t, kb = t;
  if (d < kLinear) {
    const T th = std::acos(d), s = std::sin(th);
    ka = std::sin((1 - t) * th) / s;
    kb = std::sin(t * th) / s;
  }
  return normalized(QuatT<T>{a.w * ka + b.w * kb, a.x * ka + b.x * kb, a.y * ka + b.y * kb, a.z * ka + b.z * kb});
}

// The angle in degrees (0..180) of the turn that carries a onto b (atan2 keeps small angles
// exact where acos of a dot product near 1 loses them).
inline double angleBetween(QuatD a, QuatD b) {
  const QuatD r = conjugate(a) * b;
  return 2 * std::atan2(std::sqrt(r.x * r.x + r.y * r.y + r.z * r.z), std::abs(r.w)) * 180 / kPi;
}

}  // namespace wadsmith::geometry
