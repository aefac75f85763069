// `wadsmith merge` as a user runs it: the report, the files written, errors that write nothing.
#include <gtest/gtest.h>


#include "io/document_io.h"
#include "io/file_io.h"
#include "io/wad_files.h"
#include "model/names.h"
#include "model/object_view.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {


std::string fixture(const char* f) { return (test::fixturesDir() / f).string(); }

TEST(MergeCli, AllObjectsWithReportAndNames) {
  auto dir = test::scratchDir();
  auto out = (dir / "merged.wad").string();
  auto r = test::runWadsmith("merge --into " + fixture("quirks.wad") + " --from " + fixture("sample.wad") + " --all -o " + out);
  ASSERT_EQ(r.exit, 0) << r.out;
  EXPECT_NE(r.out.find("merged movable 427 as 427 ANIMATING1"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("merged static 30 as 30 ARCHITECTURE0"), std::string::npos);
  EXPECT_NE(r.out.find("texture pages: 2 before, 2 after"), std::string::npos);  // quirks.wad: a page and a partial one
  EXPECT_NE(r.out.find("sound ids the merged animations play: 71 126"), std::string::npos);
  auto doc = loadWad(out);
  auto names = objectNames(doc);
  EXPECT_EQ(names.movables.back(), "ANIMATING1");
  EXPECT_EQ(test::runWadsmith("roundtrip " + out).exit, 0);
}

TEST(MergeCli, ErrorsWriteNothing) {
  auto dir = test::scratchDir();
  auto out = dir / "x.wad";
  struct Case {
    std::string args, expect;
  } cases[] = {
      {"--movable 427", "occupied"},
      {"--movable 5", "no movable in slot 5"},
      {"--movable 427 --static 30 --as 500", "--as places exactly one object"},
      {"--movable 427 --as 427", "occupied"},
      {"", "nothing to merge"},
  };
  for (const auto& c : cases) {
    auto r = test::runWadsmith("merge --into " + fixture("sample.wad") + " --from " + fixture("sample.wad") + " " + c.args + " -o " + out.string());
    EXPECT_NE(r.exit, 0) << c.args;
    EXPECT_NE(r.out.find(c.expect), std::string::npos) << r.out;
    EXPECT_FALSE(std::filesystem::exists(out)) << c.args;
  }
}

// --as with --replace: the one object takes that slot, replacing what is there. quirks.wad's
// movable 102 has a pointer two bytes inside a mesh whose start only movable 100 points at: the
// merged file has no pointer to that start, and must still read back (io/mesh_package.cpp).
TEST(MergeCli, AsWithReplaceReplacesTheObjectInThatSlot) {
  const auto out = (test::scratchDir() / "as_replace.wad").string();
  auto r = test::runWadsmith("merge --into " + fixture("sample.wad") + " --from " + fixture("quirks.wad") +
                             " --movable 102 --as 427 --replace -o " + out);
  ASSERT_EQ(r.exit, 0) << r.out;
  EXPECT_NE(r.out.find("replaced the destination's"), std::string::npos) << r.out;
  EXPECT_EQ(test::runWadsmith("roundtrip " + out).exit, 0);
}

TEST(MergeCli, FromALevel) {
  auto dir = test::scratchDir();
  auto out = (dir / "from_level.wad").string();
  // The synthetic level's model 427 replaces the sample's ANIMATING1.
  auto r = test::runWadsmith("merge --into " + fixture("sample.wad") + " --from " + fixture("synthetic.tr4") + " --movable 427 --replace --samples " + (dir / "samples").string() + " -o " + out);
  ASSERT_EQ(r.exit, 0) << r.out;
  EXPECT_NE(r.out.find("replaced the destination's"), std::string::npos);
  auto doc = loadWad(out);
  ObjectView v(doc.objects);
  auto m = v.findMovable(427);
  ASSERT_TRUE(m);
  EXPECT_EQ(v.meshCount(*m), 2u);
  EXPECT_EQ(v.animationRange(*m).second - v.animationRange(*m).first, 1u);
  EXPECT_EQ(test::runWadsmith("roundtrip " + out).exit, 0);
}

TEST(MergeCli, WasLinePositionNamesReplaceAndLevelNotes) {
  auto dir = test::scratchDir();
  auto out = (dir / "a.wad").string();
  // ANIMATING1 (427) goes between slot 103 and the DEFAULT_SPRITES line of quirks.was.
  auto r = test::runWadsmith("merge --into " + fixture("quirks.wad") + " --from " + fixture("sample.wad") + " --movable 427 -o " + out);
  ASSERT_EQ(r.exit, 0) << r.out;
  auto doc = loadWad(out);
  ASSERT_TRUE(doc.was);
  EXPECT_EQ(doc.was->lines[4].name(), "ANIMATING1");
  EXPECT_EQ(doc.was->lines[5].name(), "DEFAULT_SPRITES");
  // A movable named by its slot name, placed under another slot: the standard name follows.
  auto as = test::runWadsmith("merge --into " + fixture("sample.wad") + " --from " + fixture("sample.wad") +
                " --movable ANIMATING1 --as 429 -o " + out);
  ASSERT_EQ(as.exit, 0) << as.out;
  EXPECT_NE(as.out.find("as 429 ANIMATING2"), std::string::npos) << as.out;
  // Everything replaced by itself: the same objects, the same size.
  auto replace = test::runWadsmith("merge --into " + fixture("sample.wad") + " --from " + fixture("sample.wad") + " --all --replace -o " + out);
  ASSERT_EQ(replace.exit, 0) << replace.out;
  EXPECT_EQ(readFileBytes(out).size(), readFileBytes(fixture("sample.wad")).size());
  // From a level: what the extraction could not keep is noted for the merged objects.
  auto level = test::runWadsmith("merge --into " + fixture("quirks.wad") + " --from " + fixture("synthetic.tr4") + " --movable 427 --samples " +
                                 (dir / "samples").string() + " -o " + out);
  ASSERT_EQ(level.exit, 0) << level.out;
  EXPECT_NE(level.out.find("note: "), std::string::npos) << level.out;
}

}  // namespace
}  // namespace wadsmith
