// TR1, TR2, TR3 and TR5 levels: byte-identical round trips (stored parts reused, and the level
// data serialized again to prove it) and saves of every corpus level and generated fixture;
// known values decoded by hand from the fixtures' generator and the corpus files.
#include <gtest/gtest.h>

#include "io/document_io.h"
#include "io/file_io.h"
#include "io/level_codec.h"
#include "model/object_view.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

std::vector<std::filesystem::path> otherGameLevels() {
  auto files = test::corpusFiles("trlevels", {".phd", ".tr2", ".trc"});
  for (const char* name : {"synthetic.phd", "synthetic.tr2", "synthetic_tr3.tr2", "synthetic.trc"})
    files.push_back(test::fixturesDir() / name);
  return files;
}

std::string sectionOf(const std::vector<SectionSpan>& spans, long at) {
  for (const auto& s : spans)
    if (static_cast<std::uint64_t>(at) >= s.begin && static_cast<std::uint64_t>(at) < s.end) return s.name;
  return "?";
}

class GameLevelRoundTrip : public ::testing::TestWithParam<std::filesystem::path> {};

TEST_P(GameLevelRoundTrip, WritesIdenticalBytes) {
  const auto bytes = readFileBytes(GetParam());
  const auto doc = readLevel(bytes, GetParam().string());
  long at = test::firstDifference(bytes, writeLevel(doc));
  EXPECT_EQ(at, -1) << "differs in " << sectionOf(levelSectionSpans(bytes), at);
  // Serializing the parsed level data gives the bytes it was read from exactly.
  std::vector<SectionSpan> spans;
  const auto written = writeLevelData(*doc.data, doc.nextId, &spans);
  const std::vector<std::uint8_t> original(doc.loadedPayload.begin(), doc.loadedPayload.end());
  at = test::firstDifference(original, written);
  EXPECT_EQ(at, -1) << "level data differs at its byte " << at << " (" << sectionOf(spans, at) << ")";
  EXPECT_EQ(test::firstDifference(bytes, writeLevel(doc, /*verify=*/true)), -1);
}

TEST_P(GameLevelRoundTrip, SavesIdenticalBytes) {
  const auto bytes = readFileBytes(GetParam());
  const auto out = test::scratchDir() / GetParam().filename();
  saveDocument(loadDocument(GetParam()), out);
  EXPECT_EQ(test::firstDifference(bytes, readFileBytes(out)), -1);
}

TEST_P(GameLevelRoundTrip, IsDetectedByItsHeader) {
  const auto bytes = readFileBytes(GetParam());
  EXPECT_EQ(detectKind(bytes), FileKind::Level);
  auto game = levelGame(bytes);
  ASSERT_TRUE(game);
  EXPECT_NE(*game, Game::TR4);
  EXPECT_EQ(readLevel(bytes, "x").game(), *game);
}

INSTANTIATE_TEST_SUITE_P(AllGames, GameLevelRoundTrip, ::testing::ValuesIn(otherGameLevels()), [](const auto& info) {
  std::string n = info.param.parent_path().filename().string() + "_" + info.param.filename().string();
  for (auto& c : n)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return n;
});

LevelDocument levelFixture(const char* name) {
  const auto path = test::fixturesDir() / name;
  return readLevel(readFileBytes(path), path.string());
}

