// The poser (model/geometry/poser.h): link records read back as the tree they were written
// from, keyframes interpolate (offsets linearly, rotations by slerp), and a child's offset
// turns with its parent.
#include <gtest/gtest.h>

#include <cmath>

#include "model/geometry/poser.h"

namespace wadsmith {
namespace {

using geometry::Quat;
using geometry::Vec3;

TEST(Poser, LinkRecordsReadBackAsTheirTree) {
  // 0 root; 1 and 3 hang from 0 (a push and a pop), 2 from 1, 4 from 3.
  const std::vector<int> parents{-1, 0, 1, 0, 3};
  const std::vector<Vec3s> offsets{{0, 0, 0}, {10, 0, 0}, {0, -20, 0}, {-10, 0, 0}, {0, 0, 30}};
  const auto links = geometry::linkRecords(parents, offsets);
  const auto s = geometry::meshTree(links, parents.size());
  ASSERT_EQ(s.bones.size(), parents.size());
  EXPECT_FALSE(s.popUnderflow);
  EXPECT_FALSE(s.truncated);
  for (std::size_t i = 1; i < parents.size(); ++i) {
    EXPECT_EQ(s.bones[i].parent, parents[i]) << i;
    EXPECT_EQ(s.bones[i].offset, offsets[i]) << i;
  }
  EXPECT_TRUE(geometry::meshTree(std::span(links).first(4), parents.size()).truncated);
}

TEST(Poser, KeyframesInterpolateAndOffsetsTurnWithTheirParent) {
  Keyframe a, b;
  a.offset = {0, 0, 0}, b.offset = {100, -40, 0};
  a.rotations = {{Rotation::Axes::Y, 0, 0, 0, 1}, {}};
  b.rotations = {{Rotation::Axes::Y, 0, 90, 0, 1}, {}};
  const auto p = geometry::keyframePose({a, b}, 2, 4, 2);  // halfway
  EXPECT_EQ(p.keyframe, 0u);
  EXPECT_FLOAT_EQ(p.blend, 0.5f);
  EXPECT_FLOAT_EQ(p.offset.x, 50);
  EXPECT_FLOAT_EQ(p.offset.y, -20);
  const Quat q = p.rotations[0];
  EXPECT_NEAR(q.w, std::cos(22.5 * 3.14159265358979 / 180), 1e-6);
  EXPECT_NEAR(q.y, std::sin(22.5 * 3.14159265358979 / 180), 1e-6);
  EXPECT_EQ(q.x, 0.0f);  // zero in exact arithmetic stays zero
  EXPECT_EQ(q.z, 0.0f);

  geometry::Skeleton s;
  s.bones = {{-1, {}}, {0, {0, 0, 10}}};
  const auto end = geometry::poseSkeleton(s, geometry::keyframePose({a, b}, 2, 4, 4));
  // Y(90) turns the child's +z offset to +x, from the root at (100, -40, 0).
  const Vec3 child = end[1].apply(Vec3{});
  EXPECT_NEAR(child.x, 110, 1e-4);
  EXPECT_NEAR(child.y, -40, 1e-4);
  EXPECT_NEAR(child.z, 0, 1e-4);
}

}  // namespace
}  // namespace wadsmith
