// write(read(bytes)) == bytes for every wad2 fixture and corpus file; and the writer, given no
// kept bytes at all, writes every corpus file as WadTool did (so an edit changes only the
// chunks it touches).
#include <gtest/gtest.h>

#include "io/file_io.h"
#include "io/wad2_codec.h"
#include "tests/io/wad2_test_support.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

class Wad2RoundTrip : public ::testing::TestWithParam<std::filesystem::path> {};

TEST_P(Wad2RoundTrip, WritesIdenticalBytes) {
  const auto bytes = readFileBytes(GetParam());
  const auto out = writeWad2(readWad2(bytes, GetParam().string()));
  const long diff = test::firstDifference(bytes, out);
  EXPECT_LT(diff, 0) << GetParam() << " differs first at byte " << diff << " (" << test::wad2ChunkAt(bytes, diff)
                     << "), sizes " << bytes.size() << " vs " << out.size();
}

// Without the kept chunks the writer encodes every record itself: what TombLib's writer
// writes, byte for byte, for the files WadTool wrote (the fixture with old variants and an
// unknown chunk keeps what no writer makes now, so it is left out).
TEST_P(Wad2RoundTrip, EncoderAloneWritesWhatWadToolWrote) {
  const auto bytes = readFileBytes(GetParam());
  if (GetParam().filename().string().find("quirks") != std::string::npos) GTEST_SKIP() << "old variants";
  auto doc = readWad2(bytes, GetParam().string());
  test::forgetKeptBytes(doc);
  const auto out = writeWad2(doc);
  const long diff = test::firstDifference(bytes, out);
  EXPECT_LT(diff, 0) << GetParam() << " differs first at byte " << diff << " (" << test::wad2ChunkAt(bytes, diff)
                     << "), sizes " << bytes.size() << " vs " << out.size();
}

INSTANTIATE_TEST_SUITE_P(AllFiles, Wad2RoundTrip, ::testing::ValuesIn(test::wad2Files()),
                         [](const auto& info) { return test::testName(info.param); });

TEST(Wad2RoundTripCorpus, CorpusIsPresentOrSkipped) {
  if (test::sharedDir().empty()) GTEST_SKIP() << "../shared not present: corpus round trips skipped";
  EXPECT_GE(test::corpusFiles("wad2", {".wad2"}).size(), 18u);
}

}  // namespace
}  // namespace wadsmith