// Values the generator (fixtures/generator/raw_classic_level.cpp) wrote.
TEST(GameLevelKnownValues, Tr1Fixture) {
  const auto doc = levelFixture("synthetic.phd");
  EXPECT_EQ(doc.game(), Game::TR1);
  EXPECT_EQ(doc.classic.tileCount, 1u);
  EXPECT_TRUE(doc.classic.palette.empty());  // TR1's palette is in the level data
  const LevelData& d = *doc.data;
  ASSERT_EQ(d.palette->size(), 768u);
  EXPECT_EQ((*d.palette)[3 * 5 + 1], 1);  // entry 5: (5, 1, 63)
  const Room& room = (*d.rooms)[0];
  EXPECT_EQ(room.geometry.vertices.size(), 4u);
  EXPECT_EQ(room.geometry.vertices[2].lighting, 0x1002);
  EXPECT_EQ(room.ambientIntensity, 0x1800);
  ASSERT_EQ(room.classicLights.size(), 1u);
  EXPECT_EQ(room.classicLights[0].intensity1, 0x1FFF);
  EXPECT_EQ(room.classicLights[0].fade1, 0x3000u);
  ASSERT_EQ(room.statics.size(), 1u);
  EXPECT_EQ(room.statics[0].colour, 0x0FFF);  // Intensity1
  EXPECT_EQ(room.statics[0].meshId, 3);
  EXPECT_EQ((*d.boxes)[0].zMax, 2048);  // TR1 boxes are 32-bit world units
  EXPECT_EQ(d.zones->size(), 6u);
  EXPECT_EQ((*d.entities)[0].typeId, 7);
  EXPECT_EQ((*d.entities)[0].flags, 0x3E00);  // 22-byte entities: no Intensity2 before the flags
  EXPECT_EQ(d.cinematicFrames->size(), 1u);
  EXPECT_EQ((*d.cinematicFrames)[0].fov, 80);
  EXPECT_EQ(*d.demoData, (std::vector<std::uint8_t>{1, 2, 3, 4, 5}));
  EXPECT_EQ(d.soundMap->size(), 256u);
  EXPECT_EQ(d.embeddedSamples.size(), 44u + 24 + 44 + 40);
  EXPECT_EQ((*d.sampleIndices)[1], 44u + 24);
  EXPECT_TRUE(d.tail->empty());
  // Mesh 0: textured quad and triangle, coloured quad and triangle (palette indices 5, 9).
  const auto& objects = d.objects;
  EXPECT_EQ(objects.keyframeFormat, KeyframeFormat::Tr1);
  const Mesh& m = *(*objects.meshes)[0].mesh;
  ASSERT_EQ(m.polygons.size(), 4u);
  EXPECT_FALSE(m.polygons[1].coloured);
  EXPECT_TRUE(m.polygons[2].coloured);
  EXPECT_EQ(m.polygons[2].texture, 5);
  EXPECT_EQ(m.polygons[3].texture, 9);
  // TR1 keyframes: two animations, two keyframes each, read with their own rotation counts.
  ObjectView v(objects);
  ASSERT_EQ(v.keyframeCount(0), 2u);
  ASSERT_EQ(v.keyframeCount(1), 2u);
  auto k = v.keyframes(1, 2);
  ASSERT_EQ(k.size(), 2u);
  EXPECT_EQ(k[0].offset.y, -20);
  // Keyframe 2's second rotation: x 33, y 257, z 999 (10-bit units), stored low word first.
  EXPECT_FLOAT_EQ(k[0].rotations[1].x, 33 * 360.0f / 1024);
  EXPECT_FLOAT_EQ(k[0].rotations[1].y, 257 * 360.0f / 1024);
  EXPECT_FLOAT_EQ(k[0].rotations[1].z, 999 * 360.0f / 1024);
  // Keyframe 3 stores one rotation: the second mesh has none (zero angles).
  EXPECT_FLOAT_EQ(k[1].rotations[1].y, 0.0f);
}

TEST(GameLevelKnownValues, Tr2AndTr3Fixtures) {
  const auto tr2 = levelFixture("synthetic.tr2");
  EXPECT_EQ(tr2.game(), Game::TR2);
  EXPECT_EQ(tr2.classic.palette.size(), 768u);
  EXPECT_EQ(tr2.classic.palette16.size(), 1024u);
  EXPECT_EQ(tr2.classic.tiles16.size(), 131072u);
  const Room& r2 = (*tr2.data->rooms)[0];
  EXPECT_EQ(r2.ambientIntensity2, 0x1801);
  EXPECT_EQ(r2.lightMode, 1);
  EXPECT_EQ(r2.classicLights[0].intensity2, 0x1FFE);
  EXPECT_EQ(r2.classicLights[0].fade2, 0x3001u);
  EXPECT_EQ(r2.geometry.vertices[1].colour, 0x1001);  // Lighting2
  EXPECT_EQ((*tr2.data->boxes)[0].zMax, 2);           // sectors
  EXPECT_EQ(tr2.data->zones->size(), 10u);
  EXPECT_EQ((*tr2.data->entities)[0].ocb, -1);  // Intensity2
  EXPECT_EQ(tr2.data->objects.keyframeFormat, KeyframeFormat::Tr2);
  // 10-bit one-axis angle: keyframe 1's second rotation is Y 356 units.
  ObjectView v(tr2.data->objects);
  auto k = v.keyframes(0, 2);
  ASSERT_EQ(k.size(), 2u);
  EXPECT_EQ(k[1].rotations[1].axes, Rotation::Axes::Y);
  EXPECT_FLOAT_EQ(k[1].rotations[1].y, 356 * 360.0f / 1024);

  const auto tr3 = levelFixture("synthetic_tr3.tr2");
  EXPECT_EQ(tr3.game(), Game::TR3);
  EXPECT_EQ(tr3.version, 0xFF080038u);  // the second TR3 version word
  const Room& r3 = (*tr3.data->rooms)[0];
  ASSERT_EQ(r3.classicLights.size(), 2u);
  EXPECT_EQ(r3.classicLights[0].type, 0);  // a sun
  EXPECT_EQ(r3.classicLights[1].value1, 0x1000);
  EXPECT_EQ(r3.waterScheme, 1);
  EXPECT_EQ(r3.reverb, 2);
  EXPECT_EQ((*tr3.data->objectTextures)[2].attribute, 2);  // TR3 reads them after the animated textures
}

