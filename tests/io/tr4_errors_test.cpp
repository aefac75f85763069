// Bad levels: clear errors naming file, section and offset; no crash, no giant allocation.
#include <gtest/gtest.h>

#include "fixtures/generator/raw_level.h"
#include "io/document_io.h"
#include "io/file_io.h"
#include "io/parse_error.h"
#include "io/level_codec.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

ParseError levelFailure(const std::vector<std::uint8_t>& bytes) {
  try {
    readLevel(bytes, "bad.tr4");
  } catch (const ParseError& e) {
    return e;
  }
  ADD_FAILURE() << "expected a ParseError";
  return ParseError("", "", 0, "");
}

std::vector<std::uint8_t> synthetic() { return fixtures::syntheticLevel({}); }

TEST(LevelErrors, DemoFilesAreNamed) {
  auto b = synthetic();
  b[3] = 'c';  // "TR4c"
  auto e = levelFailure(b);
  EXPECT_NE(e.problem().find("TR4c"), std::string::npos);
  EXPECT_EQ(e.offset(), 0u);
}

TEST(LevelErrors, Tr5LayoutIsRecognised) {
  // Three empty texture chunks, then LaraType, WeatherType and 28 zero bytes as TR5 writes, and
  // stored level data of 0 bytes: read as TR5, whose level data then lacks even its first word.
  std::vector<std::uint8_t> b = {'T', 'R', '4', 0, 0, 0, 0, 0, 0, 0};
  for (int c = 0; c < 3; ++c) b.insert(b.end(), 8, 0);
  b.insert(b.end(), {1, 0, 2, 0});
  b.insert(b.end(), 28, 0);
  b.insert(b.end(), 16, 0);
  EXPECT_EQ(levelGame(b), Game::TR5);
  auto e = levelFailure(b);
  EXPECT_EQ(e.section(), "level data: header") << e.what();
  EXPECT_EQ(e.offset(), 10u + 24 + 32 + 8) << e.what();  // where the stored level data starts
}

TEST(LevelErrors, EveryTruncationFails) {
  auto b = synthetic();
  for (std::size_t cut = 0; cut < b.size(); cut += (cut < 64 ? 1 : 97)) {
    std::vector<std::uint8_t> t(b.begin(), b.begin() + cut);
    try {
      readLevel(t, "cut.tr4");
      ADD_FAILURE() << "truncation at " << cut << " accepted";
    } catch (const ParseError& e) {
      EXPECT_EQ(e.file(), "cut.tr4");
    }
  }
}

TEST(LevelErrors, CorruptZlibAndSizeMismatch) {
  auto b = synthetic();
  // The level data chunk is the fourth; find its compressed bytes through the section spans.
  auto spans = levelSectionSpans(b);
  const auto& level = spans[4];
  ASSERT_EQ(level.name, "level data chunk");
  auto corrupt = b;
  for (std::size_t i = level.begin + 12; i < level.begin + 40; ++i) corrupt[i] ^= 0x5A;
  auto e = levelFailure(corrupt);
  EXPECT_EQ(e.section(), "level data chunk");
  EXPECT_EQ(e.offset(), level.begin);

  auto mismatch = b;
  mismatch[level.begin] += 1;  // declared uncompressed size one larger
  auto m = levelFailure(mismatch);
  EXPECT_NE(m.problem().find("declared"), std::string::npos) << m.what();

  auto huge = b;
  huge[level.begin + 3] = 0x7F;  // ~2 GB declared: refused before allocating
  auto h = levelFailure(huge);
  EXPECT_NE(h.problem().find("impossible"), std::string::npos) << h.what();
}

TEST(LevelErrors, CountsPastTheChunkEnd) {
  auto data = fixtures::syntheticLevelData({});
  // Room 0's data word count sits after the unused u32, the room count and the 16-byte info.
  data[4 + 2 + 16 + 3] = 0x40;
  auto e = levelFailure(fixtures::syntheticLevelWith({}, data));
  EXPECT_EQ(e.section(), "level data: rooms");
  EXPECT_NE(e.problem().find("count"), std::string::npos) << e.what();

  auto noMarker = fixtures::syntheticLevelData({});
  auto doc = readLevel(fixtures::syntheticLevel({}), "x");
  std::vector<SectionSpan> spans;
  writeLevelData(*doc.data, doc.nextId, &spans);
  for (const auto& s : spans)
    if (s.name == "SPR marker") noMarker[s.begin] = 'X';
  auto m = levelFailure(fixtures::syntheticLevelWith({}, noMarker));
  EXPECT_NE(m.problem().find("SPR"), std::string::npos) << m.what();
}

TEST(LevelErrors, UnknownHeaderThroughTheDocumentEntryPoint) {
  std::vector<std::uint8_t> b = {'R', 'I', 'F', 'F', 0, 0, 0, 0};
  try {
    readDocument(b, "x.bin");
    FAIL();
  } catch (const ParseError& e) {
    EXPECT_EQ(e.section(), "header");
  }
}

}  // namespace
}  // namespace wadsmith

namespace wadsmith {
namespace {

// Chunks inflated later (the texture tiles, when pixels are wanted) still name the file, the
// chunk and where it starts.
TEST(LevelErrors, LaterInflatesNameTheFileAndChunk) {
  auto b = synthetic();
  const std::uint32_t compressed = b[14] | b[15] << 8 | b[16] << 16 | std::uint32_t(b[17]) << 24;
  ASSERT_GT(compressed, 8u) << "the synthetic level has 32-bit tiles";
  b[18 + compressed - 2] ^= 0xFF;  // the stream's check bytes
  auto doc = readLevel(b, "bad.tr4");
  try {
    chunkPayload(doc.tiles32);
    FAIL() << "a corrupt chunk inflated";
  } catch (const ParseError& e) {
    EXPECT_EQ(e.file(), "bad.tr4");
    EXPECT_EQ(e.section(), "32-bit tiles chunk");
    EXPECT_EQ(e.offset(), 10u);
  }
}

}  // namespace
}  // namespace wadsmith
