// See before you bring, in the window: the object ticked in the Merge panel is drawn in the
// viewport (textured, playing its first animation) before anything is merged.
#include <gtest/gtest.h>

#include <filesystem>

#include "tests/editor/screenshot_support.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

using namespace test::screenshot;

std::string mergePanel(const std::string& input, const std::string& more = "") {
  return (test::fixturesDir() / "sample.wad").string() + " --select movable:427 --source " +
         (test::fixturesDir() / "quirks.wad").string() + " --panel Merge" + more + (input.empty() ? "" : " --input '" + input + "'");
}

TEST(ScreenshotPreview, TheTickedSourceObjectIsDrawnBeforeItIsMerged) {
  REQUIRE_EDITOR();
  const std::string tick = "click @M 100  MOVABLE_100";
  const auto before = shotWithReport(mergePanel(""), "preview-none");
  const auto shown = shotWithReport(mergePanel(tick), "preview-shown");
  EXPECT_EQ(before.report.find("\npreview: "), std::string::npos) << before.report;
  EXPECT_NE(shown.report.find("\npreview: MOVABLE_100 from quirks.wad as movable 100 frame 0\n"), std::string::npos)
      << shown.report;
  const ViewState v = stateOf(shown.report);
  EXPECT_EQ(v.edit, 0u) << "nothing merged";
  EXPECT_EQ(v.selected.rfind("movable 427", 0), 0u) << "the document's selection stays";
  const Region vp = viewportOf(shown.img);
  EXPECT_GT(differing(before.img, shown.img, vp), 500) << "the viewport draws the source's object";
  // Textured: the same preview untextured differs.
  const auto flat = shotWithReport(mergePanel(tick, " --show untextured"), "preview-untextured");
  EXPECT_GT(differing(shown.img, flat.img, vp), 200) << "the preview is textured";
  // Playing: its first animation's frames advance.
  const auto played = shotWithReport(mergePanel(tick, " --play --frames 40"), "preview-play");
  const std::string line = "\npreview: MOVABLE_100 from quirks.wad as movable 100 frame ";
  const auto at = played.report.find(line);
  ASSERT_NE(at, std::string::npos) << played.report;
  EXPECT_GT(std::stof(played.report.substr(at + line.size())), 0.0f) << played.report;
}

// Merging and saving run under the progress bar (what it showed is in the report).
TEST(ScreenshotPreview, MergeAndSaveShowProgress) {
  REQUIRE_EDITOR();
  const auto wad = test::scratchDir().parent_path() / "progress-sample.wad";
  std::filesystem::copy_file(test::fixturesDir() / "sample.wad", wad, std::filesystem::copy_options::overwrite_existing);
  const auto s = shotWithReport(wad.string() + " --source " + (test::fixturesDir() / "quirks.wad").string() +
                                    " --panel Merge --input 'click @M 100  MOVABLE_100; click @Merge; key ctrl+s'",
                                "progress-merge");
  EXPECT_NE(s.report.find("\nprogress: Merging 1 object from quirks.wad\n"), std::string::npos) << s.report;
  EXPECT_NE(s.report.find("\nprogress: Saving progress-sample.wad\n"), std::string::npos) << s.report;
  EXPECT_EQ(stateOf(s.report).lastEdit, "merge 1 object from quirks.wad") << s.report;
}

}  // namespace
}  // namespace wadsmith
