// The final judge of a level we write: the real TR4 engine (../shared/engine: tomb4.exe with
// TRNG, run headless under wine with the level as its title level; run-level.sh takes a
// screenshot). LARA_SKIN and LARA_SKIN_JOINTS of the engine's own title level are replaced with
// karnak's, and one of the gates the title shows (DOOR_TYPE2) with karnak's BADDY_2: the engine
// must run the level without a crash report, draw Lara in the new outfit and the enemy where the
// gate's item stands (the unmerged title, run first, is the control that the checks tell apart).
// Skips with the reason where wine's 32-bit part is not installed (the test installs nothing).
#include <gtest/gtest.h>

#include <array>
#include <cstdlib>
#ifndef _WIN32
#include <sys/wait.h>
#endif

#include "io/file_io.h"
#include "io/level_codec.h"
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
  const auto cache = std::filesystem::path(test::wadsmithBinary()).parent_path() / "tr4engine";
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

// Lara's chest in the title shot: the title level's Lara wears a black top (darker than the
// picture's mean, grey-blue); karnak's a green top over skin (brighter than the mean, warm). Both
// relative to the whole picture, since the title fades to near black now and then.
bool wearsKarnaksOutfit(const imported::Image& shot) {
  const auto c = meanColour(shot, 485, 390, 555, 460), all = meanColour(shot, 0, 0, shot.width, shot.height);
  return c[0] + c[1] + c[2] > 1.3 * (all[0] + all[1] + all[2]) && c[0] > 1.15 * c[2];
}

// Karnak's BADDY_2 wears a red turban and red trims; the title's fog and gates there are grey-blue.
// The share of strongly red pixels where the moved gate item stands, right of Lara.
double redShareRightOfLara(const imported::Image& p) {
  int red = 0, all = 0;
  for (int y = 250; y < 700; ++y)
    for (int x = 720; x < 1000; ++x, ++all) {
      const auto* px = &p.rgba[(static_cast<std::size_t>(y) * p.width + x) * 4];
      red += px[0] > 12 && px[0] > 1.8 * px[1] && px[0] > 1.8 * px[2];  // a hue, kept in a faded picture
    }
  return double(red) / all;
}

// The title's gate items stand at their hinges, off camera and 1024 units below Lara's floor;
// the merge keeps items as they are, so the test moves the replaced gate's item into the shot
// (beside Lara, on her floor, facing the camera) to see what the engine draws for the new model.
void moveGateIntoTheShot(const std::filesystem::path& level) {
  auto doc = readLevel(readFileBytes(level), level.filename().string());
  auto data = *doc.data;
  auto entities = *data.entities;
  int moved = 0;
  for (auto& e : entities)
    if (e.typeId == 323) e.x = 37376 - 450, e.y = -1024, e.z = 72700, e.angle = 0, ++moved;
  ASSERT_EQ(moved, 1) << "the title level has one DOOR_TYPE2 item";
  data.entities = share<std::vector<Entity>>(std::move(entities));
  doc.data = share<LevelData>(std::move(data));
  writeFileAtomic(level, writeLevel(doc));
}

imported::Image readPng(const std::filesystem::path& p) { return png::decode(readFileBytes(p), p.string()); }

TEST(EngineCheck, TitleLevelWithKarnaksLaraAndAnEnemyRunsAndShowsThem) {
  const auto title = engineDir() / "game" / "data" / "title.tr4";
  const auto karnak = test::corpusFile("wad/karnak.WAD");
  if (engineDir().empty() || !std::filesystem::exists(title)) GTEST_SKIP() << "../shared/engine is not present: skipped";
  WADSMITH_REQUIRE_CORPUS(karnak);
  if (!haveWine32())
    GTEST_SKIP() << "wine's 32-bit part is not installed (dpkg --add-architecture i386; wine32:i386 and the packages "
                    "../shared/engine/README.md names): skipped";
  const auto dir = test::scratchDir();
  const auto outfit = dir / "title_karnak.tr4", merged = dir / "title_karnak_baddy.tr4";
  auto r = test::runWadsmith("merge --into " + title.string() + " --from " + karnak.string() +
                             " --movable LARA_SKIN --movable LARA_SKIN_JOINTS --replace -q -o " + outfit.string());
  ASSERT_EQ(r.exit, 0) << r.out;
  r = test::runWadsmith("merge --into " + outfit.string() + " --from " + karnak.string() + " --movable BADDY_2 --as DOOR_TYPE2 --replace -q -o " +
                        merged.string());
  ASSERT_EQ(r.exit, 0) << r.out;
  moveGateIntoTheShot(merged);
  ASSERT_EQ(runEngine(title, dir / "title.png"), 0) << "the unmerged title level did not run: see title.png.log";
  ASSERT_EQ(runEngine(merged, dir / "merged.png"), 0) << "the engine crashed or drew nothing: see merged.png.log";
  const auto before = readPng(dir / "title.png"), after = readPng(dir / "merged.png");
  ASSERT_EQ(before.width, 1024);
  ASSERT_EQ(after.width, before.width);
  ASSERT_EQ(after.height, before.height);
  EXPECT_FALSE(wearsKarnaksOutfit(before)) << "the check does not tell the outfits apart: see title.png";
  EXPECT_TRUE(wearsKarnaksOutfit(after)) << "Lara is not drawn in karnak's outfit: see merged.png";
  EXPECT_LT(redShareRightOfLara(before), 0.01) << "the check does not tell the enemy from the fog: see title.png";
  EXPECT_GT(redShareRightOfLara(after), 0.05) << "karnak's BADDY_2 is not drawn where the gate's item stands: see merged.png";
}

}  // namespace
}  // namespace wadsmith
