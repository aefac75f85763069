#include "editor/view/math3d.h"

namespace wadsmith::view {

Mat4 Mat4::rotationX(float a) {
  Mat4 r;
  float c = std::cos(a), s = std::sin(a);
  r.at(1, 1) = c, r.at(1, 2) = -s, r.at(2, 1) = s, r.at(2, 2) = c;
  return r;
}
Mat4 Mat4::rotationY(float a) {
  Mat4 r;
  float c = std::cos(a), s = std::sin(a);
  r.at(0, 0) = c, r.at(0, 2) = s, r.at(2, 0) = -s, r.at(2, 2) = c;
  return r;
}
Mat4 Mat4::rotationZ(float a) {
  Mat4 r;
  float c = std::cos(a), s = std::sin(a);
  r.at(0, 0) = c, r.at(0, 1) = -s, r.at(1, 0) = s, r.at(1, 1) = c;
  return r;
}

Mat4 Mat4::perspective(float fovY, float aspect, float n, float f) {
  Mat4 r;
  float t = 1.0f / std::tan(fovY / 2);
  r.at(0, 0) = t / aspect;
  r.at(1, 1) = t;
  r.at(2, 2) = (f + n) / (n - f);
  r.at(2, 3) = 2 * f * n / (n - f);
  r.at(3, 2) = -1;
  r.at(3, 3) = 0;
  return r;
}

Mat4 Mat4::lookAt(const Vec3& eye, const Vec3& target, const Vec3& up) {
  Vec3 f = normalize(target - eye), s = normalize(cross(f, up)), u = cross(s, f);
  Mat4 r;
  r.at(0, 0) = s.x, r.at(0, 1) = s.y, r.at(0, 2) = s.z;
  r.at(1, 0) = u.x, r.at(1, 1) = u.y, r.at(1, 2) = u.z;
  r.at(2, 0) = -f.x, r.at(2, 1) = -f.y, r.at(2, 2) = -f.z;
  r.at(0, 3) = -dot(s, eye), r.at(1, 3) = -dot(u, eye), r.at(2, 3) = dot(f, eye);
  return r;
}

Quat Quat::fromMatrix(const Mat4& m) {
  Quat q;
  float tr = m.at(0, 0) + m.at(1, 1) + m.at(2, 2);
  if (tr > 0) {
    float s = std::sqrt(tr + 1.0f) * 2;
    q.w = 0.25f * s;
    q.x = (m.at(2, 1) - m.at(1, 2)) / s;
    q.y = (m.at(0, 2) - m.at(2, 0)) / s;
    q.z = (m.at(1, 0) - m.at(0, 1)) / s;
  } else if (m.at(0, 0) > m.at(1, 1) && m.at(0, 0) > m.at(2, 2)) {
    float s = std::sqrt(1.0f + m.at(0, 0) - m.at(1, 1) - m.at(2, 2)) * 2;
    q.w = (m.at(2, 1) - m.at(1, 2)) / s;
    q.x = 0.25f * s;
    q.y = (m.at(0, 1) + m.at(1, 0)) / s;
    q.z = (m.at(0, 2) + m.at(2, 0)) / s;
  } else if (m.at(1, 1) > m.at(2, 2)) {
    float s = std::sqrt(1.0f + m.at(1, 1) - m.at(0, 0) - m.at(2, 2)) * 2;
    q.w = (m.at(0, 2) - m.at(2, 0)) / s;
    q.x = (m.at(0, 1) + m.at(1, 0)) / s;
    q.y = 0.25f * s;
    q.z = (m.at(1, 2) + m.at(2, 1)) / s;
  } else {
    float s = std::sqrt(1.0f + m.at(2, 2) - m.at(0, 0) - m.at(1, 1)) * 2;
    q.w = (m.at(1, 0) - m.at(0, 1)) / s;
    q.x = (m.at(0, 2) + m.at(2, 0)) / s;
    q.y = (m.at(1, 2) + m.at(2, 1)) / s;
    q.z = 0.25f * s;
  }
  return q;
}

Mat4 Quat::matrix() const {
  Mat4 r;
  r.at(0, 0) = 1 - 2 * (y * y + z * z), r.at(0, 1) = 2 * (x * y - z * w), r.at(0, 2) = 2 * (x * z + y * w);
  r.at(1, 0) = 2 * (x * y + z * w), r.at(1, 1) = 1 - 2 * (x * x + z * z), r.at(1, 2) = 2 * (y * z - x * w);
  r.at(2, 0) = 2 * (x * z - y * w), r.at(2, 1) = 2 * (y * z + x * w), r.at(2, 2) = 1 - 2 * (x * x + y * y);
  return r;
}

Quat slerp(Quat a, Quat b, float t) {
  float d = a.w * b.w + a.x * b.x + a.y * b.y + a.z * b.z;
  if (d < 0) b = {-b.w, -b.x, -b.y, -b.z}, d = -d;
  float ka = 1 - t, kb = t;
  if (d < 0.9995f) {
    float th = std::acos(d), s = std::sin(th);
    ka = std::sin((1 - t) * th) / s;
    kb = std::sin(t * th) / s;
  }
  Quat q{a.w * ka + b.w * kb, a.x * ka + b.x * kb, a.y * ka + b.y * kb, a.z * ka + b.z * kb};
  float l = std::sqrt(q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z);
  return {q.w / l, q.x / l, q.y / l, q.z / l};
}

}  // namespace wadsmith::view
