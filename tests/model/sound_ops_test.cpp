// Sound edits: each operation's result written with the codec and read back, the other ids'
// infos and sample names unchanged, indices kept consistent, refusals named.
#include <gtest/gtest.h>

#include "io/document_io.h"
#include "io/sound_codec.h"
#include "io/wad_files.h"
#include "model/ops/operations.h"
#include "model/ops/sound_ops.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

using ops::EditError;
using ops::SoundInfoChange;

Document sample() { return loadWad(test::fixturesDir() / "sample.wad"); }

// The written and re-read sound set of a document.
SoundSet reread(const Document& d) {
  const auto& s = *std::get<WadDocument>(d).sounds;
  const auto sfx = writeSfx(s), sam = writeSam(s);
  return readWadSounds(&sfx, &sam, 129, "edited.sfx");
}

std::vector<std::string> namesOf(const SoundSet& s, std::size_t id) {
  std::vector<std::string> out;
  const SoundInfo* info = s.info(id);
  for (int k = 0; info && k < info->sampleCount(); ++k) out.push_back(s.samples[info->sample + static_cast<std::size_t>(k)].name);
  return out;
}

void expectUnchanged(const SoundSet& before, const SoundSet& after, std::vector<std::size_t> ids) {
  for (auto id : ids) {
    ASSERT_TRUE(after.info(id)) << id;
    SoundInfo a = *before.info(id), b = *after.info(id);
    a.sample = b.sample = 0;  // indices may move; fields and names may not
    EXPECT_EQ(a, b) << id;
    EXPECT_EQ(namesOf(before, id), namesOf(after, id)) << id;
  }
}

TEST(SoundOps, AddInfoGoesInIdOrder) {
  const auto d = sample();
  const auto before = *std::get<WadDocument>(d).sounds;
  SoundInfoChange c;
  c.volume = 90;
  c.randomPitch = true;
  c.samples = std::vector<std::string>{"a.wav", "b.wav"};
  const auto after = reread(ops::addSoundInfo(d, 5, c).doc);
  EXPECT_EQ(after.map[5], 1);  // after id 0's info, before id 71's
  EXPECT_EQ(after.map[71], 2);
  EXPECT_EQ(namesOf(after, 5), (std::vector<std::string>{"a.wav", "b.wav"}));
  EXPECT_EQ(after.info(5)->volume, 90);
  EXPECT_TRUE(after.info(5)->flags & soundflag::kRandomPitch);
  EXPECT_EQ(after.samples[2].name, "a.wav");  // the new lines follow id 0's two
  EXPECT_EQ(*after.samples[2].listIndex, 127u);  // one past the highest sounds.txt index
  expectUnchanged(before, after, {0, 71, 72, 126});
  EXPECT_EQ(*std::get<WadDocument>(d).sounds, before);  // the old version is untouched (undo)
}

TEST(SoundOps, RemoveInfoTakesItsOwnSamples) {
  const auto d = sample();
  const auto before = *std::get<WadDocument>(d).sounds;
  const auto after = reread(ops::removeSoundInfo(d, 126).doc);
  EXPECT_EQ(after.map[126], -1);
  EXPECT_EQ(after.infos.size(), 2u);
  EXPECT_EQ(after.samples.size(), 3u);  // gate.wav went with it
  expectUnchanged(before, after, {0, 71, 72});
  // A shared info: every id that named it is unused afterwards (the user is told).
  const auto shared = ops::removeSoundInfo(d, 71);
  EXPECT_EQ(shared.warnings.size(), 1u);
  const auto& s = *std::get<WadDocument>(shared.doc).sounds;
  EXPECT_EQ(s.map[72], -1);
}

TEST(SoundOps, SetInfoFieldsAndSamples) {
  const auto d = sample();
  const auto before = *std::get<WadDocument>(d).sounds;
  SoundInfoChange c;
  c.pitch = -20;
  c.loop = 3;
  c.samples = std::vector<std::string>{"x.wav"};
  const auto after = reread(ops::setSoundInfo(d, 0, c).doc);
  EXPECT_EQ(after.info(0)->pitch, -20);
  EXPECT_EQ(after.info(0)->loopMode(), 3);
  EXPECT_EQ(namesOf(after, 0), (std::vector<std::string>{"x.wav"}));
  EXPECT_EQ(after.samples.size(), 3u);  // two lines became one, in place
  expectUnchanged(before, after, {71, 72, 126});
  // The info 71 and 72 share: both change, and the user is told.
  SoundInfoChange v;
  v.volume = 10;
  const auto e = ops::setSoundInfo(d, 72, v);
  EXPECT_EQ(e.warnings.size(), 1u);
  EXPECT_EQ(reread(e.doc).info(71)->volume, 10);
}

TEST(SoundOps, AssignIdAndSetSample) {
  const auto d = sample();
  const auto before = *std::get<WadDocument>(d).sounds;
  auto assigned = reread(ops::assignSoundId(d, 300, 126).doc);
  EXPECT_EQ(assigned.map[300], assigned.map[126]);
  auto cleared = reread(ops::assignSoundId(d, 72, std::nullopt).doc);
  EXPECT_EQ(cleared.map[72], -1);
  EXPECT_TRUE(cleared.info(71));
  auto renamed = reread(ops::setSample(d, 3, "gate_open.wav").doc);
  EXPECT_EQ(namesOf(renamed, 126), (std::vector<std::string>{"gate_open.wav"}));
  EXPECT_EQ(renamed.samples[3].listIndex, before.samples[3].listIndex);
}

TEST(SoundOps, RefusalsNameWhatIsWrong) {
  const auto d = sample();
  auto message = [](auto f) {
    try {
      f();
    } catch (const EditError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(message([&] { ops::addSoundInfo(d, 71, {}); }), "sound id 71 already has a sound info");
  EXPECT_EQ(message([&] { ops::addSoundInfo(d, 370, {}); }), "sound id 370 is past the sound map (370 ids)");
  EXPECT_EQ(message([&] { ops::removeSoundInfo(d, 5); }), "sound id 5 has no sound info");
  SoundInfoChange many;
  many.samples = std::vector<std::string>(16, "a.wav");
  EXPECT_EQ(message([&] { ops::setSoundInfo(d, 0, many); }), "an info plays at most 15 samples, got 16");
  // Field ranges are checked where the arguments are read (the table of operations).
  EXPECT_NE(message([&] { ops::bind({"set_sound_info", {{"id", 0}, {"volume", 256}}}); }).find("\"volume\" must be within 0..255"),
            std::string::npos);
  EXPECT_EQ(message([&] { ops::setSample(d, 9, "a.wav"); }), "the .SAM has 4 samples, no sample 9");
  const Document level = loadDocument(test::fixturesDir() / "synthetic.tr4");
  EXPECT_NE(message([&] { ops::setSample(level, 0, "a.wav"); }).find("read-only"), std::string::npos);
}

// A WAD without sound files gets them from its first added info.
TEST(SoundOps, AddToAWadWithoutSounds) {
  auto w = loadWad(test::fixturesDir() / "sample.wad");
  w.sounds = nullptr;
  SoundInfoChange c;
  c.samples = std::vector<std::string>{"a.wav"};
  const auto e = ops::addSoundInfo(Document(w), 10, c);
  const auto& s = *std::get<WadDocument>(e.doc).sounds;
  EXPECT_EQ(s.map.size(), 370u);
  EXPECT_EQ(s.map[10], 0);
  EXPECT_TRUE(s.hasSfx && s.hasSam);
}

}  // namespace
}  // namespace wadsmith
