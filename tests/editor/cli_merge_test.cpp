// `wadsmith merge`, run as a user would run it.
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <cstdio>

#include "io/file_io.h"
#include "io/wad_codec.h"
#include "io/wad_files.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

struct Result {
  int exit = -1;
  std::string out;
};

Result wadsmith(const std::string& args) {
  std::string cmd = std::string(WADSMITH_BINARY) + " " + args + " 2>&1";
  Result r;
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return r;
  char buf[4096];
  std::size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
  int status = pclose(p);
  r.exit = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

std::string fixture(const std::string& name) { return (test::fixturesDir() / name).string(); }

TEST(MergeCliMore, MergesReportsAndWritesTheWas) {
  auto dir = test::scratchDir();
  auto out = (dir / "merged.wad").string();
  auto r = wadsmith("merge --into " + fixture("quirks.wad") + " --from " + fixture("sample.wad") +
                    " --movable 427 --static 30 -o " + out);
  ASSERT_EQ(r.exit, 0) << r.out;
  EXPECT_NE(r.out.find("merged movable 427 as 427 ANIMATING1"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("texture pages: 2 before, 2 after"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("packing efficiency"), std::string::npos);
  EXPECT_NE(r.out.find("sound ids the merged animations play: 71 126"), std::string::npos) << r.out;
  auto doc = loadWad(out);
  EXPECT_EQ(doc.objects.movables->size(), 5u);
  ASSERT_TRUE(doc.was);
  EXPECT_EQ(doc.was->lines[4].name(), "ANIMATING1");
  EXPECT_EQ(writeWad(doc), readFileBytes(out));
}

TEST(MergeCliMore, NothingIsWrittenOnError) {
  auto dir = test::scratchDir();
  auto out = dir / "merged.wad";
  auto occupied = wadsmith("merge --into " + fixture("sample.wad") + " --from " + fixture("sample.wad") +
                           " --movable 427 -o " + out.string());
  EXPECT_NE(occupied.exit, 0);
  EXPECT_NE(occupied.out.find("--replace"), std::string::npos) << occupied.out;
  EXPECT_FALSE(std::filesystem::exists(out));
  auto twoAs = wadsmith("merge --into " + fixture("sample.wad") + " --from " + fixture("quirks.wad") +
                        " --movable 100 --movable 102 --as 7 -o " + out.string());
  EXPECT_NE(twoAs.exit, 0);
  auto missing = wadsmith("merge --into " + fixture("sample.wad") + " --from " + fixture("quirks.wad") +
                          " --static 99 -o " + out.string());
  EXPECT_NE(missing.exit, 0);
  EXPECT_NE(missing.out.find("no static in slot 99"), std::string::npos) << missing.out;
  EXPECT_FALSE(std::filesystem::exists(out));
}

TEST(MergeCliMore, ReplaceAsAndLevels) {
  auto dir = test::scratchDir();
  auto out = (dir / "a.wad").string();
  auto as = wadsmith("merge --into " + fixture("sample.wad") + " --from " + fixture("sample.wad") +
                     " --movable ANIMATING1 --as 429 -o " + out);
  ASSERT_EQ(as.exit, 0) << as.out;
  EXPECT_NE(as.out.find("as 429 ANIMATING2"), std::string::npos) << as.out;
  auto replace = wadsmith("merge --into " + fixture("sample.wad") + " --from " + fixture("sample.wad") +
                          " --all --replace -o " + out);
  ASSERT_EQ(replace.exit, 0) << replace.out;
  EXPECT_EQ(readFileBytes(out).size(), readFileBytes(fixture("sample.wad")).size());
  auto level = wadsmith("merge --into " + fixture("quirks.wad") + " --from " + fixture("synthetic.tr4") +
                        " --movable 427 -o " + out);
  ASSERT_EQ(level.exit, 0) << level.out;
  EXPECT_NE(level.out.find("extracted faces"), std::string::npos) << level.out;
}

}  // namespace
}  // namespace wadsmith
