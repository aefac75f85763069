// The Animation panel's "Import from 3D file..." in the window (Xvfb, software GL): a GLB of
// LARA exported from tut1.WAD, opened as the Merge panel's source (the file dialog starts at it),
// goes in as one undo step, appended as a new animation or over the selected one, and saves.
#include <gtest/gtest.h>

#include <filesystem>

#include "io/document_io.h"
#include "model/object_view.h"
#include "tests/editor/screenshot_support.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

using namespace test::screenshot;

struct Files {
  std::filesystem::path wad, glb;
  std::size_t animations = 0;  // LARA's, before the import
};

std::size_t animationsOf(const std::filesystem::path& wad) {
  const Document d = loadDocument(wad);
  const ObjectView v(objectsOf(d));
  return v.animationRange(0).second - v.animationRange(0).first;
}

// A copy of tut1.WAD the editor may save over, and a GLB of its LARA (animation 0 first).
Files setup(const std::string& name) {
  Files s;
  s.wad = test::scratchDir() / (name + ".WAD");
  std::filesystem::copy_file(test::corpusFile("wad/tut1.WAD"), s.wad, std::filesystem::copy_options::overwrite_existing);
  s.glb = test::scratchDir() / "lara.glb";
  if (!std::filesystem::exists(s.glb)) {
    const auto r = test::runWadsmith("export " + s.wad.string() + " --movable LARA -o " + s.glb.string());
    EXPECT_EQ(r.exit, 0) << r.out;
  }
  s.animations = animationsOf(s.wad);
  return s;
}

std::string importing(const Files& s, const std::string& options) {
  return s.wad.string() + " --select movable:0 --animation 103 --source " + s.glb.string() + " --panel Animation --input 'wheel 1060,400 -40; " + options +
         "click @Import from 3D file...; click @Open; key ctrl+s'";
}

std::vector<Keyframe> keyframesOf(const std::filesystem::path& wad, std::size_t animation) {
  const Document d = loadDocument(wad);
  const ObjectView v(objectsOf(d));
  return v.keyframes(v.animationRange(0).first + animation, 15);
}

// The same root offsets, keyframe for keyframe (the angles are the file's, in words of the
// replaced keyframes' forms).
bool sameOffsets(const std::vector<Keyframe>& a, const std::vector<Keyframe>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t k = 0; k < a.size(); ++k)
    if (!(a[k].offset == b[k].offset)) return false;
  return true;
}

// The same words: offsets and rotations.
bool samePoses(const std::vector<Keyframe>& a, const std::vector<Keyframe>& b) {
  if (!sameOffsets(a, b)) return false;
  for (std::size_t k = 0; k < a.size(); ++k)
    for (std::size_t i = 0; i < a[k].rotations.size(); ++i)
      if (a[k].rotations[i].x != b[k].rotations[i].x || a[k].rotations[i].y != b[k].rotations[i].y || a[k].rotations[i].z != b[k].rotations[i].z)
        return false;
  return true;
}

// The import clicked through (`options`: clicks before it), one undo step, saved.
ViewState imported(const Files& s, const std::string& options, const std::string& name) {
  const auto shot = shotWithReport(importing(s, options), name);
  const ViewState v = stateOf(shot.report);
  EXPECT_EQ(v.edit, 1u) << shot.report;
  EXPECT_FALSE(v.unsaved);
  return v;
}

TEST(ScreenshotAnimImport, AppendedAsOneStepAndSaved) {
  REQUIRE_EDITOR();
  const auto tut = test::corpusFile("wad/tut1.WAD");
  WADSMITH_REQUIRE_CORPUS(tut);
  const Files s = setup("appended");
  const std::size_t before = s.animations;
  const ViewState v = imported(s, "", "anim-import-append");
  EXPECT_EQ(v.lastEdit, "movable 0: the first animation of lara.glb as new animations (each looping to itself)");
  EXPECT_EQ(v.selected, "movable 0 animation " + std::to_string(before) + " frame 0") << "the new animation is selected";
  ASSERT_EQ(animationsOf(s.wad), before + 1);
  EXPECT_TRUE(samePoses(keyframesOf(s.wad, before), keyframesOf(tut, 0)));
}

TEST(ScreenshotAnimImport, OverTheSelectedAnimation) {
  REQUIRE_EDITOR();
  const auto tut = test::corpusFile("wad/tut1.WAD");
  WADSMITH_REQUIRE_CORPUS(tut);
  const Files s = setup("replaced");
  EXPECT_EQ(imported(s, "click @over the selected; ", "anim-import-replace").lastEdit,
            "movable 0: the first animation of lara.glb over animation 103 on");
  EXPECT_EQ(animationsOf(s.wad), s.animations);
  EXPECT_FALSE(sameOffsets(keyframesOf(tut, 103), keyframesOf(tut, 0)));
  EXPECT_TRUE(sameOffsets(keyframesOf(s.wad, 103), keyframesOf(tut, 0))) << "animation 103 is the file's first now";
}

}  // namespace
}  // namespace wadsmith
