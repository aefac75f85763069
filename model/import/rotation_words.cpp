#include "model/import/rotation_words.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace wadsmith::import {
namespace {

constexpr double kPi = 3.14159265358979323846;

struct Qd {
  double w = 1, x = 0, y = 0, z = 0;
};
Qd mul(const Qd& a, const Qd& b) {
  return {a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z, a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
          a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x, a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w};
}
Qd axisTurn(int axis, double degrees) {
  double h = degrees * kPi / 360.0;
  Qd q{std::cos(h), 0, 0, 0};
  (axis == 0 ? q.x : axis == 1 ? q.y : q.z) = std::sin(h);
  return q;
}
Qd fromRotation(const Rotation& r) { return mul(mul(axisTurn(1, r.y), axisTurn(0, r.x)), axisTurn(2, r.z)); }
Qd unit(const imported::Quat& q) {
  double n = std::sqrt(double(q.w) * q.w + double(q.x) * q.x + double(q.y) * q.y + double(q.z) * q.z);
  if (!(n > 1e-12) || !std::isfinite(n)) return {};
  return {q.w / n, q.x / n, q.y / n, q.z / n};
}
double angle(const Qd& a, const Qd& b) {
  double d = std::abs(a.w * b.w + a.x * b.x + a.y * b.y + a.z * b.z);
  return 2.0 * std::acos(std::min(1.0, d)) * 180.0 / kPi;
}
int wrap(long v, int steps) { return static_cast<int>(((v % steps) + steps) % steps); }

Rotation rotationOf(Rotation::Axes axes, int x, int y, int z) {
  Rotation r;
  r.axes = axes;
  const double step = axes == Rotation::Axes::XYZ ? 360.0 / 1024.0 : 360.0 / 4096.0;
  r.x = static_cast<float>(x * step), r.y = static_cast<float>(y * step), r.z = static_cast<float>(z * step);
  r.words = axes == Rotation::Axes::XYZ ? 2 : 1;
  return r;
}

}  // namespace

imported::Quat rotationQuat(const Rotation& r) {
  Qd q = fromRotation(r);
  return {static_cast<float>(q.w), static_cast<float>(q.x), static_cast<float>(q.y), static_cast<float>(q.z)};
}

double angleBetween(const imported::Quat& a, const imported::Quat& b) { return angle(unit(a), unit(b)); }

EncodedRotation closestRotation(const imported::Quat& asked) {
  const Qd q = unit(asked);
  // The matrix of q; R = Ry Rx Rz gives R12 = -sin x, R10 = cos x sin z, R11 = cos x cos z,
  // R02 = sin y cos x, R22 = cos y cos x.
  const double r00 = 1 - 2 * (q.y * q.y + q.z * q.z), r02 = 2 * (q.x * q.z + q.w * q.y);
  const double r10 = 2 * (q.x * q.y + q.w * q.z), r11 = 1 - 2 * (q.x * q.x + q.z * q.z), r12 = 2 * (q.y * q.z - q.w * q.x);
  const double r20 = 2 * (q.x * q.z - q.w * q.y), r22 = 1 - 2 * (q.x * q.x + q.y * q.y);
  double x = std::asin(std::clamp(-r12, -1.0, 1.0)), y = 0, z = 0;
  if (std::abs(r12) < 0.9999999) {
    y = std::atan2(r02, r22);
    z = std::atan2(r10, r11);
  } else {  // gimbal lock: z folds into y
    y = std::atan2(-r20, r00);
  }
  auto steps = [](double rad, double full) { return std::lround(rad * full / (2 * kPi)); };

  EncodedRotation best;
  best.errorDegrees = 1e9;
  auto consider = [&](const Rotation& r) {
    double e = angle(q, fromRotation(r));
    // One-axis words are tried first, so a three-axis word must be strictly better.
    if (e < best.errorDegrees - 1e-9) {
      best.rotation = r;
      best.errorDegrees = e;
    }
  };
  const double axisAngle[3] = {2 * std::atan2(q.x, q.w), 2 * std::atan2(q.y, q.w), 2 * std::atan2(q.z, q.w)};
  const Rotation::Axes single[3] = {Rotation::Axes::X, Rotation::Axes::Y, Rotation::Axes::Z};
  for (int a = 0; a < 3; ++a) {
    int u = wrap(steps(axisAngle[a], 4096), 4096);
    consider(rotationOf(single[a], a == 0 ? u : 0, a == 1 ? u : 0, a == 2 ? u : 0));
  }
  const long ux = steps(x, 1024), uy = steps(y, 1024), uz = steps(z, 1024);
  for (int dx = -1; dx <= 1; ++dx)
    for (int dy = -1; dy <= 1; ++dy)
      for (int dz = -1; dz <= 1; ++dz)
        consider(rotationOf(Rotation::Axes::XYZ, wrap(ux + dx, 1024), wrap(uy + dy, 1024), wrap(uz + dz, 1024)));
  best.words = encodeRotation(best.rotation);
  return best;
}

}  // namespace wadsmith::import
