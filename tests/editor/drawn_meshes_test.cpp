// Which meshes the viewport draws (editor/view/drawn_meshes.h): LARA with LARA_SKIN's meshes,
// the joints welded, the hair hung from the head; the weapon slots' own hands.
#include <gtest/gtest.h>

#include "editor/view/drawn_meshes.h"
#include "io/wad_files.h"
#include "model/catalog.h"
#include "tests/support/test_support.h"

namespace wadsmith::view {
namespace {

struct Lara {
  WadDocument doc;
  ObjectView view;
  explicit Lara(WadDocument d) : doc(std::move(d)), view(doc.objects) {}
  std::size_t movable(const char* name) const { return *view.findMovable(*catalog::movableSlot(name)); }
};

std::unique_ptr<Lara> loadLara() {
  const auto path = test::corpusFile("wad/tut1.WAD");
  if (path.empty()) return nullptr;
  return std::make_unique<Lara>(loadWad(path));
}

TEST(MeshSwaps, TheCatalogNamesTheEnginesSwaps) {
  auto lara = catalog::meshSwap("LARA");
  ASSERT_TRUE(lara);
  EXPECT_EQ(lara->meshes, "LARA_SKIN");
  EXPECT_EQ(lara->joints, "LARA_SKIN_JOINTS");
  EXPECT_EQ(lara->hair, "HAIR");
  EXPECT_TRUE(lara->ownBones.empty());
  EXPECT_EQ(catalog::meshSwap("PISTOLS_ANIM")->ownBones, (std::vector<std::size_t>{10, 13}));
  EXPECT_EQ(catalog::meshSwap("FLARE_ANIM")->ownBones, (std::vector<std::size_t>{13}));
  EXPECT_TRUE(catalog::meshSwap("MESHSWAP2")->ownWhereFilled);
  EXPECT_FALSE(catalog::meshSwap("BADDY_1"));
}

TEST(MeshSwaps, LaraIsDrawnWithHerSkinAndJoints) {
  auto w = loadLara();
  if (!w) GTEST_SKIP() << "../shared corpus file wad/tut1.WAD not present: skipped";
  const auto laraSlot = w->movable("LARA"), skinSlot = w->movable("LARA_SKIN");
  auto plan = planMeshes(w->view, Game::TR4, laraSlot, false);
  EXPECT_TRUE(plan.swapAvailable);
  EXPECT_EQ(plan.label, "meshes of LARA_SKIN, joints of LARA_SKIN_JOINTS, hair of HAIR");
  const auto skin = w->view.movableMeshes(skinSlot);
  ASSERT_EQ(plan.bones.size(), skin.size());
  for (std::size_t b = 0; b < skin.size(); ++b) {
    EXPECT_EQ(plan.bones[b].slot.mesh, skin[b].mesh) << "bone " << b;
    EXPECT_EQ(plan.bones[b].source, MeshSource::Swapped);
  }
  EXPECT_EQ(plan.joints.size(), 14u);  // every bone but the hips has a joint mesh
  EXPECT_EQ(plan.hair.size(), 6u);
  // The toggle: her own (placeholder) meshes.
  auto own = planMeshes(w->view, Game::TR4, laraSlot, true);
  EXPECT_EQ(own.label, "own meshes");
  EXPECT_EQ(own.bones[0].slot.mesh, w->view.movableMeshes(laraSlot)[0].mesh);
  EXPECT_TRUE(own.joints.empty());
  // LARA_SKIN itself is drawn as it is.
  EXPECT_FALSE(planMeshes(w->view, Game::TR4, skinSlot, false).swapAvailable);
}

TEST(MeshSwaps, WeaponSlotsKeepTheirHands) {
  auto w = loadLara();
  if (!w) GTEST_SKIP() << "../shared corpus file wad/tut1.WAD not present: skipped";
  const auto pistols = w->movable("PISTOLS_ANIM");
  auto plan = planMeshes(w->view, Game::TR4, pistols, false);
  const auto own = w->view.movableMeshes(pistols);
  for (std::size_t b = 0; b < plan.bones.size(); ++b) {
    const bool hand = b == 10 || b == 13;
    EXPECT_EQ(plan.bones[b].source, hand ? MeshSource::Own : MeshSource::Swapped) << "bone " << b;
    if (hand) {
      EXPECT_EQ(plan.bones[b].slot.mesh, own[b].mesh);
    }
  }
  EXPECT_NE(plan.label.find("own meshes where the engine keeps them"), std::string::npos);
}

// A joint's welded vertices follow their bones: rotating the child moves the child's half and
// leaves the parent's half where the parent's skin vertex is.
TEST(MeshSwaps, JointVerticesFollowTheBoneTheyAreWeldedTo) {
  auto w = loadLara();
  if (!w) GTEST_SKIP() << "../shared corpus file wad/tut1.WAD not present: skipped";
  const auto laraSlot = w->movable("LARA");
  auto plan = planMeshes(w->view, Game::TR4, laraSlot, false);
  const auto skeleton = w->view.skeleton(laraSlot);
  // Every joint has vertices welded to its parent and vertices welded to its own bone.
  std::size_t parentWelds = 0, ownWelds = 0;
  for (const auto& j : plan.joints)
    for (auto b : j.vertexBone) (b == j.bone ? ownWelds : parentWelds)++;
  EXPECT_GT(parentWelds, 0u);
  EXPECT_GT(ownWelds, 0u);
  // At rest a welded mesh sits where the joint mesh is (the weld moves vertices < 2 units).
  Pose rest = restPose(skeleton);
  auto placed = placeMeshes(plan, w->doc.objects, rest.meshes);
  ASSERT_EQ(placed.size(), plan.bones.size() + plan.joints.size() + plan.hair.size());
  const auto& first = plan.joints.front();
  const auto& weldedMesh = *placed[plan.bones.size()].mesh;
  ASSERT_TRUE(placed[plan.bones.size()].transient);
  for (std::size_t i = 0; i < weldedMesh.vertices.size(); ++i) {
    EXPECT_NEAR(weldedMesh.vertices[i].x, first.slot.mesh->vertices[i].x, 2);
    EXPECT_NEAR(weldedMesh.vertices[i].y, first.slot.mesh->vertices[i].y, 2);
  }
  // Turn the joint's own bone: vertices welded to the parent stay in the parent's place, so in
  // the joint bone's space they move.
  std::vector<Mat4> bent = rest.meshes;
  bent[first.bone] = bent[first.bone] * Mat4::rotationX(1.0f);
  auto moved = placeMeshes(plan, w->doc.objects, bent);
  const auto& bentMesh = *moved[plan.bones.size()].mesh;
  for (std::size_t i = 0; i < bentMesh.vertices.size(); ++i) {
    const Vec3 world = bent[first.bone].point({float(bentMesh.vertices[i].x), float(bentMesh.vertices[i].y),
                                               float(bentMesh.vertices[i].z)});
    const Vec3 expected = bent[first.vertexBone[i]].point(first.vertexPosition[i]);
    EXPECT_NEAR(world.x, expected.x, 1.5f) << "vertex " << i;
    EXPECT_NEAR(world.y, expected.y, 1.5f) << "vertex " << i;
    EXPECT_NEAR(world.z, expected.z, 1.5f) << "vertex " << i;
  }
}

}  // namespace
}  // namespace wadsmith::view
