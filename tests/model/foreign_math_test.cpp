// The converters' geometry: Horn's rigid fit and the joint fit recover known motions; texture
// coordinates come into one repetition; turning and colours behave as documented.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "model/foreign/face_tools.h"
#include "model/foreign/rigid_fit.h"
#include "tests/model/foreign_oracle.h"

namespace wadsmith {
namespace {

using foreign::Quat;
using foreign::Rigid;
using foreign::Vec3;

Quat axisAngle(Vec3 axis, float degrees) {
  float n = geometry::length(axis), h = degrees * 3.14159265f / 360.0f;
  return {std::cos(h), axis.x / n * std::sin(h), axis.y / n * std::sin(h), axis.z / n * std::sin(h)};
}

TEST(RigidFit, RecoversAKnownMotion) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> d(-50, 50);
  for (int trial = 0; trial < 20; ++trial) {
    Rigid truth{axisAngle({d(rng), d(rng), d(rng)}, d(rng) * 3.5f), {d(rng), d(rng), d(rng)}};
    std::vector<Vec3> from, to;
    for (int i = 0; i < 12; ++i) {
      from.push_back({d(rng), d(rng), d(rng)});
      to.push_back(truth.apply(from.back()));
    }
    Rigid fit = foreign::fitRigid(from, to);
    for (const auto& p : from) {
      // Checked with matrices, not with the quaternion helpers the fit uses.
      test::M3 r = test::quatMatrix(fit.rotation.w, fit.rotation.x, fit.rotation.y, fit.rotation.z);
      test::Xform x{r, {fit.translation.x, fit.translation.y, fit.translation.z}};
      Vec3 want = truth.apply(p);
      EXPECT_LT(test::distance(x.apply({p.x, p.y, p.z}), {want.x, want.y, want.z}), 1e-3);
    }
  }
  // One point: a translation; no points: nothing.
  Vec3 a{1, 2, 3}, b{4, 5, 6};
  Rigid one = foreign::fitRigid(std::span(&a, 1), std::span(&b, 1));
  EXPECT_FLOAT_EQ(one.rotation.w, 1);
  EXPECT_FLOAT_EQ(one.translation.x, 3);
  EXPECT_FLOAT_EQ(foreign::fitRigid({}, {}).rotation.w, 1);
}

TEST(RigidFit, FindsTheHingeTwoMotionsShare) {
  // A parent moving on a path, a child turning about the point (3, 4, 5) of the parent.
  Vec3 hinge{3, 4, 5};
  std::vector<Rigid> parent, child;
  for (int f = 0; f < 10; ++f) {
    Rigid p{axisAngle({0, 0, 1}, 4.0f * f), {0.5f * f, 0, 0}};
    Quat turn = axisAngle({1, 0.2f, 0}, 9.0f * f);
    Rigid local{turn, hinge - geometry::rotate(turn, hinge)};  // about the hinge
    parent.push_back(p);
    child.push_back(p.then(local));
  }
  float rms = 1;
  Vec3 found = foreign::fitJoint(parent, child, {0, 0, 0}, 1e-3f, &rms);
  // The hinge is fixed along the turning axis only up to that axis: the prior (the origin)
  // picks the point of the axis nearest to it, which the test computes apart.
  Vec3 axis{1, 0.2f, 0};
  float t = geometry::dot(hinge, axis) / geometry::dot(axis, axis);
  Vec3 nearest = hinge - axis * t;
  EXPECT_LT(geometry::length(found - nearest), 1e-2);
  EXPECT_LT(rms, 1e-3);
}

TEST(FaceTools, CoordinatesComeIntoOneRepetition) {
  std::array<imported::Vec2, 3> uv{{{2.25f, -0.5f}, {2.75f, -0.25f}, {3.0f, 0.0f}}};
  EXPECT_TRUE(foreign::fitFaceUv(uv));
  EXPECT_FLOAT_EQ(uv[0].u, 0.25f);
  EXPECT_FLOAT_EQ(uv[2].u, 1.0f);  // the far edge of the same repetition
  EXPECT_FLOAT_EQ(uv[0].v, 0.5f);
  EXPECT_FLOAT_EQ(uv[2].v, 1.0f);
  std::array<imported::Vec2, 3> wide{{{0.5f, 0}, {2.0f, 0}, {0.5f, 1}}};
  EXPECT_FALSE(foreign::fitFaceUv(wide));  // spans one and a half repetitions: clamped
  EXPECT_FLOAT_EQ(wide[1].u, 1.0f);
  std::array<imported::Vec2, 3> noise{{{0.99999f, 0}, {2.0f, 0}, {1.5f, 1}}};
  EXPECT_TRUE(foreign::fitFaceUv(noise));  // 0.99999 is 1.0 in float noise, not a repetition more
  EXPECT_NEAR(noise[0].u, 0.0f, 1e-4);
}

TEST(FaceTools, TurnAndColours) {
  imported::Model statics;
  statics.movable = false;
  statics.meshes.push_back({});
  statics.meshes[0].positions = {{0, 0, 100}};  // forward in TR
  foreign::turnModel(statics, 90);               // a pan of +90: forward becomes TR's -x
  EXPECT_NEAR(statics.meshes[0].positions[0].x, -100, 1e-3);
  EXPECT_NEAR(statics.meshes[0].positions[0].z, 0, 1e-3);
  imported::Model movable;
  movable.bones.push_back({});
  movable.meshes.push_back({});
  movable.animations.push_back({"a", 30, {imported::Frame{{0, -10, 50}, {Quat{}}}}, {}});
  foreign::turnModel(movable, -90);
  const auto& f = movable.animations[0].frames[0];
  EXPECT_NEAR(f.offset.x, 50, 1e-3);  // turned the other way: forward becomes +x
  EXPECT_NEAR(f.offset.y, -10, 1e-3);
  EXPECT_NEAR(f.rotations[0].w, std::cos(3.14159265f / 4), 1e-5);
  for (const char* n : {"a", "b", "sgrass.bmp", "gone.bmp", "x"}) {
    auto c = foreign::colorForName(n);
    EXPECT_FALSE(c[0] > 200 && c[1] < 60 && c[2] > 200) << n;  // never magenta, TR's transparent colour
  }
  EXPECT_EQ(foreign::colorForName("Gone.BMP"), foreign::colorForName("gone.bmp"));
  EXPECT_NE(foreign::colorForName("checker.bmp"), foreign::colorForName("leaf.bmp"));
}

}  // namespace
}  // namespace wadsmith
