// Counts and paths as the editor and the command line word them.
#include <gtest/gtest.h>

#include "editor/progress.h"
#include "editor/words.h"

namespace wadsmith {
namespace {

TEST(Words, CountsTakeThePluralTheyNeed) {
  EXPECT_EQ(counted(1, "sample"), "1 sample");
  EXPECT_EQ(counted(0, "sample"), "0 samples");
  EXPECT_EQ(counted(2, "sample"), "2 samples");
  EXPECT_EQ(counted(1, "mesh", "meshes"), "1 mesh");
  EXPECT_EQ(counted(3, "vertex", "vertices"), "3 vertices");
}

TEST(Words, PathsAreNormalAndRelativeWhenShorter) {
  EXPECT_EQ(shownPath("/home/me/trle/wad/../sound/samples"), "/home/me/trle/sound/samples");
  EXPECT_EQ(shownPath("/home/me/trle/wad/../sound/samples", "/home/me/trle/wad/guard.WAD"), "../sound/samples");
  EXPECT_EQ(shownPath("/home/me/trle/wad/./samples/", "/home/me/trle/wad/guard.WAD"), "samples");
  // Far away, the absolute path is the shorter.
  EXPECT_EQ(shownPath("/a/samples", "/home/me/trle/wad/guard.WAD"), "/a/samples");
  EXPECT_EQ(shownPath("wad/../samples"), "samples");
}

TEST(Words, ProgressReportsOrStaysSilent) {
  std::string seen;
  Progress p([&](std::size_t done, std::size_t total, std::string_view label) {
    seen += std::to_string(done) + "/" + std::to_string(total) + " " + std::string(label) + ";";
  });
  p(0, 2, "merging");
  p(2, 2, "merging");
  EXPECT_EQ(seen, "0/2 merging;2/2 merging;");
  Progress silent;
  silent(1, 1, "nothing listens");  // no callback: nothing happens
}

}  // namespace
}  // namespace wadsmith
