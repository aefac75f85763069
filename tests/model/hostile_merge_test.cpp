// Counts and first indices read from a file are data: a run that overlaps another, goes past
// its table or is huge is carried as far as its table goes and never followed past it. These
// used to corrupt memory in the merge (a 2-byte edit of karnak.WAD).
#include <gtest/gtest.h>

#include "io/document_io.h"
#include "io/file_io.h"
#include "io/level_codec.h"
#include "io/wad_codec.h"
#include "io/wad_files.h"
#include "model/merge/level_extract.h"
#include "model/merge/level_merge.h"
#include "model/merge/merge.h"
#include "model/validate.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

std::uint64_t sectionBegin(const std::vector<SectionSpan>& spans, const std::string& name) {
  for (const auto& s : spans)
    if (s.name == name) return s.begin;
  ADD_FAILURE() << "no section " << name;
  return 0;
}

void putU16(std::vector<std::uint8_t>& b, std::uint64_t at, std::uint16_t v) {
  b[at] = static_cast<std::uint8_t>(v), b[at + 1] = static_cast<std::uint8_t>(v >> 8);
}

// A WAD whose first animation claims `count` state changes from its index.
WadDocument withStateChangeCount(const std::filesystem::path& path, std::uint16_t count) {
  auto bytes = readFileBytes(path);
  // numStateChanges sits 32 bytes into the 40-byte animation record, after the table's count.
  putU16(bytes, sectionBegin(wadSectionSpans(bytes), "animations") + 4 + 32, count);
  return readWad(bytes, path.filename().string());
}

merge::Request everything() {
  merge::Request r;
  r.all = true;
  r.replace = true;
  return r;
}

void expectSound(const merge::Result& r) {
  auto bytes = writeWad(r.doc);
  auto back = readWad(bytes, "merged.wad");
  EXPECT_EQ(writeWad(back), bytes);
  validate(Document(back));  // must not crash or run away
  bool warned = false;
  for (const auto& w : r.report.warnings) warned |= w.find("run past the source's table") != std::string::npos;
  EXPECT_TRUE(warned) << "the merge reports the run it clipped";
}

TEST(HostileMerge, AStateChangeCountPastTheTableIsClipped) {
  auto src = withStateChangeCount(test::fixturesDir() / "sample.wad", 0x7FFF);
  auto dst = loadWad(test::fixturesDir() / "quirks.wad");
  expectSound(merge::mergeObjects(dst, src, everything()));
}

TEST(HostileMerge, KarnakWithAHugeStateChangeCountIntoTut1) {
  auto karnak = test::corpusFile("wad/karnak.WAD"), tut1 = test::corpusFile("wad/tut1.WAD");
  WADSMITH_REQUIRE_CORPUS(karnak);
  WADSMITH_REQUIRE_CORPUS(tut1);
  auto src = withStateChangeCount(karnak, 0x7FFF);
  expectSound(merge::mergeObjects(loadWad(tut1), src, everything()));
}

// The same with a level source: a state change claiming 0x7FFF dispatches.
TEST(HostileMerge, ADispatchCountPastTheTableInALevel) {
  auto level = readLevel(readFileBytes(test::fixturesDir() / "synthetic.tr4"), "synthetic.tr4");
  std::vector<SectionSpan> spans;
  auto data = writeLevelData(*level.data, level.nextId, &spans);
  ASSERT_GT(data.size(), sectionBegin(spans, "state changes") + 10) << "the synthetic level has a state change";
  putU16(data, sectionBegin(spans, "state changes") + 4 + 2, 0x7FFF);  // numDispatches of the first
  level.levelChunk.payload = share<std::vector<std::uint8_t>>(data);
  auto dir = test::scratchDir();
  writeFileAtomic(dir / "hostile.tr4", writeLevel(level));
  const auto back = std::get<LevelDocument>(loadDocument(dir / "hostile.tr4"));
  const auto source = merge::extractLevelObjects(back, levelTiles32(back)).wad;
  auto r = merge::mergeObjects(loadWad(test::fixturesDir() / "sample.wad"), source, everything());
  expectSound(r);
}

// The same hostile source into a level of TR4, TR5 and TR1-3, and faces naming samples past the
// source's table: the level is written and reads back as written.
TEST(HostileMerge, AStateChangeCountPastTheTableIntoALevel) {
  auto src = withStateChangeCount(test::fixturesDir() / "sample.wad", 0x7FFF);
  auto meshes = *src.objects.meshes;
  for (auto& e : meshes)
    if (e.mesh) {
      Mesh m = *e.mesh;
      for (auto& p : m.polygons) p.texture = 0x0FFF;  // past the sample table
      e.mesh = share<Mesh>(std::move(m));
    }
  src.objects.meshes = share<std::vector<MeshEntry>>(std::move(meshes));
  for (const char* name :
       {"tr4/TEST1.TR4", "trlevels/TEST1.TRC", "trlevels/TEST1.PHD", "trlevels/TEST1.TR2", "trlevels/tr3_TEST1.TR2"}) {
    auto level = test::corpusFile(name);
    WADSMITH_REQUIRE_CORPUS(level);
    SCOPED_TRACE(name);
    const auto dst = std::get<LevelDocument>(loadDocument(level));
    const bool classic = isClassic(dst.game());  // TR1-3 tiles are in the document
    const auto t32 = classic ? std::vector<std::uint8_t>{} : chunkPayload(dst.tiles32);
    const auto t16 = classic ? std::vector<std::uint8_t>{} : chunkPayload(dst.tiles16);
    auto r = merge::mergeIntoLevel(dst, {t32, t16}, src, everything());
    const auto bytes = writeLevel(r.doc);
    const auto back = readLevel(bytes, "merged");
    EXPECT_EQ(writeLevel(back), bytes);
    validate(Document(back));
  }
}

// Keyframe sizes the movable's meshes do not fit (none, a header only, the most a byte holds)
// into TR1 and TR2, whose keyframe words the merge converts: written, read back as written.
TEST(HostileMerge, KeyframeSizesThatDoNotFitIntoClassicLevels) {
  for (std::uint8_t size : {0, 9, 255})
    for (const char* name : {"trlevels/TEST1.PHD", "trlevels/TEST1.TR2"}) {
      auto level = test::corpusFile(name);
      WADSMITH_REQUIRE_CORPUS(level);
      SCOPED_TRACE(std::string(name) + " keyframe size " + std::to_string(size));
      auto bytes = readFileBytes(test::fixturesDir() / "sample.wad");
      bytes[sectionBegin(wadSectionSpans(bytes), "animations") + 4 + 5] = size;  // the first animation's
      const auto src = readWad(bytes, "sample.wad");
      auto r = merge::mergeIntoLevel(std::get<LevelDocument>(loadDocument(level)), {}, src, everything());
      const auto out = writeLevel(r.doc);
      EXPECT_EQ(writeLevel(readLevel(out, "merged")), out);
    }
}

}  // namespace
}  // namespace wadsmith
