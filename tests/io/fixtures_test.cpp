// The generated fixtures: regenerating gives the committed bytes, and each quirk the
// generator plants is found by the reader and survives the round trip.
#include <gtest/gtest.h>

#include <set>

#include "fixtures/generator/fixtures.h"
#include "fixtures/generator/foreign_fixtures.h"
#include "io/file_io.h"
#include "io/wad_codec.h"
#include "io/wad_files.h"
#include "model/names.h"
#include "model/object_view.h"
#include "model/quirks.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

TEST(Fixtures, RegeneratingGivesIdenticalBytes) {
  auto files = fixtures::generateWadFixtures();
  for (auto& f : fixtures::generateForeignFixtures()) files.push_back(std::move(f));  // other engines' files
  for (const auto& f : files) {
    auto path = test::fixturesDir() / f.name;
    ASSERT_TRUE(std::filesystem::exists(path)) << path << " missing: run build/fixtures/wadsmith_fixtures_gen";
    EXPECT_EQ(test::firstDifference(readFileBytes(path), f.bytes), -1) << f.name << " differs from the generator";
  }
}

TEST(Fixtures, QuirksWadCarriesEveryQuirk) {
  auto doc = loadWad(test::fixturesDir() / "quirks.wad");
  std::set<std::string> found;
  for (const auto& q : findWadQuirks(doc)) found.insert(q.id);
  for (const char* id : {"nonzero_mesh_padding", "one_mesh_links_index", "misaligned_links", "garbage_after_links",
                         "links_pop_underflow", "unparsed_commands", "command_offsets_not_increasing", "shared_mesh",
                         "empty_mesh", "partial_texture_page", "keyframe_padding_junk", "sphere_unknown_word",
                         "mesh_pointer_inside_mesh", "unparsed_mesh_bytes", "unresolved_reference", "trailing_bytes"})
    EXPECT_TRUE(found.count(id)) << "quirk " << id << " not found";
  // The WAS keeps CRLF endings and the missing final newline; the sprite line is skipped.
  ASSERT_TRUE(doc.was);
  EXPECT_FALSE(doc.was->finalNewline);
  auto names = objectNames(doc);
  EXPECT_EQ(names.movables[3], "MOVABLE_103");
  EXPECT_EQ(names.statics[0], "PLANT5");
}

TEST(Fixtures, QuirkyCommandsShowWhatParses) {
  auto doc = loadWad(test::fixturesDir() / "quirks.wad");
  ObjectView v(doc.objects);
  auto c0 = v.commands(0);
  EXPECT_TRUE(c0.complete);
  ASSERT_EQ(c0.commands.size(), 2u);
  EXPECT_EQ(c0.commands[0].code, 1);
  EXPECT_EQ(c0.commands[0].operands, (std::vector<std::int16_t>{10, 0, -20}));
  EXPECT_FALSE(v.commands(2).complete);
  auto c3 = v.commands(3);
  EXPECT_FALSE(c3.complete);
  EXPECT_EQ(c3.commands.size(), 2u);  // kill, empty hands; the third runs past the package
}

TEST(Fixtures, Version130IsAccepted) {
  auto doc = loadWad(test::fixturesDir() / "version130.wad");
  EXPECT_EQ(doc.version, 130u);
}

TEST(Fixtures, SampleWadDecodesAsDesigned) {
  auto doc = loadWad(test::fixturesDir() / "sample.wad");
  ObjectView v(doc.objects);
  ASSERT_EQ(doc.objects.movables->size(), 1u);
  EXPECT_EQ((*doc.objects.movables)[0].objectId, 427u);
  EXPECT_EQ(objectNames(doc).movables[0], "ANIMATING1");
  auto meshes = v.movableMeshes(0);
  ASSERT_EQ(meshes.size(), 4u);
  for (const auto& m : meshes) ASSERT_NE(m.mesh, nullptr);
  EXPECT_EQ(meshes[1].mesh->polygons.size(), 5u);  // the column has no bottom face
  EXPECT_EQ(meshes[3].mesh->polygons.size(), 8u);  // the gem
  auto sk = v.skeleton(0);
  EXPECT_EQ(sk.bones[3].parent, 2);
  EXPECT_EQ(sk.bones[3].offset.z, 768);
  auto [a0, a1] = v.animationRange(0);
  EXPECT_EQ(a1 - a0, 2u);
  EXPECT_EQ(v.keyframeCount(0), 4u);
  EXPECT_EQ(v.keyframeCount(1), 9u);
  auto k = v.keyframes(1, 4);
  EXPECT_FLOAT_EQ(k[2].rotations[1].y, 90.0f);  // column turns 512/4096 of a circle per keyframe
  auto [s0, s1] = v.stateChangeRange(0);
  ASSERT_EQ(s1 - s0, 1u);
  auto [d0, d1] = v.dispatchRange(s0);
  ASSERT_EQ(d1 - d0, 1u);
  EXPECT_EQ(v.indexOf(v.dispatches()[d0].nextAnimation), std::optional<std::size_t>(1));
  auto c = v.commands(1);
  ASSERT_EQ(c.commands.size(), 2u);
  EXPECT_EQ(*soundId(c.commands[1]), 126);
  auto st = v.staticMesh(0);
  ASSERT_TRUE(st && st->mesh);
  EXPECT_TRUE(st->mesh->usesShades());
}

}  // namespace
}  // namespace wadsmith
