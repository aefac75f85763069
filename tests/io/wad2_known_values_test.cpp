// Known answers: what the reader makes of quirks.wad2 (written byte by byte by the fixture
// generator: old chunk variants, unknown chunks) and of a few corpus files.
#include <gtest/gtest.h>

#include "fixtures/generator/wad2_fixtures.h"
#include "io/file_io.h"
#include "io/wad2_codec.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

wad2::Document quirksDocument() { return readWad2(readFileBytes(test::fixturesDir() / "quirks.wad2"), "quirks.wad2"); }

TEST(Wad2Fixtures, RegenerateIdentically) {
  for (const auto& f : fixtures::generateWad2Fixtures())
    EXPECT_EQ(readFileBytes(test::fixturesDir() / f.name), f.bytes) << f.name << ": run wadsmith_fixtures_gen";
}

TEST(Wad2Known, QuirksDocumentAndTextures) {
  EXPECT_TRUE(isWad2(readFileBytes(test::fixturesDir() / "quirks.wad2")));
  EXPECT_FALSE(isWad2(readFileBytes(test::fixturesDir() / "sample.wad")));
  const auto d = quirksDocument();
  EXPECT_EQ(d.game, wad2::game::kTRNG);
  ASSERT_EQ(d.textures.size(), 1u);
  EXPECT_EQ(d.textures[0]->width, 2);
  EXPECT_EQ(d.textures[0]->index, 0);
  EXPECT_EQ(d.textures[0]->name, "quirk.png");
  EXPECT_FALSE(d.textures[0]->relativePath);
  EXPECT_EQ(d.textures[0]->pixels.size(), 16u);
  ASSERT_EQ(d.sequences.size(), 1u);
  EXPECT_EQ(d.sequences[0].objectId, 463);
  EXPECT_EQ(d.sequences[0].sprites, (std::vector<wad2::Ref>{wad2::Ref::to(d.sprites.at(0)->id)}));
  EXPECT_EQ(d.metadata.timestamp, (std::array<std::int64_t, 6>{2024, 1, 2, 3, 4, 5}));
  EXPECT_EQ(d.metadata.notes, "quirks");
  ASSERT_EQ(d.keep.unknown.size(), 1u);  // W2Future between W2Moveables and W2Statics
  EXPECT_EQ(d.keep.unknown[0].position, 6u);
  EXPECT_EQ(d.trailer.size(), 4u);
  ASSERT_TRUE(d.animatedTextures);
  ASSERT_EQ(d.animatedTextures->size(), 1u);
  EXPECT_EQ((*d.animatedTextures)[0].legacyExtra, (std::array<std::int64_t, 3>{0, 15, 0}));
  EXPECT_EQ((*d.animatedTextures)[0].frames.at(0).repeat, 2);
}

TEST(Wad2Known, QuirksMeshAndOldPolygons) {
  const auto d = quirksDocument();
  const auto& m = *d.movables.at(0)->meshes.at(0);
  EXPECT_EQ(m.name, "body");
  EXPECT_EQ(m.sphereRadius.value, 300.0);  // a 4-byte float chunk
  EXPECT_EQ(m.shades, (std::vector<std::int64_t>{0, 1000, 2000, 3000}));
  EXPECT_EQ(m.lightingType, 1);
  ASSERT_TRUE(m.weights);
  EXPECT_EQ(m.weights->at(0).bone, (std::array<std::int32_t, 4>{0, -1, -1, -1}));
  ASSERT_EQ(m.keep.unknown.size(), 1u);
  ASSERT_EQ(m.polygons.size(), 2u);
  const auto& tr = m.polygons[0];
  EXPECT_FALSE(tr.quad);
  EXPECT_EQ(tr.version, 1);
  EXPECT_EQ(tr.shine, 40);
  EXPECT_EQ(tr.blendMode, wad2::blend::kAlphaTest);
  EXPECT_EQ(tr.doubleSided, 1);
  EXPECT_EQ(tr.texture, wad2::Ref::to(d.textures[0]->id));
  EXPECT_EQ(m.polygons[1].blendMode, wad2::blend::kAdditive);
  EXPECT_TRUE(d.movables[0]->skin);
  EXPECT_EQ(d.movables[0]->lua->at(0).value, "2");
}

