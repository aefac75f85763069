// classic -> wad2 -> classic: a WAD written as WadTool writes wad2, read back by the wad2
// reader and built into a WAD again keeps every object's meaning (tests/model/
// wad2_classic_compare.h) on the fixtures and the corpus WADs, but for what wad2 cannot say
// (a next animation or dispatch into another movable, a mesh pointer landing on no mesh, a
// next frame outside its animation): each such difference is one the conversion reported.
#include <gtest/gtest.h>

#include "io/file_io.h"
#include "io/wad2_codec.h"
#include "io/wad_files.h"
#include "model/wad2/from_classic.h"
#include "model/wad2/to_classic.h"
#include "tests/support/wad2_classic_compare.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

std::vector<std::filesystem::path> classicWads() {
  auto files = test::corpusFiles("wad", {".wad"});
  for (const char* f : {"sample.wad", "quirks.wad", "version130.wad"}) files.push_back(test::fixturesDir() / f);
  return files;
}

class ClassicThroughWad2 : public ::testing::TestWithParam<std::filesystem::path> {};

TEST_P(ClassicThroughWad2, KeepsEveryObject) {
  const WadDocument source = loadWad(GetParam());
  std::vector<std::string> notes;
  const auto bytes = writeWad2(wad2::fromClassic(source, {}, &notes));
  const auto back = wad2::toClassic(readWad2(bytes, "converted.wad2"));
  // A note explains a difference about the same object part ("movable 2 animation 3: ...").
  auto explained = [&](const std::string& diff) {
    const std::string at = diff.substr(0, diff.find(':'));
    for (const auto& n : notes)
      if (at.rfind(n.substr(0, n.find(':')), 0) == 0) return true;
    return false;
  };
  std::size_t unexplained = 0;
  for (const auto& d : test::classicDifferences(source, back.wad))
    if (!explained(d) && ++unexplained <= 20) ADD_FAILURE() << d;
  EXPECT_EQ(unexplained, 0u);
}

INSTANTIATE_TEST_SUITE_P(Wads, ClassicThroughWad2, ::testing::ValuesIn(classicWads()), [](const auto& info) {
  std::string n = info.param.filename().string();
  for (auto& c : n)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return n;
});

}  // namespace
}  // namespace wadsmith
