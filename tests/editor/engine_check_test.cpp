// The final judge of a level we write: the real TR4 engine (../shared/engine: tomb4.exe with
// TRNG, run headless under wine with the level as its title level; run-level.sh takes a
// screenshot). LARA_SKIN and LARA_SKIN_JOINTS of the engine's own title level are replaced with
// karnak's: the engine must run the level without a crash report and draw Lara in the new
// outfit (the unmerged title, run first, is the control that the check tells them apart).
// Skips with the reason where wine's 32-bit part is not installed (the test installs nothing).
#include <gtest/gtest.h>

#include <array>
#include <cstdlib>
#ifndef _WIN32
#include <sys/wait.h>
#endif

#include "io/file_io.h"
#include "io/png_codec.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

std::filesystem::path engineDir() {
  const auto shared = test::sharedDir();
  return shared.empty() ? shared : shared / "engine";
}

bool haveWine32() {
#ifdef _WIN32
  return false;
#else
  return std::system("dpkg -s wine32:i386 libgl1-mesa-dri:i386 imagemagick xvfb xdotool >/dev/null 2>&1") == 0;
#endif
}

// Runs the engine on `level` and returns run-level.sh's exit code (0: alive, no crash report,
// a picture drawn).
int runEngine(const std::filesystem::path& level, const std::filesystem::path& png) {
  // The engine's copy and wine prefix in this build tree: checkouts testing at the same time
  // shared /tmp/tr4engine, and one's wine killed the other's run.
  const auto cache = std::filesystem::path(WADSMITH_BINARY).parent_path() / "tr4engine";
  const auto cmd = "TR4_CACHE=" + cache.string() + " " + (engineDir() / "run-level.sh").string() + " " + level.string() + " " + png.string() + " 25 >" +
                   (png.string() + ".log") + " 2>&1";
  const int status = std::system(cmd.c_str());
#ifdef _WIN32
  return status;
#else
  return status == -1 ? -1 : WEXITSTATUS(status);
#endif
}

// Mean colour (r, g, b) of a rectangle of a picture.
std::array<double, 3> meanColour(const imported::Image& p, int x0, int y0, int x1, int y1) {
  std::array<double, 3> sum{};
  for (int y = y0; y < y1; ++y)
    for (int x = x0; x < x1; ++x)
      for (int c = 0; c < 3; ++c) sum[c] += p.rgba[(static_cast<std::size_t>(y) * p.width + x) * 4 + c];
  for (auto& v : sum) v /= double(x1 - x0) * (y1 - y0);
  return sum;
}

// Lara's chest in the title shot: the title level's Lara wears a black top (mean colour ~7-40,
// grey-blue, however the lightning falls); karnak's wears a green top over skin (warm, ~95,85,70).
bool wearsKarnaksOutfit(const imported::Image& shot) {
  const auto c = meanColour(shot, 485, 390, 555, 460);
  return (c[0] + c[1] + c[2]) / 3 > 60 && c[0] > c[2] + 10;
}

imported::Image readPng(const std::filesystem::path& p) { return png::decode(readFileBytes(p), p.string()); }

TEST(EngineCheck, TitleLevelWithKarnaksLaraRunsAndShowsTheNewOutfit) {
  const auto title = engineDir() / "game" / "data" / "title.tr4";
  const auto karnak = test::corpusFile("wad/karnak.WAD");
  if (engineDir().empty() || !std::filesystem::exists(title)) GTEST_SKIP() << "../shared/engine is not present: skipped";
  WADSMITH_REQUIRE_CORPUS(karnak);
  if (!haveWine32())
    GTEST_SKIP() << "wine's 32-bit part is not installed (dpkg --add-architecture i386; wine32:i386 and the packages "
                    "../shared/engine/README.md names): skipped";
  const auto dir = test::scratchDir();
  const auto merged = dir / "title_karnak.tr4";
  auto r = test::runWadsmith("merge --into " + title.string() + " --from " + karnak.string() +
                             " --movable LARA_SKIN --movable LARA_SKIN_JOINTS --replace -q -o " + merged.string());
  ASSERT_EQ(r.exit, 0) << r.out;
  ASSERT_EQ(runEngine(title, dir / "title.png"), 0) << "the unmerged title level did not run: see title.png.log";
  ASSERT_EQ(runEngine(merged, dir / "merged.png"), 0) << "the engine crashed or drew nothing: see merged.png.log";
  const auto before = readPng(dir / "title.png"), after = readPng(dir / "merged.png");
  ASSERT_EQ(before.width, 1024);
  ASSERT_EQ(after.width, before.width);
  ASSERT_EQ(after.height, before.height);
  EXPECT_FALSE(wearsKarnaksOutfit(before)) << "the check does not tell the outfits apart: see title.png";
  EXPECT_TRUE(wearsKarnaksOutfit(after)) << "Lara is not drawn in karnak's outfit: see merged.png";
}

}  // namespace
}  // namespace wadsmith
