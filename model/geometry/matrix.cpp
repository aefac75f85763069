#include "model/geometry/matrix.h"

namespace wadsmith::geometry {

Mat4 perspective(float fovY, float aspect, float n, float f) {
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

Mat4 lookAt(const Vec3& eye, const Vec3& target, const Vec3& up) {
  Vec3 f = normalize(target - eye), s = normalize(cross(f, up)), u = cross(s, f);
  Mat4 r;
  r.at(0, 0) = s.x, r.at(0, 1) = s.y, r.at(0, 2) = s.z;
  r.at(1, 0) = u.x, r.at(1, 1) = u.y, r.at(1, 2) = u.z;
  r.at(2, 0) = -f.x, r.at(2, 1) = -f.y, r.at(2, 2) = -f.z;
  r.at(0, 3) = -dot(s, eye), r.at(1, 3) = -dot(u, eye), r.at(2, 3) = dot(f, eye);
  return r;
}

Mat4 inverseAffine(const Mat4& m) {
  // The 3x3 part by its adjugate, then the translation.
  auto a = [&](int r, int c) { return double(m.at(r, c)); };
  double det = a(0, 0) * (a(1, 1) * a(2, 2) - a(1, 2) * a(2, 1)) - a(0, 1) * (a(1, 0) * a(2, 2) - a(1, 2) * a(2, 0)) +
               a(0, 2) * (a(1, 0) * a(2, 1) - a(1, 1) * a(2, 0));
  Mat4 r;
  if (std::abs(det) < 1e-20) return r;
  double inv[3][3] = {{(a(1, 1) * a(2, 2) - a(1, 2) * a(2, 1)) / det, (a(0, 2) * a(2, 1) - a(0, 1) * a(2, 2)) / det,
                       (a(0, 1) * a(1, 2) - a(0, 2) * a(1, 1)) / det},
                      {(a(1, 2) * a(2, 0) - a(1, 0) * a(2, 2)) / det, (a(0, 0) * a(2, 2) - a(0, 2) * a(2, 0)) / det,
                       (a(0, 2) * a(1, 0) - a(0, 0) * a(1, 2)) / det},
                      {(a(1, 0) * a(2, 1) - a(1, 1) * a(2, 0)) / det, (a(0, 1) * a(2, 0) - a(0, 0) * a(2, 1)) / det,
                       (a(0, 0) * a(1, 1) - a(0, 1) * a(1, 0)) / det}};
  for (int i = 0; i < 3; ++i) {
    double t = 0;
    for (int k = 0; k < 3; ++k) {
      r.at(i, k) = float(inv[i][k]);
      t -= inv[i][k] * a(k, 3);
    }
    r.at(i, 3) = float(t);
  }
  return r;
}

namespace {

// The quaternion of a rotation matrix (Shepperd's method: the largest diagonal term divides).
Quat fromMatrix(const Mat4& m) {
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

}  // namespace

Quat rotationOf(const Mat4& m) {
  Mat4 r;
  for (int c = 0; c < 3; ++c) {
    float len = length(Vec3{m.at(0, c), m.at(1, c), m.at(2, c)});
    for (int k = 0; k < 3; ++k) r.at(k, c) = len > 0 ? m.at(k, c) / len : (k == c);
  }
  return normalized(fromMatrix(r));
}

}  // namespace wadsmith::geometry
