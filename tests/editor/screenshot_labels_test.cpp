// The editor at a laptop's 1280x720 and at a 1.5x monitor's 1920x1080: every tab, window title
// and recorded line shows its whole label. The editor writes each label it drew with the width
// it got and the width it needed (`--labels`), so the check reads widths, not pixels.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <set>

#include "editor/gui/panel_names.h"
#include "editor/version.h"
#include "io/file_io.h"
#include "tests/editor/screenshot_support.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

using namespace test::screenshot;

struct Drawn {
  std::string report;
  nlohmann::json labels;
};

Drawn drawn(const std::string& args, const std::string& name) {
  const auto json = test::scratchDir() / (name + ".labels.json");
  std::filesystem::remove(json);
  Drawn d;
  d.report = shotWithReport(args + " --labels " + json.string(), name).report;
  const auto bytes = readFileBytes(json);
  d.labels = nlohmann::json::parse(bytes.begin(), bytes.end());
  return d;
}

// tut1.WAD (a whole TRLE set, its samples in ../samples) when the corpus is there, else the sample; with an
// animated movable selected, so the animation panels show their help lines.
std::string file() {
  const auto tut1 = test::corpusFile("wad/tut1.WAD");
  if (std::filesystem::exists(tut1)) return tut1.string() + " --select movable:0";
  return (test::fixturesDir() / "sample.wad").string() + " --select movable:427";
}

// Each group of the tools column shown once (its second row of tabs is drawn with it): every
// label drawn is whole, and every panel's tab was among them.
void expectEveryLabelFits(const std::string& size, const std::string& scale) {
  std::set<std::string> tabs;
  for (const auto& group : gui::panel::kRightGroups) {
    const std::string name = std::string("labels-") + group.panels[0] + "-" + size + "-" + scale;
    // The Merge panel with a TR4 WAD open as its source: its options, the sounds' choice among them.
    const std::string source =
        group.name == std::string(gui::panel::kMerge) ? " --source " + (test::fixturesDir() / "quirks.wad").string() : "";
    const Drawn d = drawn(file() + " --size " + size + " --ui-scale " + scale + " --panel \"" + group.panels[0] + "\"" + source, name);
    ASSERT_FALSE(d.labels.empty()) << d.report;
    for (const auto& l : d.labels) {
      const std::string label = l["label"];
      EXPECT_GE(l["got"].get<float>() + 0.5f, l["needed"].get<float>())
          << l["kind"].get<std::string>() << " \"" << label << "\" is cut at " << size << " (" << name << ")";
      if (l["kind"] == "tab") tabs.insert(label);
    }
  }
  for (const auto& group : gui::panel::kRightGroups) {
    EXPECT_TRUE(tabs.count(group.name)) << group.name;
    for (const char* p : group.panels)
      if (p) {
        EXPECT_TRUE(tabs.count(p)) << p << " was never drawn as a tab";
      }
  }
  for (const char* p : gui::panel::kBottomTabs) EXPECT_TRUE(tabs.count(p)) << p;
}

TEST(ScreenshotLabels, EveryLabelFitsAt1280x720) {
  REQUIRE_EDITOR();
  expectEveryLabelFits("1280x720", "1");
}

// A 1.5x monitor: the same 1280x720 of layout in 1920x1080 pixels, fonts and sizes scaled.
TEST(ScreenshotLabels, EveryLabelFitsAtContentScale1_5) {
  REQUIRE_EDITOR();
  expectEveryLabelFits("1920x1080", "1.5");
}

// The check can fail: a window too small for the status bar's line reports it cut.
TEST(ScreenshotLabels, ACutLabelIsReported) {
  REQUIRE_EDITOR();
  const Drawn d = drawn(file() + " --size 640x480 --ui-scale 2", "labels-cut");
  bool cut = false;
  for (const auto& l : d.labels) cut |= l["got"].get<float>() + 0.5f < l["needed"].get<float>();
  EXPECT_TRUE(cut) << d.labels.dump();
}

TEST(ScreenshotLabels, AboutBoxShowsTheBuildsVersion) {
  REQUIRE_EDITOR();
  const Drawn d = drawn(file() + " --input 'click @Help; click @About WadSmith'", "about");
  bool shown = false;
  for (const auto& l : d.labels) shown |= l["label"] == std::string("WadSmith ") + kVersion;
  EXPECT_TRUE(shown) << d.labels.dump();
  EXPECT_STRNE(kVersion, "");
}

TEST(ScreenshotLabels, OpeningAFileShowsProgress) {
  REQUIRE_EDITOR();
  const auto dir = test::fixturesDir();
  const auto s = shotWithReport((dir / "sample.wad").string() + " --input 'key ctrl+o; click @quirks.wad; click @Open'", "open-progress");
  EXPECT_NE(s.report.find("\nprogress: Opening quirks.wad\n"), std::string::npos) << s.report;
  EXPECT_EQ(stateOf(s.report).movables, 4u) << s.report;
}

}  // namespace
}  // namespace wadsmith
