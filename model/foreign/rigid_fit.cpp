#include "model/foreign/rigid_fit.h"

#include <algorithm>
#include <cmath>

namespace wadsmith::foreign {

namespace {

// Eigen decomposition of a symmetric 4x4 matrix by Jacobi rotations; returns the eigenvector
// of the largest eigenvalue.
std::array<double, 4> largestEigenvector(std::array<std::array<double, 4>, 4> a) {
  std::array<std::array<double, 4>, 4> v{};
  for (int i = 0; i < 4; ++i) v[i][i] = 1;
  for (int sweep = 0; sweep < 64; ++sweep) {
    double off = 0;
    for (int i = 0; i < 4; ++i)
      for (int j = i + 1; j < 4; ++j) off += a[i][j] * a[i][j];
    if (off < 1e-30) break;
    for (int p = 0; p < 4; ++p)
      for (int q = p + 1; q < 4; ++q) {
        if (std::abs(a[p][q]) < 1e-300) continue;
        double theta = (a[q][q] - a[p][p]) / (2 * a[p][q]);
        double t = (theta >= 0 ? 1 : -1) / (std::abs(theta) + std::sqrt(theta * theta + 1));
        double c = 1 / std::sqrt(t * t + 1), s = t * c;
        auto turn = [c, s](double& x, double& y) {
          const double x0 = x, y0 = y;
          x = c * x0 - s * y0;
          y = s * x0 + c * y0;
        };
        // Columns p and q of a, then its rows p and q, then the columns of v.
        for (int k = 0; k < 4; ++k) turn(a[k][p], a[k][q]);
        for (int k = 0; k < 4; ++k) turn(a[p][k], a[q][k]);
        for (int k = 0; k < 4; ++k) turn(v[k][p], v[k][q]);
      }
  }
  int best = 0;
  for (int i = 1; i < 4; ++i)
    if (a[i][i] > a[best][best]) best = i;
  return {v[0][best], v[1][best], v[2][best], v[3][best]};
}

}  // namespace

Rigid fitRigid(std::span<const Vec3> from, std::span<const Vec3> to) {
  std::size_t n = std::min(from.size(), to.size());
  if (n == 0) return {};
  double ca[3] = {0, 0, 0}, cb[3] = {0, 0, 0};
  for (std::size_t i = 0; i < n; ++i) {
    ca[0] += from[i].x, ca[1] += from[i].y, ca[2] += from[i].z;
    cb[0] += to[i].x, cb[1] += to[i].y, cb[2] += to[i].z;
  }
  for (int k = 0; k < 3; ++k) ca[k] /= static_cast<double>(n), cb[k] /= static_cast<double>(n);
  double s[3][3] = {};
  for (std::size_t i = 0; i < n; ++i) {
    double a[3] = {from[i].x - ca[0], from[i].y - ca[1], from[i].z - ca[2]};
    double b[3] = {to[i].x - cb[0], to[i].y - cb[1], to[i].z - cb[2]};
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 3; ++c) s[r][c] += a[r] * b[c];
  }
  // Horn (1987): the unit quaternion is the top eigenvector of this symmetric matrix.
  double sxx = s[0][0], sxy = s[0][1], sxz = s[0][2], syx = s[1][0], syy = s[1][1], syz = s[1][2], szx = s[2][0],
         szy = s[2][1], szz = s[2][2];
  std::array<std::array<double, 4>, 4> m = {{{sxx + syy + szz, syz - szy, szx - sxz, sxy - syx},
                                             {syz - szy, sxx - syy - szz, sxy + syx, szx + sxz},
                                             {szx - sxz, sxy + syx, -sxx + syy - szz, syz + szy},
                                             {sxy - syx, szx + sxz, syz + szy, -sxx - syy + szz}}};
  Quat q{};
  double scaleOfS = 0;
  for (auto& row : s)
    for (double v : row) scaleOfS = std::max(scaleOfS, std::abs(v));
  if (scaleOfS > 0) {
    auto e = largestEigenvector(m);
    q = normalized(Quat{static_cast<float>(e[0]), static_cast<float>(e[1]), static_cast<float>(e[2]), static_cast<float>(e[3])});
    if (q.w < 0) q = {-q.w, -q.x, -q.y, -q.z};
  }
  Vec3 a{static_cast<float>(ca[0]), static_cast<float>(ca[1]), static_cast<float>(ca[2])};
  Vec3 b{static_cast<float>(cb[0]), static_cast<float>(cb[1]), static_cast<float>(cb[2])};
  return {q, b - rotate(q, a)};
}

Vec3 fitJoint(std::span<const Rigid> a, std::span<const Rigid> b, Vec3 prior, float weight, float* rms) {
  // Normal equations of sum |(Ra - Rb) p + (ta - tb)|^2 + w |p - prior|^2 in double.
  double m[3][3] = {{weight, 0, 0}, {0, weight, 0}, {0, 0, weight}};
  double r[3] = {weight * prior.x, weight * prior.y, weight * prior.z};
  std::size_t n = std::min(a.size(), b.size());
  auto column = [](const Rigid& x, int k) {
    Vec3 e{k == 0 ? 1.0f : 0.0f, k == 1 ? 1.0f : 0.0f, k == 2 ? 1.0f : 0.0f};
    return rotate(x.rotation, e);
  };
  for (std::size_t f = 0; f < n; ++f) {
    double d[3][3];  // Ra - Rb, by columns
    for (int k = 0; k < 3; ++k) {
      Vec3 c = column(a[f], k) - column(b[f], k);
      d[0][k] = c.x, d[1][k] = c.y, d[2][k] = c.z;
    }
    Vec3 t = b[f].translation - a[f].translation;
    double tv[3] = {t.x, t.y, t.z};
    for (int i = 0; i < 3; ++i) {
      for (int j = 0; j < 3; ++j)
        for (int k = 0; k < 3; ++k) m[i][j] += d[k][i] * d[k][j];
      for (int k = 0; k < 3; ++k) r[i] += d[k][i] * tv[k];
    }
  }
  // Solve the 3x3 system by Cramer's rule (it is positive definite when weight > 0).
  auto det3 = [](double x[3][3]) {
    return x[0][0] * (x[1][1] * x[2][2] - x[1][2] * x[2][1]) - x[0][1] * (x[1][0] * x[2][2] - x[1][2] * x[2][0]) +
           x[0][2] * (x[1][0] * x[2][1] - x[1][1] * x[2][0]);
  };
  double det = det3(m);
  Vec3 p = prior;
  if (std::abs(det) > 1e-20) {
    double out[3];
    for (int c = 0; c < 3; ++c) {
      double x[3][3];
      for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j) x[i][j] = j == c ? r[i] : m[i][j];
      out[c] = det3(x) / det;
    }
    p = {static_cast<float>(out[0]), static_cast<float>(out[1]), static_cast<float>(out[2])};
  }
  if (rms) {
    double sum = 0;
    for (std::size_t f = 0; f < n; ++f) {
      Vec3 e = a[f].apply(p) - b[f].apply(p);
      sum += dot(e, e);
    }
    *rms = n ? static_cast<float>(std::sqrt(sum / static_cast<double>(n))) : 0.0f;
  }
  return p;
}

}  // namespace wadsmith::foreign
