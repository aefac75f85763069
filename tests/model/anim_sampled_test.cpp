// A 3D file's sampled animation as keyframe angles (model/anim/sampled.h): the angles of a turn
// come back as the words' own (either Ry Rx Rz triple, gimbal lock included) and bones match by
// their "mesh N" names, else by order, else not at all.
#include <gtest/gtest.h>

#include "model/anim/sampled.h"
#include "model/geometry/rotation_words.h"
#include "model/ops/edit_context.h"

namespace wadsmith {
namespace {

double turnBetween(const std::array<double, 3>& a, const std::array<double, 3>& b) {
  auto quat = [](const std::array<double, 3>& v) {
    geometry::Rotation r;
    r.x = float(v[0]), r.y = float(v[1]), r.z = float(v[2]);
    return geometry::rotationQuat(r);
  };
  return geometry::angleBetween(quat(a), quat(b));
}

TEST(AnimSampled, AnglesOfATurnAreTheWordsOwn) {
  // Every 37th three-axis word (both triples of a turn, x past 90 and the gimbal lock included).
  for (std::uint32_t v = 0; v < (1u << 30); v += 37u * 1024 * 1024 + 37 * 1024 + 37) {
    const std::uint16_t words[2] = {static_cast<std::uint16_t>(v >> 16), static_cast<std::uint16_t>(v)};
    const auto r = geometry::decodeRotation(words);
    const std::array<double, 3> stored{r.x, r.y, r.z};
    const auto q = geometry::rotationQuat(r);
    const std::array<double, 3> near{stored[0] + 0.5, stored[1] - 0.5, stored[2] + 0.5};  // not the turn itself
    const auto back = anim::turnAngles(q, &near);
    for (int i = 0; i < 3; ++i) EXPECT_NEAR(back[i], stored[i], 1e-6) << "word " << v << " axis " << i;
    EXPECT_LT(turnBetween(anim::turnAngles(q, nullptr), stored), 1e-6) << "word " << v;
  }
  const std::array<double, 3> lock{90, 45, 30}, down{270, 100, 200};
  for (const auto& a : {lock, down}) {
    geometry::Rotation r;
    r.x = float(a[0]), r.y = float(a[1]), r.z = float(a[2]);
    const std::array<double, 3> near{a[0] + 0.3, a[1] + 0.3, a[2]};  // z decides how y and z share the turn
    const auto back = anim::turnAngles(geometry::rotationQuat(r), &near);
    for (int i = 0; i < 3; ++i) EXPECT_NEAR(back[i], a[i], 1e-3) << "gimbal lock at x " << a[0];
  }
}

std::vector<imported::Bone> bones(std::vector<std::string> names) {
  std::vector<imported::Bone> out;
  for (auto& n : names) out.push_back({std::move(n), int(out.size()) - 1, {}});
  return out;
}

TEST(AnimSampled, BonesMatchByNameElseByOrder) {
  const auto named = anim::matchBones(bones({"Armature", "LARA mesh 1", "LARA_mesh_0", "lara.mesh.2"}), 3);
  EXPECT_TRUE(named.byName);
  EXPECT_EQ(named.boneOfMesh, (std::vector<int>{2, 1, 3}));
  EXPECT_EQ(named.unmatched, std::vector<std::string>{"Armature"});
  const auto ordered = anim::matchBones(bones({"hips", "thigh", "shin"}), 3);
  EXPECT_FALSE(ordered.byName);
  EXPECT_EQ(ordered.boneOfMesh, (std::vector<int>{0, 1, 2}));
  try {
    anim::matchBones(bones({"hips", "LARA mesh 0"}), 3);
    FAIL() << "two bones matched three meshes";
  } catch (const ops::EditError& e) {
    EXPECT_NE(std::string(e.what()).find("\"... mesh 1\""), std::string::npos) << e.what();
  }
}

geometry::Quat aboutX(double degrees) {
  geometry::Rotation r;
  r.axes = geometry::Rotation::Axes::X, r.x = float(degrees);
  return geometry::cast<float>(geometry::rotationQuat(r));
}

// A bone the movable lacks between two meshes counts in the child's turn; the last keyframe past
// the last frame is extrapolated; the root offset is the root mesh's bone's.
TEST(AnimSampled, BonesBetweenMeshesAndTheLastKeyframe) {
  imported::Model m;
  m.bones = {{"Armature", -1, {}}, {"X mesh 0", 0, {0, 0, 0}}, {"twist", 1, {0, 100, 0}}, {"X mesh 1", 2, {0, 0, 0}}};
  imported::Animation a;
  for (int f = 0; f < 4; ++f) a.frames.push_back({{1, 2, 3}, {geometry::Quat{}, geometry::Quat{}, aboutX(5), aboutX(10.0 * f)}});
  geometry::Skeleton tree;
  tree.bones = {{-1, {}}, {0, {0, 100, 0}}};
  const auto match = anim::matchBones(m.bones, 2);
  EXPECT_EQ(match.unmatched, (std::vector<std::string>{"Armature", "twist"}));
  const auto f = anim::sampledAnimation(m, a, tree, match, 2, {});
  ASSERT_EQ(f.keyframes.size(), 3u);  // frames 0 and 2, and the keyframe frame 3 is half way to
  EXPECT_EQ(f.frameRate, 2);
  EXPECT_EQ(f.endFrame, 3);
  const double expected[] = {5, 25, 45};
  for (std::size_t k = 0; k < 3; ++k) {
    EXPECT_NEAR(f.keyframes[k].angles[1][0], expected[k], 1e-3) << "keyframe " << k;
    EXPECT_NEAR(f.keyframes[k].offset[1], 2, 1e-4);
  }
}

}  // namespace
}  // namespace wadsmith
