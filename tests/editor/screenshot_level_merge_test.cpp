// A TR4 level opened as the destination of a merge in the window: an object from a WAD ticked in
// the Merge panel goes in as one undo step, saves into the level and is drawn from it; undoing
// the merge gives back the level's bytes.
#include <gtest/gtest.h>

#include <filesystem>

#include "io/file_io.h"
#include "tests/editor/screenshot_support.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

using namespace test::screenshot;

// A copy of TEST1.TR4 the editor may save over.
std::filesystem::path levelCopy(const std::string& name) {
  const auto path = test::scratchDir().parent_path() / name;
  std::filesystem::copy_file(test::corpusFile("tr4/TEST1.TR4"), path, std::filesystem::copy_options::overwrite_existing);
  return path;
}

// karnak's LARA_SKIN in place of the level's (the rows the panel shows first are Lara's).
std::string mergeSkin(const std::filesystem::path& level, const std::string& then) {
  return level.string() + " --source " + test::corpusFile("wad/karnak.WAD").string() +
         " --panel Merge --input 'click @M 8  LARA_SKIN  (occupied); click @Replace; click @Merge" + then + "'";
}

TEST(ScreenshotLevelMerge, AWadObjectMergedIntoALevelIsOneStepSavedAndDrawn) {
  REQUIRE_EDITOR();
  WADSMITH_REQUIRE_CORPUS(test::corpusFile("tr4/TEST1.TR4"));
  WADSMITH_REQUIRE_CORPUS(test::corpusFile("wad/karnak.WAD"));
  const auto level = levelCopy("level-merge.TR4");
  const auto before = shotWithReport(level.string() + " --select movable:8", "level-merge-before");
  const auto merged = shotWithReport(mergeSkin(level, "; key ctrl+s"), "level-merge");
  const ViewState v = stateOf(merged.report);
  EXPECT_EQ(v.edit, 1u) << merged.report;
  EXPECT_EQ(v.lastEdit, "merge 1 object from karnak.WAD");
  EXPECT_EQ(v.movables, stateOf(before.report).movables);
  EXPECT_FALSE(v.unsaved);
  // The saved level draws karnak's skin out of its own tiles.
  const auto drawn = shotWithReport(level.string() + " --select movable:8", "level-merge-drawn");
  EXPECT_EQ(stateOf(drawn.report).selected.rfind("movable 8", 0), 0u) << drawn.report;
  const Region vp = viewportOf(drawn.img);
  EXPECT_GT(differing(before.img, drawn.img, vp), 200) << "the viewport draws the merged skin";
  const auto flat = shotWithReport(level.string() + " --select movable:8 --show untextured", "level-merge-flat");
  EXPECT_GT(differing(drawn.img, flat.img, vp), 200) << "textured from the level's tiles";
}

TEST(ScreenshotLevelMerge, UndoingTheMergeGivesBackTheLevelsBytes) {
  REQUIRE_EDITOR();
  WADSMITH_REQUIRE_CORPUS(test::corpusFile("tr4/TEST1.TR4"));
  WADSMITH_REQUIRE_CORPUS(test::corpusFile("wad/karnak.WAD"));
  const auto level = levelCopy("level-merge-undo.TR4");
  const auto undone = shotWithReport(mergeSkin(level, "; key ctrl+z; key ctrl+s"), "level-merge-undo");
  EXPECT_EQ(stateOf(undone.report).edit, 0u) << undone.report;
  EXPECT_TRUE(readFileBytes(level) == readFileBytes(test::corpusFile("tr4/TEST1.TR4"))) << "the level's bytes";
}

}  // namespace
}  // namespace wadsmith
