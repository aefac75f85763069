// The pose gizmos' maths (editor/view/gizmo.h) and a drag ending in one snapped operation.
#include <gtest/gtest.h>

#include <cmath>

#include "editor/session/actions.h"
#include "editor/view/gizmo.h"
#include "tests/support/test_support.h"

namespace wadsmith::view {
namespace {

constexpr float kHalfPi = 1.5707964f;

TEST(Gizmo, RingsArePickedOnTheirCircle) {
  const Mat4 at = Mat4::translation({500, 0, 0});
  // Straight down Z onto the Z ring's circle (radius 100), and onto its centre (no ring).
  EXPECT_EQ(pickRing({{600, 0, 1000}, {0, 0, -1}}, at, 100, 8), 2);
  EXPECT_FALSE(pickRing({{500, 0, 1000}, {0, 0, -1}}, at, 100, 8));
  EXPECT_EQ(pickRing({{1000, 100, 0}, {-1, 0, 0}}, at, 100, 8), 0);
  // The angle about Z: X towards Y.
  EXPECT_NEAR(*ringAngle({{500, 100, 1000}, {0, 0, -1}}, at, 2), kHalfPi, 1e-5f);
  EXPECT_NEAR(*ringAngle({{600, 0, 1000}, {0, 0, -1}}, at, 2), 0, 1e-5f);
  EXPECT_FALSE(ringAngle({{600, 0, 1000}, {1, 0, 0}}, at, 2));  // along the plane
  // A mirrored gizmo (the viewport's upright matrix) picks in its own space.
  EXPECT_EQ(pickRing({{-600, 0, 1000}, {0, 0, -1}}, uprightMatrix() * at, 100, 8), 2);
}

TEST(Gizmo, ArrowsArePickedAlongTheirAxis) {
  const Mat4 at = Mat4::translation({0, 0, 0});
  EXPECT_EQ(pickArrow({{150, 3, 1000}, {0, 0, -1}}, at, 300, 10), 0);
  EXPECT_FALSE(pickArrow({{400, 3, 1000}, {0, 0, -1}}, at, 300, 10));  // past its end
  EXPECT_EQ(pickArrow({{2, 120, 1000}, {0, 0, -1}}, at, 300, 10), 1);
  EXPECT_NEAR(*arrowPosition({{150, 40, 1000}, {0, 0, -1}}, at, 0), 150, 1e-3f);
}

TEST(Gizmo, TurnsKeepTheWordsForm) {
  Rotation y{Rotation::Axes::Y, 0, 45, 0, 1};
  const float tenDegrees = 10.0f * kHalfPi / 90.0f;
  Rotation r = turnedRotation(y, 1, tenDegrees);
  EXPECT_EQ(r.axes, Rotation::Axes::Y);
  EXPECT_EQ(r.y, float(std::lround(55.0 * 4096 / 360) * 360.0 / 4096));  // a step of the word
  r = turnedRotation(y, 0, tenDegrees);
  EXPECT_EQ(r.axes, Rotation::Axes::XYZ);  // off its axis: three axes
  EXPECT_EQ(r.words, 2);
}

// What letting go of the ring does: one set_bone_rotation with the snapped angles, undone to the
// same document.
TEST(Gizmo, ADragIsOneSnappedOperation) {
  session::Session s;
  s.open(test::fixturesDir() / "sample.wad");
  s.selection.animation = 1;
  const auto keyframes = [&] { return s.view().keyframes(1, 4); };
  const Rotation before = keyframes()[1].rotations[1];
  ASSERT_EQ(before.axes, Rotation::Axes::Y);
  const Rotation turned = turnedRotation(before, 1, 0.3f);
  const auto call = boneRotationCall(1, 1, turned);
  const std::size_t steps = s.history().size();
  session::actions::run(s, call.op, call.args);
  EXPECT_EQ(s.history().size(), steps + 1);
  const Rotation after = keyframes()[1].rotations[1];
  EXPECT_EQ(after.axes, Rotation::Axes::Y);
  EXPECT_EQ(after.y, turned.y);
  EXPECT_NE(after.y, before.y);
  // The root offset moved by the arrow, in whole units.
  const auto move = keyframeOffsetCall(1, {0, -12, 0});
  session::actions::run(s, move.op, move.args);
  EXPECT_EQ(keyframes()[1].offset.y, -12);
  ASSERT_TRUE(s.undo());
  ASSERT_TRUE(s.undo());
  EXPECT_EQ(keyframes()[1].rotations[1].y, before.y);
}

}  // namespace
}  // namespace wadsmith::view
