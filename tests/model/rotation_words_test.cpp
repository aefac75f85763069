// TR's rotation words (model/geometry/rotation_words.h): every word decodes and encodes back to
// itself in each game's layout, the turn is Y then X then Z with exact zeros, an edit keeps a
// one-axis word one-axis while the turn stays on its axis, the mirror is exact and its own
// inverse, and quaternion slerp keeps its endpoints. Checked against matrices built here.
#include <gtest/gtest.h>

#include <random>

#include "model/geometry/rotation_words.h"
#include "tests/model/wad_pose_oracle.h"

namespace wadsmith {
namespace {

using geometry::QuatD;
using geometry::Rotation;
using Axes = Rotation::Axes;

Rotation decode(std::vector<std::uint16_t> words, KeyframeFormat f = KeyframeFormat::Tr4) {
  return geometry::decodeRotation(words, f);
}

std::vector<std::uint16_t> threeAxes(std::uint32_t x, std::uint32_t y, std::uint32_t z) {
  const std::uint32_t v = (x << 20) | (y << 10) | z;
  return {static_cast<std::uint16_t>(v >> 16), static_cast<std::uint16_t>(v & 0xFFFF)};
}

// The largest difference between the quaternion's matrix and TR's Ry * Rx * Rz built apart.
double matrixGap(const QuatD& q, const Rotation& r) {
  const auto a = test::quatMatrix(q.w, q.x, q.y, q.z), b = test::rotationYXZ(r.x, r.y, r.z);
  double gap = 0;
  for (int i = 0; i < 3; ++i)
    for (int k = 0; k < 3; ++k) gap = std::max(gap, std::abs(a[i][k] - b[i][k]));
  return gap;
}

TEST(RotationWords, EveryOneAxisWordComesBackInEachLayout) {
  for (auto [format, bits] : {std::pair{KeyframeFormat::Tr4, 12}, std::pair{KeyframeFormat::Tr2, 10}})
    for (std::uint16_t axis : {0x4000, 0x8000, 0xC000})
      for (std::uint16_t u = 0; u < (1u << bits); ++u) {
        const std::uint16_t word = axis | u;
        const Rotation r = decode({word}, format);
        ASSERT_EQ(r.words, 1);
        ASSERT_EQ(geometry::encodeRotation(r, format), std::vector<std::uint16_t>{word}) << std::hex << word;
      }
  // TR2/3's one-axis angle is 10 bits: 256 steps a quarter turn.
  EXPECT_FLOAT_EQ(decode({0x8000 | 256}, KeyframeFormat::Tr2).y, 90.0f);
  EXPECT_FLOAT_EQ(decode({0x8000 | 256}, KeyframeFormat::Tr4).y, 22.5f);
}

TEST(RotationWords, ThreeAxisWordsComeBackAndTr1StoresTheSecondFirst) {
  std::mt19937 rng(5);
  for (int i = 0; i < 20000; ++i) {
    const std::uint32_t v = rng() & 0x3FFFFFFF;
    const std::vector<std::uint16_t> words{static_cast<std::uint16_t>(v >> 16), static_cast<std::uint16_t>(v)};
    const Rotation r = decode(words);
    ASSERT_EQ(r.axes, Axes::XYZ);
    ASSERT_EQ(geometry::encodeRotation(r), words);
    const std::vector<std::uint16_t> tr1{words[1], words[0]};
    const Rotation r1 = decode(tr1, KeyframeFormat::Tr1);
    ASSERT_TRUE(r1.x == r.x && r1.y == r.y && r1.z == r.z);
    ASSERT_EQ(geometry::encodeRotation(r1, KeyframeFormat::Tr1), tr1);
  }
  const Rotation r = decode(threeAxes(256, 128, 64));
  EXPECT_FLOAT_EQ(r.x, 90.0f);
  EXPECT_FLOAT_EQ(r.y, 45.0f);
  EXPECT_FLOAT_EQ(r.z, 22.5f);
  // Words that run out before the rotation does.
  EXPECT_EQ(decode({0x0001}).words, 0);
  EXPECT_EQ(decode({}).words, 0);
  EXPECT_EQ(decode({0x0001}, KeyframeFormat::Tr1).words, 0);
  // TR1 has no one-axis words: an X turn is written as three axes.
  Rotation x;
  x.axes = Axes::X, x.x = 90, x.words = 1;
  EXPECT_EQ(geometry::encodeRotation(x, KeyframeFormat::Tr1), (std::vector<std::uint16_t>{0, 256 << 4}));
}

TEST(RotationWords, TheTurnIsYThenXThenZWithExactZeros) {
  std::mt19937 rng(9);
  for (int i = 0; i < 2000; ++i) {
    const std::uint32_t v = rng() & 0x3FFFFFFF;
    const Rotation r = decode({static_cast<std::uint16_t>(v >> 16), static_cast<std::uint16_t>(v)});
    EXPECT_LT(matrixGap(geometry::rotationQuat(r), r), 1e-12);
  }
  // Y(90) * X(90) applied to +Z: X turns +Z to -Y, then Y keeps -Y.
  const Rotation yx = decode(threeAxes(256, 256, 0));
  const auto v = geometry::rotate(geometry::rotationQuat(yx), geometry::Vec3d{0, 0, 1});
  EXPECT_NEAR(v.x, 0, 1e-12);
  EXPECT_NEAR(v.y, -1, 1e-12);
  // A quarter turn about X: the y and z parts are exactly zero, not ~1e-17.
  const QuatD q = geometry::rotationQuat(decode({0x4000 | 1024}));
  EXPECT_EQ(q.y, 0.0);
  EXPECT_EQ(q.z, 0.0);
  EXPECT_EQ(geometry::rotationQuat(decode({0xC000})).w, 1.0);
}

TEST(RotationWords, AnEditKeepsTheWordsForm) {
  // Every one-axis word asked for its own turn gives itself back.
  for (std::uint16_t axis : {0x4000, 0x8000, 0xC000})
    for (std::uint16_t u = 0; u < 4096; u += 7) {
      const Rotation r = decode({static_cast<std::uint16_t>(axis | u)});
      const Rotation k = geometry::keepingForm(r, geometry::rotationQuat(r));
      ASSERT_EQ(k.axes, r.axes);
      ASSERT_EQ(geometry::encodeRotation(k), geometry::encodeRotation(r)) << std::hex << (axis | u);
    }
  const Rotation x = decode({0x4000 | 100});
  // Turned further about its own axis (between steps): still one X word, the nearest step.
  const QuatD more = geometry::rotationQuat(x) * QuatD{std::cos(0.05), std::sin(0.05), 0, 0};  // 5.73 degrees more
  const Rotation k = geometry::keepingForm(x, more);
  EXPECT_EQ(k.axes, Axes::X);
  EXPECT_EQ(geometry::encodeRotation(k)[0], 0x4000 | (100 + 65));
  // Turned off its axis: three axes, as close as they come.
  const QuatD off = geometry::rotationQuat(x) * QuatD{std::cos(0.05), 0, std::sin(0.05), 0};
  const Rotation t = geometry::keepingForm(x, off);
  EXPECT_EQ(t.axes, Axes::XYZ);
  EXPECT_LT(geometry::angleBetween(geometry::rotationQuat(t), off), 3 * 180.0 / 1024);
  // Three axes stay three axes, even for a turn one word could hold.
  const Rotation xyz = decode(threeAxes(0, 0, 0));
  EXPECT_EQ(geometry::keepingForm(xyz, geometry::rotationQuat(x)).axes, Axes::XYZ);
  // TR2/3's one-axis words are 10 bits.
  const Rotation y2 = decode({0x8000 | 300}, KeyframeFormat::Tr2);
  const Rotation k2 = geometry::keepingForm(y2, geometry::rotationQuat(y2) * QuatD{std::cos(0.01), 0, std::sin(0.01), 0},
                                            KeyframeFormat::Tr2);
  EXPECT_EQ(geometry::encodeRotation(k2, KeyframeFormat::Tr2)[0], 0x8000 | (300 + 3));
}

TEST(RotationWords, TheMirrorIsExactAndItsOwnInverse) {
  std::mt19937 rng(11);
  for (int i = 0; i < 4000; ++i) {
    const std::uint32_t v = rng() & 0x3FFFFFFF;
    const std::uint16_t one = static_cast<std::uint16_t>(0x4000 + (rng() % 3) * 0x4000 + (rng() & 0xFFF));
    for (const Rotation& r : {decode({static_cast<std::uint16_t>(v >> 16), static_cast<std::uint16_t>(v)}), decode({one})}) {
      const Rotation m = geometry::mirrored(r);
      EXPECT_EQ(m.axes, r.axes);
      const Rotation back = geometry::mirrored(m);
      ASSERT_TRUE(back.x == r.x && back.y == r.y && back.z == r.z);
      // Seen in the mirror x = 0: (w, x, y, z) becomes (w, x, -y, -z).
      const QuatD q = geometry::rotationQuat(r), p = geometry::rotationQuat(m);
      EXPECT_LT(geometry::angleBetween(p, {q.w, q.x, -q.y, -q.z}), 1e-5);
      ASSERT_EQ(geometry::encodeRotation(m).size(), geometry::encodeRotation(r).size());
    }
  }
}

TEST(Quaternion, SlerpKeepsItsEndpointsAndTakesTheShortWay) {
  const QuatD a = geometry::rotationQuat(decode({0x8000 | 200})), b = geometry::rotationQuat(decode({0x8000 | 1224}));
  const QuatD at0 = geometry::slerp(a, b, 0.0), at1 = geometry::slerp(a, b, 1.0), half = geometry::slerp(a, b, 0.5);
  EXPECT_LT(geometry::angleBetween(at0, a), 1e-6);
  EXPECT_LT(geometry::angleBetween(at1, b), 1e-6);
  EXPECT_NEAR(geometry::angleBetween(half, geometry::rotationQuat(decode({0x8000 | 712}))), 0, 1e-6);
  // b's negation is the same turn: still the short way.
  const QuatD negated{-b.w, -b.x, -b.y, -b.z};
  EXPECT_LT(geometry::angleBetween(geometry::slerp(a, negated, 0.5), half), 1e-6);
  // Float: the same.
  const auto f = geometry::slerp(geometry::cast<float>(a), geometry::cast<float>(b), 0.5f);
  EXPECT_LT(geometry::angleBetween(geometry::cast<double>(f), half), 1e-3);
}

TEST(RotationWords, ClosestWordsInTr2UseTenBitOneAxisWords) {
  const Rotation y = decode({0x8000 | 256}, KeyframeFormat::Tr2);
  const auto e = geometry::closestRotation(geometry::cast<float>(geometry::rotationQuat(y)), KeyframeFormat::Tr2);
  ASSERT_EQ(e.words.size(), 1u);
  EXPECT_EQ(e.words[0], 0x8000 | 256);
  // TR1 has no one-axis words.
  EXPECT_EQ(geometry::closestRotation(geometry::cast<float>(geometry::rotationQuat(y)), KeyframeFormat::Tr1).words.size(), 2u);
}

}  // namespace
}  // namespace wadsmith