TEST(GameLevelKnownValues, Tr5Fixture) {
  const auto doc = levelFixture("synthetic.trc");
  EXPECT_EQ(doc.game(), Game::TR5);
  EXPECT_EQ(doc.laraType, 3);
  EXPECT_EQ(doc.weatherType, 1);
  EXPECT_EQ(doc.levelChunk.store, ChunkStore::Raw);
  const LevelData& d = *doc.data;
  ASSERT_EQ(d.tr5Rooms->size(), 2u);
  const Tr5Room& room = (*d.tr5Rooms)[0];
  EXPECT_TRUE(room.parsed);
  EXPECT_EQ(room.lights.size(), 1u);
  EXPECT_EQ(room.lights[0].type, 2);
  EXPECT_EQ(room.fogBulbs.size(), 1u);
  EXPECT_EQ(room.sectors.size(), 4u);
  EXPECT_EQ(room.portals.size(), 1u);
  EXPECT_EQ(room.portalSeparator, 0xCDCD);
  ASSERT_EQ(room.layers.size(), 1u);
  EXPECT_EQ(room.faces.size(), 2u);
  EXPECT_EQ(room.faces[1].effects, 1);
  EXPECT_EQ(room.vertices.size(), 4u);
  EXPECT_TRUE(room.tail.empty());
  // The second room's header counts a light its data has no bytes for: kept as bytes.
  EXPECT_FALSE((*d.tr5Rooms)[1].parsed);
  EXPECT_EQ((*d.tr5Rooms)[1].tail.size(), 36u);
  EXPECT_EQ((*d.objects.movables)[0].padding, 0xFFEF);
  EXPECT_EQ((*d.objectTextures)[1].tileAndFlag, 0x8001);
  EXPECT_EQ(d.soundMap->size(), 450u);
  EXPECT_EQ(*d.tail, std::vector<std::uint8_t>(6, 0xCD));
}

TEST(GameLevelKnownValues, CorpusLevels) {
  const auto phd = test::corpusFile("trlevels/TEST1.PHD");
  WADSMITH_REQUIRE_CORPUS(phd);
  const auto tr1 = readLevel(readFileBytes(phd), phd.string());
  EXPECT_EQ(tr1.classic.tileCount, 9u);
  EXPECT_EQ(tr1.data->rooms->size(), 10u);
  EXPECT_EQ(tr1.data->objects.movables->size(), 39u);
  EXPECT_EQ(tr1.data->objectTextures->size(), 728u);
  EXPECT_EQ(tr1.data->embeddedSamples.size(), 1707437u);
  EXPECT_EQ(tr1.data->sampleIndices->size(), 103u);
  ObjectView v1(tr1.data->objects);
  // Lara's animations decode into keyframes of 15 rotations.
  for (const auto& k : v1.keyframes(0, 15)) EXPECT_EQ(k.rotations.size(), 15u);
  EXPECT_GT(v1.keyframeCount(0), 0u);

  const auto trc = test::corpusFile("trlevels/TEST1.TRC");
  WADSMITH_REQUIRE_CORPUS(trc);
  const auto tr5 = readLevel(readFileBytes(trc), trc.string());
  ASSERT_EQ(tr5.data->tr5Rooms->size(), 4u);
  for (const auto& r : *tr5.data->tr5Rooms) EXPECT_TRUE(r.parsed);
  EXPECT_EQ((*tr5.data->tr5Rooms)[0].vertices.size(), 224u);
  EXPECT_EQ(tr5.data->objects.movables->size(), 124u);
  EXPECT_EQ(tr5.samples->size(), 61u);
}

}  // namespace
}  // namespace wadsmith
