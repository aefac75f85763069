// write(read(bytes)) == bytes for every fixture and every corpus WAD.
#include <gtest/gtest.h>

#include "io/file_io.h"
#include "io/wad_codec.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

std::vector<std::filesystem::path> allWads() {
  auto files = test::corpusFiles("wad", {".wad"});
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(test::fixturesDir(), ec)) {
    std::string ext = e.path().extension().string();
    if (ext == ".wad" || ext == ".WAD") files.push_back(e.path());
  }
  return files;
}

class WadRoundTrip : public ::testing::TestWithParam<std::filesystem::path> {};

TEST_P(WadRoundTrip, WritesIdenticalBytes) {
  auto bytes = readFileBytes(GetParam());
  auto out = writeWad(readWad(bytes, GetParam().string()));
  long diff = test::firstDifference(bytes, out);
  if (diff >= 0) {
    std::string section = "?";
    for (const auto& s : wadSectionSpans(bytes))
      if (static_cast<std::uint64_t>(diff) >= s.begin && static_cast<std::uint64_t>(diff) < s.end) section = s.name;
    FAIL() << GetParam() << " differs first at byte " << diff << " (section " << section << "), sizes "
           << bytes.size() << " vs " << out.size();
  }
}

INSTANTIATE_TEST_SUITE_P(AllFiles, WadRoundTrip, ::testing::ValuesIn(allWads()),
                         [](const auto& info) {
                           std::string n = info.param.filename().string();
                           for (auto& c : n)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return n;
                         });

TEST(WadRoundTripCorpus, CorpusIsPresentOrSkipped) {
  if (test::sharedDir().empty()) GTEST_SKIP() << "../shared not present: corpus round trips skipped";
  EXPECT_GE(test::corpusFiles("wad", {".wad"}).size(), 1u);
}

}  // namespace
}  // namespace wadsmith
