// `wadsmith merge --from` another engine's file as a user runs it: models by name or index,
// --as or the first free slot, the conversion options, the converter's and builder's notes in
// the report; corrupt or unsuitable sources fail with a located message and write nothing.
#include <gtest/gtest.h>

#include "io/file_io.h"
#include "io/wad_files.h"
#include "model/object_view.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

std::string fixture(const char* f) { return (test::fixturesDir() / f).string(); }

TEST(ForeignMergeCli, EverQuestCharacterTakesTheFirstFreeAnimatingSlot) {
  const auto dir = test::scratchDir();
  auto out = (dir / "tiny.wad").string();
  auto r = test::runWadsmith("merge --into " + fixture("sample.wad") + " --from " + fixture("foreign_eq.s3d") + " --movable tiny -o " + out);
  ASSERT_EQ(r.exit, 0) << r.out;
  EXPECT_NE(r.out.find("merged movable tiny as 429 ANIMATING2: 3 meshes"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("note: EverQuest axes"), std::string::npos) << r.out;              // the converter's notes
  EXPECT_NE(r.out.find("rotation words off by at most"), std::string::npos) << r.out;      // the builder's measure
  EXPECT_NE(r.out.find("cut from their image as they are"), std::string::npos) << r.out;
  EXPECT_EQ(test::runWadsmith("roundtrip " + out).exit, 0);
  auto v = test::runWadsmith("validate " + out + " --strict --samples " + (test::fixturesDir() / "samples").string());
  EXPECT_EQ(v.exit, 0) << v.out;
  auto doc = loadWad(out);
  ObjectView view(doc.objects);
  auto m = view.findMovable(429);
  ASSERT_TRUE(m);
  EXPECT_EQ(view.meshCount(*m), 3u);
  // The .WAS names where it came from.
  auto was = readFileBytes(dir / "tiny.was");
  EXPECT_NE(std::string(was.begin(), was.end()).find("ANIMATING2:" + fixture("foreign_eq.s3d") + " TINY_ACTORDEF"), std::string::npos);
}

TEST(ForeignMergeCli, OptionsAndSlots) {
  auto dir = test::scratchDir();
  // --as, the scale, and a static of a map.
  auto a = (dir / "a.wad").string();
  auto r = test::runWadsmith("merge --into " + fixture("sample.wad") + " --from " + fixture("foreign_bones.mdl") +
                             " --movable 0 --as ANIMATING5 --scale 20 --fps 15 -o " + a);
  ASSERT_EQ(r.exit, 0) << r.out;
  EXPECT_NE(r.out.find("merged movable 0 as 435 ANIMATING5"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("20.00 TR units per quant"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("15.00 frames per second"), std::string::npos) << r.out;
  auto b = (dir / "b.wad").string();
  r = test::runWadsmith("merge --into " + a + " --from " + fixture("foreign_map.wmp") + " --static all --static object1 -o " + b);
  ASSERT_EQ(r.exit, 0) << r.out;
  EXPECT_NE(r.out.find("merged static all as 0 PLANT0"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("merged static object1 as 1 PLANT1"), std::string::npos) << r.out;
  // An MDL frame as a static, the scale the user chose.
  auto c = (dir / "c.wad").string();
  r = test::runWadsmith("merge --into " + fixture("sample.wad") + " --from " + fixture("foreign_mdl3.mdl") +
                        " --static 0 --frame 1 --as 12 -o " + c);
  ASSERT_EQ(r.exit, 0) << r.out;
  EXPECT_NE(r.out.find("static from frame 1"), std::string::npos) << r.out;
  EXPECT_EQ(test::runWadsmith("validate " + b + " " + c + " --strict --samples " + (test::fixturesDir() / "samples").string()).exit, 0);
}

TEST(ForeignMergeCli, ErrorsWriteNothing) {
  auto dir = test::scratchDir();
  auto out = dir / "x.wad";
  auto cut = readFileBytes(test::fixturesDir() / "foreign_bones.mdl");
  cut.resize(200);
  writeFileAtomic(dir / "cut.mdl", cut);
  auto pfs = readFileBytes(test::fixturesDir() / "foreign_eq.s3d");
  pfs.resize(pfs.size() / 2);
  writeFileAtomic(dir / "cut.s3d", pfs);
  struct Case {
    std::string args, expect;
  } cases[] = {
      {"--from " + fixture("foreign_eq.s3d") + " --movable NOBODY", "no movable \"NOBODY\"; movables: TINY_ACTORDEF"},
      {"--from " + fixture("foreign_eq.s3d") + " --movable TINY --as 427", "movable 427 (ANIMATING1) is occupied"},
      {"--from " + fixture("foreign_eq.s3d") + " --all", "--all: name the models"},
      {"--from " + fixture("foreign_eq.s3d") + " --movable TINY --static CRATE --as 12", "--as places exactly one object"},
      {"--from " + fixture("foreign_eq.s3d") + " --movable TINY --scale 0", "--scale: Value 0 not in range"},
      {"--from " + fixture("foreign_eq.s3d") + " --movable TINY --scale 100000", "outside TR's 16-bit range"},
      {"--from " + fixture("sample.wad") + " --movable 427 --as 429 --scale 2", "convert another engine's models"},
      {"--from " + (dir / "cut.mdl").string() + " --movable 0", "cut.mdl: section triangles at byte 168"},
      {"--from " + (dir / "cut.s3d").string() + " --movable TINY", "cut.s3d: section"},
  };
  for (const auto& c : cases) {
    auto r = test::runWadsmith("merge --into " + fixture("sample.wad") + " " + c.args + " -o " + out.string());
    EXPECT_NE(r.exit, 0) << c.args << "\n" << r.out;
    EXPECT_NE(r.out.find(c.expect), std::string::npos) << c.args << "\n" << r.out;
    EXPECT_FALSE(std::filesystem::exists(out)) << c.args;
  }
}

}  // namespace
}  // namespace wadsmith
