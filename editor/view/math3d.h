// Small 3D math for the viewport: vectors, column-major 4x4 matrices, quaternions.
#pragma once
#include <cmath>

namespace wadsmith::view {

struct Vec3 {
  float x = 0, y = 0, z = 0;
  Vec3 operator+(const Vec3& o) const { return {x + o.x, y + o.y, z + o.z}; }
  Vec3 operator-(const Vec3& o) const { return {x - o.x, y - o.y, z - o.z}; }
  Vec3 operator*(float s) const { return {x * s, y * s, z * s}; }
  Vec3 operator-() const { return {-x, -y, -z}; }
};
inline float dot(const Vec3& a, const Vec3& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
inline Vec3 cross(const Vec3& a, const Vec3& b) { return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }
inline float length(const Vec3& a) { return std::sqrt(dot(a, a)); }
inline Vec3 normalize(const Vec3& a) {
  float l = length(a);
  return l > 0 ? a * (1.0f / l) : a;
}

constexpr float kPi = 3.14159265358979f;
inline float radians(float degrees) { return degrees * kPi / 180.0f; }

struct Mat4 {
  float m[16] = {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1};  // column-major
  float& at(int row, int col) { return m[col * 4 + row]; }
  float at(int row, int col) const { return m[col * 4 + row]; }
  Mat4 operator*(const Mat4& o) const {
    Mat4 r;
    for (int c = 0; c < 4; ++c)
      for (int rr = 0; rr < 4; ++rr) {
        float s = 0;
        for (int k = 0; k < 4; ++k) s += at(rr, k) * o.at(k, c);
        r.at(rr, c) = s;
      }
    return r;
  }
  Vec3 point(const Vec3& p) const {
    return {at(0, 0) * p.x + at(0, 1) * p.y + at(0, 2) * p.z + at(0, 3),
            at(1, 0) * p.x + at(1, 1) * p.y + at(1, 2) * p.z + at(1, 3),
            at(2, 0) * p.x + at(2, 1) * p.y + at(2, 2) * p.z + at(2, 3)};
  }
  Vec3 direction(const Vec3& d) const {
    return {at(0, 0) * d.x + at(0, 1) * d.y + at(0, 2) * d.z, at(1, 0) * d.x + at(1, 1) * d.y + at(1, 2) * d.z,
            at(2, 0) * d.x + at(2, 1) * d.y + at(2, 2) * d.z};
  }
  // Homogeneous transform with the perspective divide.
  Vec3 project(const Vec3& p, float* w = nullptr) const {
    float x = at(0, 0) * p.x + at(0, 1) * p.y + at(0, 2) * p.z + at(0, 3);
    float y = at(1, 0) * p.x + at(1, 1) * p.y + at(1, 2) * p.z + at(1, 3);
    float z = at(2, 0) * p.x + at(2, 1) * p.y + at(2, 2) * p.z + at(2, 3);
    float ww = at(3, 0) * p.x + at(3, 1) * p.y + at(3, 2) * p.z + at(3, 3);
    if (w) *w = ww;
    return ww != 0 ? Vec3{x / ww, y / ww, z / ww} : Vec3{x, y, z};
  }
  static Mat4 translation(const Vec3& t) {
    Mat4 r;
    r.at(0, 3) = t.x, r.at(1, 3) = t.y, r.at(2, 3) = t.z;
    return r;
  }
  static Mat4 scale(const Vec3& s) {
    Mat4 r;
    r.at(0, 0) = s.x, r.at(1, 1) = s.y, r.at(2, 2) = s.z;
    return r;
  }
  static Mat4 rotationX(float rad);
  static Mat4 rotationY(float rad);
  static Mat4 rotationZ(float rad);
  static Mat4 perspective(float fovY, float aspect, float zNear, float zFar);
  static Mat4 lookAt(const Vec3& eye, const Vec3& target, const Vec3& up);
};

struct Quat {
  float w = 1, x = 0, y = 0, z = 0;
  static Quat fromMatrix(const Mat4& m);
  Mat4 matrix() const;
};
Quat slerp(Quat a, Quat b, float t);

}  // namespace wadsmith::view
