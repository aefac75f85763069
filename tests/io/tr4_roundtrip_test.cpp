// TR4 levels: byte-identical round trip (reusing stored chunks, and re-serializing the level
// data to prove it) of every corpus level and generated fixture; decoded values by hand.
#include <gtest/gtest.h>

#include <cstring>

#include "io/file_io.h"
#include "io/level_codec.h"
#include "model/object_view.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

std::vector<std::filesystem::path> allLevels() {
  auto files = test::corpusFiles("tr4", {".tr4"});
  for (const char* name : {"synthetic.tr4", "synthetic_ng.tr4"}) files.push_back(test::fixturesDir() / name);
  return files;
}

class LevelRoundTrip : public ::testing::TestWithParam<std::filesystem::path> {};

TEST_P(LevelRoundTrip, WritesIdenticalBytes) {
  auto bytes = readFileBytes(GetParam());
  auto doc = readLevel(bytes, GetParam().string());
  EXPECT_EQ(test::firstDifference(bytes, writeLevel(doc)), -1);
  // Serializing the parsed level data gives the inflated payload exactly.
  std::vector<SectionSpan> spans;
  auto written = writeLevelData(*doc.data, doc.nextId, &spans);
  auto original = chunkPayload(doc.levelChunk);
  long diff = test::firstDifference(original, written);
  if (diff >= 0) {
    std::string section = "?";
    for (const auto& s : spans)
      if (static_cast<std::uint64_t>(diff) >= s.begin && static_cast<std::uint64_t>(diff) < s.end) section = s.name;
    FAIL() << "level data differs at inflated byte " << diff << " (" << section << ")";
  }
  EXPECT_EQ(test::firstDifference(bytes, writeLevel(doc, /*verify=*/true)), -1);
}

INSTANTIATE_TEST_SUITE_P(AllLevels, LevelRoundTrip, ::testing::ValuesIn(allLevels()), [](const auto& info) {
  std::string n = info.param.filename().string();
  for (auto& c : n)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return n;
});

TEST(LevelKnownValues, Test1) {
  auto path = test::corpusFile("tr4/TEST1.TR4");
  WADSMITH_REQUIRE_CORPUS(path);
  auto doc = readLevel(readFileBytes(path), path.string());
  EXPECT_EQ(doc.numRoomTiles, 1);
  EXPECT_EQ(doc.numObjectTiles, 6);
  const LevelData& d = *doc.data;
  ASSERT_EQ(d.rooms->size(), 4u);
  const Room& r0 = (*d.rooms)[0];
  EXPECT_EQ(r0.x, 1024);
  EXPECT_EQ(r0.z, 9216);
  EXPECT_EQ(r0.yTop, -3072);
  EXPECT_TRUE(r0.geometry.parsed);
  EXPECT_EQ(r0.geometry.vertices.size(), 224u);
  EXPECT_EQ(r0.geometry.quads.size(), 213u);
  EXPECT_EQ(r0.geometry.triangles.size(), 2u);
  EXPECT_EQ(d.objects.animations->size(), 552u);
  EXPECT_EQ(d.objects.movables->size(), 60u);
  EXPECT_EQ(d.objects.meshPointers->size(), 397u);
  EXPECT_EQ(d.objectTextures->size(), 1447u);
  EXPECT_EQ(d.soundMap->size(), 370u);
  EXPECT_EQ(doc.samples->size(), 59u);
  EXPECT_EQ(d.sampleIndices->size(), 59u);
  EXPECT_TRUE(doc.trailer.empty());
  // Lara (model 0) has 15 meshes, and her animations decode into keyframes of 15 rotations.
  ObjectView v(d.objects);
  EXPECT_EQ((*d.objects.movables)[0].objectId, 0u);
  auto meshes = v.movableMeshes(0);
  ASSERT_EQ(meshes.size(), 15u);
  for (const auto& m : meshes) EXPECT_NE(m.mesh, nullptr);
  for (const auto& k : v.keyframes(0, 15)) EXPECT_EQ(k.rotations.size(), 15u);
  // The 78 01 streams of the classic compiler are kept as stored.
  EXPECT_EQ((doc.levelChunk.compressed)[0], 0x78);
  EXPECT_EQ((doc.levelChunk.compressed)[1], 0x01);
}

TEST(LevelKnownValues, TrngTitleHasAnExtendedSoundMapAndAnNgBlock) {
  auto path = test::corpusFile("tr4/title_ng.tr4");
  WADSMITH_REQUIRE_CORPUS(path);
  auto doc = readLevel(readFileBytes(path), path.string());
  EXPECT_EQ(doc.data->soundMap->size(), 1024u);
  EXPECT_EQ(doc.data->demoData->size(), 2048u);
  EXPECT_EQ(doc.data->sampleIndices->size(), doc.samples->size());
  ASSERT_EQ(doc.trailer.size(), 38400u);
  EXPECT_EQ(doc.trailer[0], 'N');
  EXPECT_EQ(doc.trailer[1], 'G');
}

TEST(LevelKnownValues, SyntheticLevelDecodesAsBuilt) {
  auto doc = readLevel(readFileBytes(test::fixturesDir() / "synthetic_ng.tr4"), "synthetic_ng.tr4");
  const LevelData& d = *doc.data;
  ASSERT_EQ(d.rooms->size(), 2u);
  const Room& r0 = (*d.rooms)[0];
  EXPECT_EQ(r0.geometry.quads.size(), 1u);
  EXPECT_EQ(r0.geometry.sprites.size(), 1u);
  ASSERT_EQ(r0.lights.size(), 1u);
  float f;
  std::memcpy(&f, &r0.lights[0].floats[2], 4);
  EXPECT_FLOAT_EQ(f, 2048.0f);
  EXPECT_EQ((*d.rooms)[1].geometry.extraWords, (std::vector<std::uint16_t>{0xABCD, 0x1234}));
  ASSERT_EQ(d.objects.meshes->size(), 2u);
  const Mesh& m0 = *(*d.objects.meshes)[0].mesh;
  ASSERT_EQ(m0.polygons.size(), 2u);
  EXPECT_TRUE(m0.polygons[0].quad);
  EXPECT_EQ(m0.polygons[0].attributes, 0x02 | (12 << 2));
  EXPECT_EQ(m0.polygons[1].texture, 0x8001);
  EXPECT_EQ((*d.objects.meshes)[1].mesh->padding, 0xBEEF);
  EXPECT_EQ((*d.objects.meshes)[1].mesh->shades.size(), 4u);
  EXPECT_EQ(d.soundMap->size(), 1024u);
  EXPECT_EQ(d.soundSources->size(), 0u);
  EXPECT_EQ((*d.objectTextures)[1].triangle(), true);
  EXPECT_EQ((*doc.samples)[1].uncompressedSize, 3 * (*doc.samples)[1].bytes.size());
  ObjectView v(d.objects);
  auto c = v.commands(0);
  ASSERT_EQ(c.commands.size(), 2u);
  EXPECT_EQ(c.commands[1].operands, (std::vector<std::int16_t>{20, -40}));
  EXPECT_EQ(v.skeleton(0).bones[1].offset.y, -128);
}

}  // namespace
}  // namespace wadsmith
