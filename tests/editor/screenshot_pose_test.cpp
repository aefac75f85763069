// Lara as the engine draws her, rendered headless (Xvfb, Mesa's software GL): LARA's skeleton
// with LARA_SKIN's meshes covers what LARA_SKIN drawn alone covers, her own placeholder meshes
// do not; the pose editor's pictures for docs/editor.md.
#include <gtest/gtest.h>

#include "tests/editor/screenshot_support.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

using namespace test::screenshot;

auto skinTone = [](int r, int g, int b) { return r > 70 && r * 10 > g * 12 && g * 10 > b * 13 && r * 10 < g * 20; };

TEST(ScreenshotPose, LaraIsDrawnWithLaraSkin) {
  REQUIRE_EDITOR();
  auto tut = test::corpusFile("wad/tut1.WAD");
  WADSMITH_REQUIRE_CORPUS(tut);
  const std::string f = tut.string();
  // The same kind of pose (standing, arms down): LARA_SKIN's own frame and LARA's idle.
  auto skin = shot(f + " --select movable:8 --animation 0 --frame 0", "skin_alone");
  auto lara = shot(f + " --select movable:0 --animation 103 --frame 0", "lara_skin");
  auto own = shot(f + " --select movable:0 --animation 103 --frame 0 --show own-meshes", "lara_own");
  const int alone = count(skin, viewportOf(skin), skinTone);
  const int swapped = count(lara, viewportOf(lara), skinTone);
  ASSERT_GT(alone, 1500);
  // The skin's meshes cover about as much as they do alone (the joints add a little; LARA's
  // taller timeline, one row per state change, leaves her a smaller picture than LARA_SKIN's).
  EXPECT_GT(swapped, alone * 6 / 10);
  EXPECT_LT(swapped, alone * 16 / 10);
  // Her own meshes are fifteen copies of a thigh: another picture.
  EXPECT_GT(differing(lara, own, viewportOf(lara)), 2000);
}

}  // namespace
}  // namespace wadsmith
