// The Sounds panel, the Commands panel's play buttons and the Sprites view in the real editor
// under Xvfb: clicks through the editor's input path, playback through SDL's "disk" audio
// driver (the samples land in a file), and an editor that starts and edits without any audio
// device.
#include <gtest/gtest.h>

#include <algorithm>

#include "io/file_io.h"
#include "io/samples_folder.h"
#include "tests/editor/screenshot_support.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

using namespace test::screenshot;

std::string sample() { return (test::fixturesDir() / "sample.wad").string(); }

// SDL's disk driver writes what plays into a file, as fast as it can.
std::string diskAudio(const std::filesystem::path& file) {
  return "SDL_AUDIODRIVER=disk SDL_DISKAUDIOFILE=" + file.string() + " SDL_DISKAUDIODELAY=0 ";
}

bool contains(const std::vector<std::uint8_t>& hay, std::span<const std::uint8_t> needle) {
  return !needle.empty() && std::search(hay.begin(), hay.end(), needle.begin(), needle.end()) != hay.end();
}

TEST(ScreenshotSounds, PlayingASamplePlaysItsWav) {
  REQUIRE_EDITOR();
  const auto raw = test::scratchDir() / "played.raw";
  auto s = shotWithReport(sample() + " --panel Sounds --input 'click @0  LARA_FEET  (2 samples); click @Play'", "sounds-play",
                          diskAudio(raw));
  EXPECT_NE(s.report.find("\nsounds: playing tone_low.wav (22050 Hz, 0.25 s) on disk"), std::string::npos) << s.report;
  const auto wav = readFileBytes(test::fixturesDir() / "samples" / "tone_low.wav");
  const auto audio = parseWav(wav);
  ASSERT_TRUE(audio);
  ASSERT_TRUE(std::filesystem::exists(raw));
  EXPECT_TRUE(contains(readFileBytes(raw), audio->data.subspan(0, 2000))) << "the tone's samples reached the device";
}

TEST(ScreenshotSounds, TheCommandsPanelPlaysAPlaySound) {
  REQUIRE_EDITOR();
  const auto raw = test::scratchDir() / "played.raw";
  auto s = shotWithReport(sample() + " --select movable:427 --animation 1 --panel Commands --input 'click @Play'", "commands-play",
                          diskAudio(raw));
  EXPECT_NE(s.report.find("\nsounds: playing swoosh.wav"), std::string::npos) << s.report;
}

// No audio device at all (CI, Xvfb): the editor starts, says so when asked to play, and edits.
TEST(ScreenshotSounds, WorksWithoutAnAudioDevice) {
  REQUIRE_EDITOR();
  auto s = shotWithReport(sample() + " --panel Sounds --input 'click @0  LARA_FEET  (2 samples); click @Play; drag left @Volume 40,0'",
                          "sounds-no-device", "SDL_AUDIODRIVER=no_such_driver ");
  EXPECT_NE(s.report.find("\nsounds: no audio device: "), std::string::npos) << s.report;
  const auto state = stateOf(s.report);
  EXPECT_EQ(state.edits, 1u);
  EXPECT_EQ(state.lastEdit, "sound 0 LARA_FEET: set volume");
}

TEST(ScreenshotSounds, PanelEditsAreNamedSteps) {
  REQUIRE_EDITOR();
  const auto removed =
      stateOf(shotWithReport(sample() + " --panel Sounds --input 'click @126  GATE_OPENING  (1 sample); click @Remove info'",
                             "sounds-remove")
                  .report);
  EXPECT_EQ(removed.edits, 1u);
  EXPECT_EQ(removed.lastEdit, "sound 126 GATE_OPENING: remove sound info");
  // Id 0 has an info: adding one is refused with the operation's message, nothing changes.
  const auto refused = shotWithReport(sample() + " --panel Sounds --input 'click @Add info for id'", "sounds-add-refused");
  EXPECT_NE(refused.report.find("\nerror: sound id 0 already has a sound info"), std::string::npos) << refused.report;
  EXPECT_EQ(stateOf(refused.report).edits, 0u);
}

TEST(ScreenshotSounds, SpritesViewShowsTheSwdPage) {
  REQUIRE_EDITOR();
  auto textures = shot(sample() + " --panel Textures", "sprites-textures");
  auto sprites = shotWithReport(sample() + " --panel Sprites --input 'click @463  DEFAULT_SPRITES  (2 textures from 1)'", "sprites");
  EXPECT_EQ(sprites.report.find("\nerror:"), std::string::npos) << sprites.report;
  const Region tools{int(textures.width * 0.72), int(textures.height * 0.2), textures.width, textures.height};
  EXPECT_GT(differing(textures, sprites.img, tools), 5000) << "the sprite page replaces the texture page";
}

}  // namespace
}  // namespace wadsmith
