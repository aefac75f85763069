// The Sounds panel's edits as session actions, headless: values after each edit, one history
// step with its label, undo back to the opened bytes of every file of the set, refusals that
// change nothing; playback through a recording audio output, and without one.
#include <gtest/gtest.h>

#include "editor/session/actions.h"
#include "io/document_io.h"
#include "io/file_io.h"
#include "io/wad_files.h"
#include "tests/support/test_support.h"

namespace wadsmith::session {
namespace {

struct Recorder : AudioOut {
  std::vector<std::pair<std::string, std::vector<std::uint8_t>>> played;
  std::string play(std::span<const std::uint8_t> wav, const std::string& name) override {
    played.emplace_back(name, std::vector<std::uint8_t>(wav.begin(), wav.end()));
    return "played " + name;
  }
};

// Every file the document writes (the .WAD and its companions), for undo comparisons.
std::vector<std::pair<std::string, std::vector<std::uint8_t>>> allFiles(const Document& d) {
  auto files = companionFiles(std::get<WadDocument>(d));
  files.emplace_back("WAD", encodeDocument(d));
  return files;
}

struct Sounds {
  Session s;
  std::shared_ptr<Recorder> audio = std::make_shared<Recorder>();
  std::vector<std::pair<std::string, std::vector<std::uint8_t>>> opened;
  Sounds() {
    s.open(test::fixturesDir() / "sample.wad");
    s.audio = audio;
    opened = allFiles(s.document());
  }
  const SoundSet& sounds() const { return *std::get<WadDocument>(s.document()).sounds; }
  std::string label() const { return s.history().label(s.history().position()); }
  void expectUndoRestores() {
    while (s.undo()) {
    }
    EXPECT_EQ(allFiles(s.document()), opened);
  }
};

TEST(SoundActions, FieldsSamplesAndIdsAreNamedSteps) {
  Sounds x;
  actions::selectSound(x.s, 0);
  actions::setField(x.s, "set_sound_info", "volume", 50);
  EXPECT_EQ(x.sounds().info(0)->volume, 50);
  EXPECT_EQ(x.label(), "sound 0 LARA_FEET: set volume");
  actions::setField(x.s, "set_sound_info", "random_pitch", 0);
  EXPECT_FALSE(x.sounds().info(0)->flags & soundflag::kRandomPitch);
  actions::run(x.s, "add_sample", {{"name", "foot03.wav"}});
  EXPECT_EQ(actions::soundSamples(x.s, 0), (std::vector<std::string>{"tone_low.wav", "tone_high.wav", "foot03.wav"}));
  EXPECT_EQ(x.label(), "sound 0 LARA_FEET: add sample foot03.wav");
  actions::run(x.s, "remove_sample", {{"index", 0}});
  EXPECT_EQ(actions::soundSamples(x.s, 0), (std::vector<std::string>{"tone_high.wav", "foot03.wav"}));
  actions::run(x.s, "set_sample", {{"sample", 0}, {"name", "tone_mid.wav"}});
  EXPECT_EQ(x.label(), ".SAM line 0: name tone_mid.wav");
  EXPECT_EQ(actions::soundSamples(x.s, 0)[0], "tone_mid.wav");
  actions::run(x.s, "assign_sound_id", {{"id", 5}});
  EXPECT_EQ(x.sounds().map[5], x.sounds().map[0]);
  actions::addSoundInfo(x.s, 20);
  EXPECT_EQ(x.label(), "sound 20 METAL_SCRAPE_LOOP: add sound info");
  EXPECT_EQ(*x.s.selection.sound, 20u);
  EXPECT_EQ(x.sounds().info(20)->volume, 128);
  actions::run(x.s, "remove_sound_info");
  EXPECT_EQ(x.sounds().map[20], -1);
  EXPECT_EQ(x.s.history().size() - 1, 8u);
  x.expectUndoRestores();
}

TEST(SoundActions, RefusedEditsChangeNothing) {
  Sounds x;
  const auto before = x.s.history().size();
  EXPECT_THROW(actions::run(x.s, "remove_sound_info"), ops::EditError);  // nothing selected
  actions::selectSound(x.s, 0);
  EXPECT_THROW(actions::setField(x.s, "set_sound_info", "volume", 300), ops::EditError);
  EXPECT_THROW(actions::setField(x.s, "set_sound_info", "sample_count", 2), ops::EditError);  // shown, not edited
  EXPECT_THROW(actions::addSoundInfo(x.s, 71), ops::EditError);                  // already defined
  EXPECT_EQ(x.s.history().size(), before);
}

TEST(SoundActions, PlaybackFindsTheWavOrSaysWhy) {
  Sounds x;
  EXPECT_EQ(actions::playSample(x.s, 0), "played tone_low.wav");
  ASSERT_EQ(x.audio->played.size(), 1u);
  EXPECT_EQ(x.audio->played[0].second, readFileBytes(test::fixturesDir() / "samples" / "tone_low.wav"));
  EXPECT_EQ(actions::playSound(x.s, 71), "played swoosh.wav");  // the Commands panel's play button
  actions::run(x.s, "set_sample", {{"sample", 3}, {"name", "missing.wav"}});
  const auto missing = actions::playSound(x.s, 126);
  EXPECT_NE(missing.find("missing.wav: no WAV to play (missing from "), std::string::npos) << missing;
  EXPECT_EQ(x.s.panels.sounds.status, missing);
  EXPECT_EQ(actions::playSound(x.s, 5), "sound 5 LARA_CLIMB1: no sound info or samples");
  x.s.audio = nullptr;
  EXPECT_EQ(actions::playSample(x.s, 0), "tone_low.wav: no audio output");
  EXPECT_EQ(x.audio->played.size(), 2u);
}

// A level's samples are embedded: they play from the level's bytes.
TEST(SoundActions, LevelSamplesPlayFromTheLevel) {
  const auto level = test::corpusFile("tr4/TEST1.TR4");
  WADSMITH_REQUIRE_CORPUS(level);
  Session s;
  s.open(level);
  auto audio = std::make_shared<Recorder>();
  s.audio = audio;
  actions::playSound(s, 0);
  ASSERT_EQ(audio->played.size(), 1u);
  EXPECT_EQ(std::string(audio->played[0].second.begin(), audio->played[0].second.begin() + 4), "RIFF");
}

}  // namespace
}  // namespace wadsmith::session
