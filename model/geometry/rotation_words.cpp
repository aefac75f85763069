#include "model/geometry/rotation_words.h"

#include <algorithm>
#include <cmath>

namespace wadsmith::geometry {
namespace {

using Axes = Rotation::Axes;

// Steps a turn of a one-axis word: 4096 in TR4/5 and the WAD, 1024 in TR2/3; TR1 has none.
int oneAxisSteps(KeyframeFormat f) { return f == KeyframeFormat::Tr4 ? 4096 : f == KeyframeFormat::Tr2 ? 1024 : 0; }

Rotation threeAxes(std::uint32_t v) {
  auto angle = [](std::uint32_t steps) { return static_cast<float>(steps & 0x3FF) * 360.0f / 1024.0f; };
  return {Axes::XYZ, angle(v >> 20), angle(v >> 10), angle(v), 2};
}

// The words ran out before the rotation did.
constexpr Rotation kTruncated{Axes::XYZ, 0, 0, 0, 0};

// An angle to whole steps of a turn, 0..steps-1.
std::uint32_t steps(float degrees, int full) {
  float v = std::fmod(degrees, 360.0f);
  if (v < 0) v += 360.0f;
  return static_cast<std::uint32_t>(std::lround(v * static_cast<float>(full) / 360.0f)) & static_cast<std::uint32_t>(full - 1);
}

QuatD about(double x, double y, double z, double degrees) {
  const double h = degrees * kPi / 360;
  const double s = snapTiny(std::sin(h));
  return {snapTiny(std::cos(h)), x * s, y * s, z * s};
}

Rotation stepped(Axes axes, long x, long y, long z) {
  const int n = axes == Axes::XYZ ? 1024 : 4096;
  const double step = 360.0 / n;
  auto angle = [&](long v) { return static_cast<float>(((v % n) + n) % n * step); };  // whole steps, 0..n-1
  return {axes, angle(x), angle(y), angle(z), axes == Axes::XYZ ? 2 : 1};
}

// The nearest of the candidates offered; a later one must be closer by more than rounding. The
// distance is measured from the dot product, which resolves only ~1e-6 degrees: equivalent
// words (gimbal lock) are told apart by that rounding, as every import so far has chosen them.
struct Nearest {
  QuatD asked;
  Rotation rotation;
  double error = 1e9;
  void consider(const Rotation& r) {
    const double e = 2 * std::acos(std::min(1.0, std::abs(dot(asked, rotationQuat(r))))) * 180 / kPi;
    if (e < error - 1e-9) rotation = r, error = e;
  }
  // q's turn about one axis alone, to the nearest step.
  void oneAxis(int axis, int full) {
    const double half[3] = {asked.x, asked.y, asked.z};
    const long u = std::lround(2 * std::atan2(half[axis], asked.w) * full / (2 * kPi));
    const long k = u * (4096 / full);  // one-axis rotations are kept in 4096 steps
    consider(stepped(axis == 0 ? Axes::X : axis == 1 ? Axes::Y : Axes::Z, axis == 0 ? k : 0, axis == 1 ? k : 0, axis == 2 ? k : 0));
  }
  // The three-axis angles of the turn (R = Ry Rx Rz) and their neighbouring steps.
  void threeAxes() {
    const QuatD& q = asked;
    // R12 = -sin x, R10 = cos x sin z, R11 = cos x cos z, R02 = sin y cos x, R22 = cos y cos x.
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
    auto step = [](double rad) { return std::lround(rad * 1024 / (2 * kPi)); };
    const long ux = step(x), uy = step(y), uz = step(z);
    for (int dx = -1; dx <= 1; ++dx)
      for (int dy = -1; dy <= 1; ++dy)
        for (int dz = -1; dz <= 1; ++dz) consider(stepped(Axes::XYZ, ux + dx, uy + dy, uz + dz));
  }
};

}  // namespace

Rotation decodeRotation(std::span<const std::uint16_t> words, KeyframeFormat format) {
  if (format == KeyframeFormat::Tr1)
    return words.size() < 2 ? kTruncated : threeAxes((static_cast<std::uint32_t>(words[1]) << 16) | words[0]);
  if (words.empty()) return kTruncated;
  const std::uint16_t w = words[0];
  if ((w & 0xC000) == 0)
    return words.size() < 2 ? kTruncated : threeAxes((static_cast<std::uint32_t>(w) << 16) | words[1]);
  const bool tr4 = format == KeyframeFormat::Tr4;
  const float angle = static_cast<float>(w & (tr4 ? 0x0FFF : 0x03FF)) * (tr4 ? 360.0f / 4096.0f : 360.0f / 1024.0f);
  Rotation r;
  switch (w & 0xC000) {
    case 0x4000: r.axes = Axes::X, r.x = angle; break;
    case 0x8000: r.axes = Axes::Y, r.y = angle; break;
    default: r.axes = Axes::Z, r.z = angle; break;
  }
  return r;
}

std::vector<std::uint16_t> encodeRotation(const Rotation& r, KeyframeFormat format) {
  const int one = oneAxisSteps(format);
  auto word = [&](std::uint16_t axis, float degrees) { return std::vector<std::uint16_t>{static_cast<std::uint16_t>(axis | steps(degrees, one))}; };
  if (one) switch (r.axes) {
      case Axes::X: return word(0x4000, r.x);
      case Axes::Y: return word(0x8000, r.y);
      case Axes::Z: return word(0xC000, r.z);
      case Axes::XYZ: break;
    }
  const std::uint32_t v = (steps(r.x, 1024) << 20) | (steps(r.y, 1024) << 10) | steps(r.z, 1024);
  const auto high = static_cast<std::uint16_t>(v >> 16), low = static_cast<std::uint16_t>(v & 0xFFFF);
  if (format == KeyframeFormat::Tr1) return {low, high};
  return {high, low};
}

QuatD rotationQuat(const Rotation& r) { return about(0, 1, 0, r.y) * about(1, 0, 0, r.x) * about(0, 0, 1, r.z); }

Rotation mirrored(const Rotation& r) {
  auto negated = [](float degrees) {
    float v = std::fmod(-degrees, 360.0f);
    if (v < 0) v += 360.0f;
    return v == 0 ? 0.0f : v;
  };
  Rotation m = r;
  m.y = negated(r.y), m.z = negated(r.z);
  return m;
}

EncodedRotation closestRotation(const Quat& q, KeyframeFormat format) {
  Nearest n{normalized(cast<double>(q))};
  // One-axis words are tried first, so a three-axis word must be strictly better.
  if (const int full = oneAxisSteps(format))
    for (int a = 0; a < 3; ++a) n.oneAxis(a, full);
  n.threeAxes();
  return {n.rotation, encodeRotation(n.rotation, format), n.error};
}

Rotation keepingForm(const Rotation& stored, const QuatD& wanted, KeyframeFormat format) {
  Nearest n{normalized(wanted)};
  const int full = oneAxisSteps(format);
  if (full && stored.axes != Axes::XYZ) n.oneAxis(stored.axes == Axes::X ? 0 : stored.axes == Axes::Y ? 1 : 2, full);
  n.threeAxes();
  return n.rotation;
}

}  // namespace wadsmith::geometry
