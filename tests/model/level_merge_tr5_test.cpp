// Merging objects into a TR5 level (TR4's path, model/merge/level_merge.h): the merged level
// round-trips, every other part of the file keeps its bytes, and the merged objects come back
// out of it the same as out of their source (a TR4 WAD, a TR4 level).
#include <gtest/gtest.h>

#include <set>

#include "model/merge/level_replace.h"
#include "tests/support/level_merge_check.h"
#include "tests/support/level_sections.h"

namespace wadsmith {
namespace {

using test::Merged, test::mergeInto, test::expectSameObjects;

std::filesystem::path tr5Level() { return test::corpusFile("trlevels/TEST1.TRC"); }
LevelDocument tr5Doc() { return std::get<LevelDocument>(loadDocument(tr5Level())); }

const std::set<std::string> kTr5ObjectSections = {"meshes",   "mesh pointers", "animations",    "state changes",
                                               "dispatches", "commands",   "mesh trees",    "frames",
                                               "models",   "static meshes", "object textures"};

// Every section of the level data but the object tables, and every part of the file outside
// the level data and the tiles, keeps its bytes; new models end with the level's filler word.
void expectOnlyTr5ObjectsChanged(const Merged& m) {
  ASSERT_EQ(m.after.game(), Game::TR5);
  EXPECT_GT(test::expectSectionsKept(m.before, m.after, kTr5ObjectSections), 15u);
  EXPECT_EQ(m.after.laraType, m.before.laraType);
  EXPECT_EQ(m.after.weatherType, m.before.weatherType);
  EXPECT_TRUE(m.before.tr5Padding.copy() == m.after.tr5Padding.copy());
  EXPECT_TRUE(m.before.miscTiles.compressed.copy() == m.after.miscTiles.compressed.copy());
  EXPECT_TRUE(m.before.trailer.copy() == m.after.trailer.copy());
  ASSERT_EQ(m.before.samples->size(), m.after.samples->size());
  for (std::size_t i = 0; i < m.before.samples->size(); ++i)
    EXPECT_TRUE((*m.before.samples)[i].bytes.copy() == (*m.after.samples)[i].bytes.copy()) << "sample " << i;
  const auto filler = m.before.data->objects.movables->front().padding;
  for (const auto& mv : *m.after.data->objects.movables) EXPECT_EQ(mv.padding, filler) << "model of slot " << mv.objectId;
  EXPECT_EQ(filler, 0xFEFF);  // Tomb Editor's (the TRosettaStone says 0xFFEF)
  // Object textures' filler word: 0 in every record of the level, new ones too.
  for (const auto& t : *m.after.data->objectTextures) ASSERT_EQ(t.filler, 0);
}

// karnak's CROCODILE and FURNITURE3, slots TEST1.TRC does not use; its samples are MS-ADPCM,
// karnak's PCM: the sounds stay out.
merge::Request tr5CrocodileAndFurniture() {
  merge::Request r;
  r.movables = {51}, r.statics = {13};
  r.sounds = merge::SoundMode::None;
  return r;
}

TEST(Tr5LevelMerge, MovableAndStaticFromATr4Wad) {
  auto wad = test::corpusFile("wad/karnak.WAD");
  WADSMITH_REQUIRE_CORPUS(tr5Level());
  WADSMITH_REQUIRE_CORPUS(wad);
  const auto src = loadWad(wad);
  const auto m = mergeInto(tr5Doc(), src, tr5CrocodileAndFurniture());
  ASSERT_EQ(m.result.report.merged.size(), 2u);
  EXPECT_GT(m.result.objectTexturesAdded, 10u);
  expectOnlyTr5ObjectsChanged(m);
  expectSameObjects(m, src);
  // The level's own objects come out of it as before.
  const auto a = merge::extractLevelObjects(m.before, chunkPayload(m.before.tiles32)).wad;
  const auto b = merge::extractLevelObjects(m.after, chunkPayload(m.after.tiles32)).wad;
  for (const auto& k : test::objectKeys(a))
    EXPECT_EQ(test::signatureDifference(test::objectSignature(a, k), test::objectSignature(b, k)), "") << merge::describe(k);
}

// A movable of a TR4 level (the first with a skeleton in a slot TEST1.TRC leaves free).
TEST(Tr5LevelMerge, MovableFromATr4Level) {
  auto tr4 = test::corpusFile("tr4/TEST1.TR4");
  WADSMITH_REQUIRE_CORPUS(tr5Level());
  WADSMITH_REQUIRE_CORPUS(tr4);
  const auto level4 = std::get<LevelDocument>(loadDocument(tr4));
  const auto src = merge::extractLevelObjects(level4, chunkPayload(level4.tiles32)).wad;
  const auto dest = tr5Doc();
  const ObjectView sv(src.objects), dv(dest.data->objects);
  merge::Request req;
  req.sounds = merge::SoundMode::None;
  for (const auto& mv : *src.objects.movables)
    if (sv.movableMeshes(*sv.findMovable(mv.objectId)).size() > 3 && !dv.findMovable(mv.objectId)) {
      req.movables = {mv.objectId};
      break;
    }
  ASSERT_EQ(req.movables.size(), 1u);
  const auto m = mergeInto(dest, src, req);
  ASSERT_EQ(m.result.report.merged.size(), 1u);
  expectOnlyTr5ObjectsChanged(m);
  expectSameObjects(m, src);
}

std::string refusal(const LevelDocument& doc, const merge::Request& req) {
  const auto t32 = chunkPayload(doc.tiles32), t16 = chunkPayload(doc.tiles16);
  try {
    merge::mergeIntoLevel(doc, {t32, t16}, test::wadWithSamples(test::corpusFile("wad/karnak.WAD")), req);
  } catch (const merge::MergeError& e) {
    return e.what();
  }
  return "merged";
}

TEST(Tr5LevelMerge, RefusesSoundsAndPastTheObjectTextureLimitNamingIt) {
  WADSMITH_REQUIRE_CORPUS(tr5Level());
  WADSMITH_REQUIRE_CORPUS(test::corpusFile("wad/karnak.WAD"));
  const auto doc = tr5Doc();
  auto req = tr5CrocodileAndFurniture();
  req.sounds = merge::SoundMode::Keep;
  const auto sounds = refusal(doc, req);
  EXPECT_TRUE(merge::takesOnlyAdpcm(doc));
  EXPECT_NE(sounds.find("the level's samples are all MS-ADPCM"), std::string::npos) << sounds;
  const auto past = refusal(test::nearTheObjectTextureLimit(doc), tr5CrocodileAndFurniture());
  EXPECT_NE(past.find("object textures"), std::string::npos) << past;
  EXPECT_NE(past.find("more than TR5's limit of 32767"), std::string::npos) << past;
}

// Replacing the crocodile with itself frees its meshes and object textures and takes them
// again: the level keeps its size.
TEST(Tr5LevelMerge, ReplacingAnObjectWithItselfDoesNotGrowTheLevel) {
  WADSMITH_REQUIRE_CORPUS(tr5Level());
  WADSMITH_REQUIRE_CORPUS(test::corpusFile("wad/karnak.WAD"));
  const auto src = loadWad(test::corpusFile("wad/karnak.WAD"));
  const auto once = mergeInto(tr5Doc(), src, tr5CrocodileAndFurniture());
  auto req = tr5CrocodileAndFurniture();
  req.replace = true;
  const auto twice = mergeInto(once.after, src, req);
  EXPECT_GT(twice.result.meshesFreed, 0u);
  EXPECT_GT(twice.result.objectTexturesFreed, 0u);
  EXPECT_EQ(twice.result.objectTexturesDrawnAgain, twice.result.objectTexturesFreed);
  EXPECT_EQ(writeLevel(twice.after).size(), writeLevel(once.after).size());
  expectSameObjects(twice, src);
}

// An object texture a TR5 room face names stays, even when a replaced mesh named it too.
TEST(Tr5LevelMerge, ObjectTexturesOfRoomFacesAreNotFreed) {
  WADSMITH_REQUIRE_CORPUS(tr5Level());
  const auto doc = tr5Doc();
  LevelData data = *doc.data;
  std::uint16_t roomTexture = 0xFFFF;
  for (const auto& room : *data.tr5Rooms)
    if (!room.faces.empty()) roomTexture = room.faces.front().texture & 0x7FFF;
  ASSERT_NE(roomTexture, 0xFFFF);
  auto meshes = *data.objects.meshes;
  Mesh mesh = *meshes.front().mesh;
  mesh.polygons.front().texture = roomTexture;
  meshes.front().mesh = share<Mesh>(std::move(mesh));
  data.objects.meshes = share<std::vector<MeshEntry>>(std::move(meshes));
  const auto freed = merge::freedObjectTextures(data, {});  // every mesh gone
  EXPECT_GT(freed.size(), 10u);
  EXPECT_FALSE(freed.count(roomTexture));
}

}  // namespace
}  // namespace wadsmith
