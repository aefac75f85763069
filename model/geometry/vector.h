// The one set of vectors: float for the common form, poses and the viewport; double where a fit,
// a map's placements or a mesh's normals want the precision. Operators live beside the types so
// every namespace finds them.
#pragma once
#include <cmath>
#include <type_traits>

namespace wadsmith::geometry {

inline constexpr double kPi = 3.14159265358979323846;
inline float radians(float degrees) { return degrees * float(kPi) / 180.0f; }

template <class T>
struct Vec3T {
  T x = 0, y = 0, z = 0;
};
using Vec3 = Vec3T<float>;
using Vec3d = Vec3T<double>;

template <class T>
Vec3T<T> operator+(Vec3T<T> a, Vec3T<T> b) {
  return {a.x + b.x, a.y + b.y, a.z + b.z};
}
template <class T>
Vec3T<T> operator-(Vec3T<T> a, Vec3T<T> b) {
  return {a.x - b.x, a.y - b.y, a.z - b.z};
}
template <class T>
Vec3T<T> operator-(Vec3T<T> a) {
  return {-a.x, -a.y, -a.z};
}
template <class T>
Vec3T<T> operator*(Vec3T<T> a, std::type_identity_t<T> s) {
  return {a.x * s, a.y * s, a.z * s};
}
template <class T>
T dot(Vec3T<T> a, Vec3T<T> b) {
  return a.x * b.x + a.y * b.y + a.z * b.z;
}
template <class T>
Vec3T<T> cross(Vec3T<T> a, Vec3T<T> b) {
  return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
template <class T>
T length(Vec3T<T> a) {
  return std::sqrt(dot(a, a));
}
// Unit length; a zero vector stays zero.
template <class T>
Vec3T<T> normalize(Vec3T<T> a) {
  T l = length(a);
  return l > 0 ? a * (T(1) / l) : a;
}

}  // namespace wadsmith::geometry
