// An edit inside the level data changes that chunk (and its two size fields) only.
#include <gtest/gtest.h>

#include "io/file_io.h"
#include "io/level_codec.h"
#include "io/zlib_chunk.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

// A new document whose mesh entry `index` has polygon 0's effects replaced.
LevelDocument withFaceEffect(const LevelDocument& doc, std::size_t index, std::uint8_t attributes) {
  auto data = std::make_shared<LevelData>(*doc.data);
  auto meshes = std::make_shared<std::vector<MeshEntry>>(*data->objects.meshes);
  auto mesh = std::make_shared<Mesh>(*(*meshes)[index].mesh);
  mesh->polygons[0].attributes = attributes;
  (*meshes)[index].mesh = mesh;
  data->objects.meshes = meshes;
  LevelDocument edited = doc;
  edited.data = data;
  return edited;
}

void checkOnlyLevelDataChanges(const std::vector<std::uint8_t>& bytes, const std::string& name) {
  auto doc = readLevel(bytes, name);
  // The first mesh with polygons.
  std::size_t index = 0;
  while (!(*doc.data->objects.meshes)[index].mesh || (*doc.data->objects.meshes)[index].mesh->polygons.empty()) ++index;
  std::uint8_t before = (*doc.data->objects.meshes)[index].mesh->polygons[0].attributes;
  auto out = writeLevel(withFaceEffect(doc, index, before ^ 0x03));
  auto back = readLevel(out, "edited");

  EXPECT_EQ(back.tiles32.compressed, doc.tiles32.compressed);
  EXPECT_EQ(back.tiles16.compressed, doc.tiles16.compressed);
  EXPECT_EQ(back.miscTiles.compressed, doc.miscTiles.compressed);
  ASSERT_EQ(back.samples->size(), doc.samples->size());
  for (std::size_t i = 0; i < doc.samples->size(); ++i) EXPECT_EQ((*back.samples)[i].bytes, (*doc.samples)[i].bytes);
  EXPECT_EQ(back.trailer, doc.trailer);
  EXPECT_EQ((*back.data->objects.meshes)[index].mesh->polygons[0].attributes, before ^ 0x03);

  // Inside the chunk, exactly one byte (the effects byte) differs.
  auto a = chunkPayload(doc.levelChunk);
  auto b = chunkPayload(back.levelChunk);
  ASSERT_EQ(a.size(), b.size());
  std::size_t differing = 0;
  for (std::size_t i = 0; i < a.size(); ++i) differing += a[i] != b[i];
  EXPECT_EQ(differing, 1u);

  // Outside the level data chunk, the file differs only in that chunk: the prefix up to its
  // size fields and everything after it are identical.
  auto spans = levelSectionSpans(bytes);
  auto spansOut = levelSectionSpans(out);
  EXPECT_TRUE(std::equal(bytes.begin(), bytes.begin() + spans[4].begin, out.begin()));
  EXPECT_TRUE(std::equal(bytes.begin() + spans[4].end, bytes.end(), out.begin() + spansOut[4].end));
}

TEST(LevelEdit, FaceEffectChangesOnlyTheLevelDataChunkOfTest1) {
  auto path = test::corpusFile("tr4/TEST1.TR4");
  WADSMITH_REQUIRE_CORPUS(path);
  checkOnlyLevelDataChanges(readFileBytes(path), path.string());
}

TEST(LevelEdit, FaceEffectChangesOnlyTheLevelDataChunkOfTheFixture) {
  checkOnlyLevelDataChanges(readFileBytes(test::fixturesDir() / "synthetic.tr4"), "synthetic.tr4");
}

TEST(LevelEdit, ReplacedChunksAreCompressedWithTheDetectedParameters) {
  // The fixture's level data was written with zlib level 6: an edited save reproduces that
  // stream type, and an unedited level written through the edit path is identical.
  auto bytes = readFileBytes(test::fixturesDir() / "synthetic.tr4");
  auto doc = readLevel(bytes, "synthetic.tr4");
  auto same = withFaceEffect(doc, 0, (*doc.data->objects.meshes)[0].mesh->polygons[0].attributes);
  EXPECT_EQ(writeLevel(same), bytes);
  auto payload = chunkPayload(doc.levelChunk);
  auto params = findZlibParams(payload, doc.levelChunk.compressed);
  ASSERT_TRUE(params);
  EXPECT_EQ(params->level, 6);
}

}  // namespace
}  // namespace wadsmith
