// Column-major 4x4 matrices (the layout OpenGL takes): the viewport's transforms, a 3D file's
// node transforms, a map's placements (in double).
#pragma once
#include <cmath>

#include "model/geometry/quaternion.h"

namespace wadsmith::geometry {

template <class T>
struct Mat4T {
  T m[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};
  T& at(int row, int col) { return m[col * 4 + row]; }
  T at(int row, int col) const { return m[col * 4 + row]; }
  Mat4T operator*(const Mat4T& o) const {
    Mat4T r;
    for (int c = 0; c < 4; ++c)
      for (int rr = 0; rr < 4; ++rr) {
        T s = 0;
        for (int k = 0; k < 4; ++k) s += at(rr, k) * o.at(k, c);
        r.at(rr, c) = s;
      }
    return r;
  }
  Vec3T<T> point(const Vec3T<T>& p) const {
    return {at(0, 0) * p.x + at(0, 1) * p.y + at(0, 2) * p.z + at(0, 3),
            at(1, 0) * p.x + at(1, 1) * p.y + at(1, 2) * p.z + at(1, 3),
            at(2, 0) * p.x + at(2, 1) * p.y + at(2, 2) * p.z + at(2, 3)};
  }
  Vec3T<T> direction(const Vec3T<T>& d) const {
    return {at(0, 0) * d.x + at(0, 1) * d.y + at(0, 2) * d.z, at(1, 0) * d.x + at(1, 1) * d.y + at(1, 2) * d.z,
            at(2, 0) * d.x + at(2, 1) * d.y + at(2, 2) * d.z};
  }
  // Homogeneous transform with the perspective divide.
  Vec3T<T> project(const Vec3T<T>& p, T* w = nullptr) const {
    const Vec3T<T> q = point(p);
    T ww = at(3, 0) * p.x + at(3, 1) * p.y + at(3, 2) * p.z + at(3, 3);
    if (w) *w = ww;
    return ww != 0 ? Vec3T<T>{q.x / ww, q.y / ww, q.z / ww} : q;
  }
  static Mat4T translation(const Vec3T<T>& t) {
    Mat4T r;
    r.at(0, 3) = t.x, r.at(1, 3) = t.y, r.at(2, 3) = t.z;
    return r;
  }
  static Mat4T scale(const Vec3T<T>& s) {
    Mat4T r;
    r.at(0, 0) = s.x, r.at(1, 1) = s.y, r.at(2, 2) = s.z;
    return r;
  }
  static Mat4T rotationX(T rad) { return turn(1, 2, rad); }
  static Mat4T rotationY(T rad) { return turn(2, 0, rad); }
  static Mat4T rotationZ(T rad) { return turn(0, 1, rad); }
  static Mat4T rotation(const QuatT<T>& q) {
    const T w = q.w, x = q.x, y = q.y, z = q.z;
    Mat4T r;
    r.at(0, 0) = 1 - 2 * (y * y + z * z), r.at(0, 1) = 2 * (x * y - z * w), r.at(0, 2) = 2 * (x * z + y * w);
    r.at(1, 0) = 2 * (x * y + z * w), r.at(1, 1) = 1 - 2 * (x * x + z * z), r.at(1, 2) = 2 * (y * z - x * w);
    r.at(2, 0) = 2 * (x * z - y * w), r.at(2, 1) = 2 * (y * z + x * w), r.at(2, 2) = 1 - 2 * (x * x + y * y);
    return r;
  }

 private:
  // A turn in the plane of axes a and b, from a towards b.
  static Mat4T turn(int a, int b, T rad) {
    Mat4T r;
    const T c = std::cos(rad), s = std::sin(rad);
    r.at(a, a) = c, r.at(a, b) = -s, r.at(b, a) = s, r.at(b, b) = c;
    return r;
  }
};
using Mat4 = Mat4T<float>;
using Mat4d = Mat4T<double>;

Mat4 perspective(float fovY, float aspect, float zNear, float zFar);
Mat4 lookAt(const Vec3& eye, const Vec3& target, const Vec3& up);
// The inverse of a matrix whose last row is (0, 0, 0, 1), computed in double; the identity when
// it is singular.
Mat4 inverseAffine(const Mat4& m);
inline Vec3 translationOf(const Mat4& m) { return {m.at(0, 3), m.at(1, 3), m.at(2, 3)}; }
// The rotation of an affine matrix with its scale taken out, as a unit quaternion.
Quat rotationOf(const Mat4& m);
// A rigid motion as a matrix: T(translation) * R(rotation).
inline Mat4 matrixOf(const Quat& rotation, const Vec3& translation) {
  return Mat4::translation(translation) * Mat4::rotation(rotation);
}

}  // namespace wadsmith::geometry