TEST(Wad2Known, QuirksOldAnimationVariants) {
  const auto d = quirksDocument();
  const auto& anims = d.movables.at(0)->animations;
  ASSERT_EQ(anims.size(), 3u);
  const auto& walk = *anims[0];  // W2Ani: TR's 16.16 velocities, no W2AniV
  EXPECT_EQ(walk.version, 1);
  EXPECT_EQ(walk.oldVelocities, (std::array<std::int64_t, 4>{3 << 16, 0, 0, 0}));
  EXPECT_FALSE(walk.velocities);
  EXPECT_EQ(walk.nextAnimation, wad2::Ref::to(anims[1]->id));
  EXPECT_EQ(walk.keyframes.size(), 2u);
  EXPECT_EQ(walk.keyframes[1].angles.at(0).y, 45.0f);
  ASSERT_EQ(walk.stateChanges.at(0).dispatches.size(), 1u);
  EXPECT_EQ(walk.stateChanges[0].dispatches[0].version, 1);
  EXPECT_EQ(walk.commands.at(0).version, 1);
  EXPECT_EQ(walk.commands[0].p2, 0x4000 | 12);
  EXPECT_EQ(walk.commands[0].soundInfo, -1);
  const auto& idle = *anims[1];  // W2Anm
  EXPECT_EQ(idle.version, 0);
  EXPECT_EQ(idle.obsolete, (std::array<std::int64_t, 2>{7, 8}));
  EXPECT_TRUE(idle.keyframes.empty());
  const auto& blend = *anims[2];  // W2Ani3
  EXPECT_EQ(blend.blendFrames, 3);
  EXPECT_EQ(blend.curve.end, (wad2::Vec2{1, 1}));
  EXPECT_EQ(blend.rootMotion, 5);
  EXPECT_EQ(blend.stateChanges.at(0).dispatches.at(0).blendFrames, 2);
  EXPECT_EQ(blend.commands.at(0).type, wad2::command::kDisableInterpolation);
}

TEST(Wad2Known, QuirksOldStatic) {
  const auto s = *quirksDocument().statics.at(0);
  EXPECT_EQ(s.version, 1);
  EXPECT_EQ(s.objectId, 5);
  EXPECT_EQ(s.flags, 2);
  EXPECT_EQ(s.legacyLighting, 1);
  EXPECT_EQ(s.ambientLight, 128);
  ASSERT_EQ(s.lights.size(), 1u);
  EXPECT_EQ(s.lights[0].radius.value, 512.0);
  EXPECT_EQ(s.collisionMax, (wad2::Vec3{128, 128, 128}));
}

// The smallest corpus file, a laser beam: one 4x... texture, one mesh of five faces.
TEST(Wad2Known, LaserBeam) {
  const auto file = test::corpusFile("wad2/Traps__TEN_Laser_Beam.wad2");
  WADSMITH_REQUIRE_CORPUS(file);
  const auto d = readWad2(readFileBytes(file), file.string());
  EXPECT_EQ(d.game, wad2::game::kTombEngine);
  ASSERT_EQ(d.movables.size(), 1u);
  const auto& m = *d.movables[0]->meshes.at(0);
  EXPECT_EQ(m.name, "Mesh_113");
  EXPECT_EQ(m.positions.size(), 5u);
  EXPECT_EQ(m.positions[0], (wad2::Vec3{-5, -12, 177}));
  ASSERT_EQ(m.polygons.size(), 5u);
  EXPECT_TRUE(m.polygons[0].quad);
  EXPECT_EQ(m.polygons[0].vertices, (std::array<std::int64_t, 4>{1, 2, 3, 4}));
  EXPECT_EQ(d.metadata.timestamp[0], 2024);
  EXPECT_EQ(d.textures.at(0)->name, "Solid color (RGB 0, 0, 0)");
}

}  // namespace
}  // namespace wadsmith
