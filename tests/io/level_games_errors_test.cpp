// Bad TR1, TR2, TR3 and TR5 levels: every truncation, counts past the end and wrong versions
// get `FILE: section S at byte N: what`, with file offsets (TR1-3 and TR5 store their level data
// uncompressed); no crash, no huge allocation.
#include <gtest/gtest.h>

#include "fixtures/generator/raw_classic_level.h"
#include "io/document_io.h"
#include "io/level_codec.h"
#include "io/parse_error.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

ParseError failure(const std::vector<std::uint8_t>& bytes) {
  try {
    readDocument(bytes, "bad.lvl");
  } catch (const ParseError& e) {
    return e;
  }
  ADD_FAILURE() << "expected a ParseError";
  return ParseError("", "", 0, "");
}

void setU32(std::vector<std::uint8_t>& b, std::size_t at, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) b[at + i] = static_cast<std::uint8_t>(v >> (8 * i));
}

class GameLevelTruncation : public ::testing::TestWithParam<int> {};

TEST_P(GameLevelTruncation, EveryTruncationFailsWithItsLocation) {
  const int game = GetParam();
  const auto b = game == 5 ? fixtures::syntheticTr5Level() : fixtures::syntheticClassicLevel(game);
  ASSERT_NO_THROW(readDocument(b, "whole.lvl"));
  std::size_t step = 1;
  for (std::size_t cut = 0; cut < b.size(); cut += step) {
    step = cut < 2048 ? 1 : 61;  // every byte of the header and texture start, then a sample
    const std::vector<std::uint8_t> t(b.begin(), b.begin() + static_cast<long>(cut));
    try {
      readDocument(t, "cut.lvl");
      ADD_FAILURE() << "truncation at " << cut << " accepted";
    } catch (const ParseError& e) {
      EXPECT_EQ(e.file(), "cut.lvl");
      EXPECT_LE(e.offset(), cut) << e.what();
      EXPECT_NE(e.section(), "?") << e.what();
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Games, GameLevelTruncation, ::testing::Values(1, 2, 3, 5),
                         [](const auto& info) { return "TR" + std::to_string(info.param); });

TEST(GameLevelErrors, WrongVersionWords) {
  auto b = fixtures::syntheticClassicLevel(1);
  setU32(b, 0, 0x21);  // no game's version
  auto e = failure(b);
  EXPECT_EQ(e.section(), "header");
  EXPECT_EQ(e.offset(), 0u);
  try {
    readLevel(SharedBytes(b), "v.phd");
    FAIL() << "version 0x21 read as a level";
  } catch (const ParseError& p) {
    EXPECT_NE(p.problem().find("not a TR1-5 level"), std::string::npos) << p.what();
    EXPECT_EQ(p.section(), "header");
    EXPECT_EQ(p.offset(), 0u);
  }
  // TR3's other version word is TR3 too; a third one is not.
  auto tr3 = fixtures::syntheticClassicLevel(3);
  setU32(tr3, 0, 0xFF180038);
  EXPECT_EQ(readLevel(tr3, "a").game(), Game::TR3);
  setU32(tr3, 0, 0xFF280038);
  EXPECT_EQ(failure(tr3).section(), "header");
  // A TR2 file read as TR1 (the version word changed) fails where the layouts part, located.
  auto tr2 = fixtures::syntheticClassicLevel(2);
  setU32(tr2, 0, 0x20);
  auto asTr1 = failure(tr2);
  EXPECT_NE(asTr1.section(), "?") << asTr1.what();
}

TEST(GameLevelErrors, CountsPastTheEndAreRefusedBeforeAllocating) {
  auto b = fixtures::syntheticClassicLevel(1);
  auto tiles = b;
  setU32(tiles, 4, 0x7FFFFFFF);  // TR1's tile count
  auto t = failure(tiles);
  EXPECT_EQ(t.section(), "texture tiles");
  EXPECT_EQ(t.offset(), 8u);
  EXPECT_NE(t.problem().find("count"), std::string::npos) << t.what();
  // Room 0's data word count: after the version, tile count, tile, unused word, room count, info.
  const std::size_t words = 4 + 4 + 65536 + 4 + 2 + 16;
  auto room = b;
  setU32(room, words, 0x40000000);
  auto r = failure(room);
  EXPECT_EQ(r.section(), "level data: rooms");
  EXPECT_EQ(r.offset(), words + 4);  // a file offset: TR1's level data is not compressed
  // TR2's palettes come first: its room count sits 1792 + 65536 x 2 bytes later.
  auto tr2 = fixtures::syntheticClassicLevel(2);
  const std::size_t rooms = 4 + 1792 + 4 + 3 * 65536 + 4;
  tr2[rooms] = 0xFF, tr2[rooms + 1] = 0xFF;
  auto r2 = failure(tr2);
  EXPECT_EQ(r2.section(), "level data: rooms");
  EXPECT_NE(r2.problem().find("room count"), std::string::npos) << r2.what();
}

TEST(GameLevelErrors, Tr5RoomsAndLevelData) {
  const auto b = fixtures::syntheticTr5Level();
  const auto spans = levelSectionSpans(b);
  std::size_t data = 0;
  for (const auto& s : spans)
    if (s.name == "level data") data = s.begin;
  ASSERT_GT(data, 0u);
  // The two sizes of the stored level data must agree.
  auto sizes = b;
  sizes[data] += 1;
  auto e = failure(sizes);
  EXPECT_EQ(e.section(), "level data");
  EXPECT_NE(e.problem().find("uncompressed"), std::string::npos) << e.what();
  // The first room's marker, and its size past the data.
  const std::size_t room = data + 8 + 4 + 4;
  auto marker = b;
  marker[room] = 'Y';
  auto m = failure(marker);
  EXPECT_EQ(m.section(), "level data: rooms");
  EXPECT_EQ(m.offset(), room);
  EXPECT_NE(m.problem().find("XELA"), std::string::npos);
  auto size = b;
  setU32(size, room + 4, 0x7FFFFFF0);
  auto s = failure(size);
  EXPECT_EQ(s.section(), "level data: rooms");
  EXPECT_NE(s.problem().find("count"), std::string::npos) << s.what();
  // The room count itself.
  auto count = b;
  setU32(count, data + 8 + 4, 0x01000000);
  EXPECT_EQ(failure(count).section(), "level data: rooms");
}

}  // namespace
}  // namespace wadsmith
