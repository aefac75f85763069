// Sounds merged into TR1-3 levels (model/merge/level_sound_merge.h mergeClassicLevelSounds):
// into TR1 the ids a merged movable plays come back out of the level with the source's WAVE
// files (or the level's own, kept), every other id plays what it played, and the embedded
// samples the level had keep their bytes; TR2/3 keep their samples in MAIN.SFX, so nothing is
// carried and the report says so. And --replace into TR1 and TR4 levels: the ids only the
// replaced object played leave the map with their details and samples.
#include <gtest/gtest.h>

#include <set>

#include "io/document_io.h"
#include "io/level_codec.h"
#include "io/samples_folder.h"
#include "io/wad_files.h"
#include "model/level_sound_details.h"
#include "model/level_textures.h"
#include "model/merge/level_extract.h"
#include "model/merge/level_merge.h"
#include "model/sound_use.h"
#include "tests/support/level_sections.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

using W = merge::SoundNote::What;

struct SoundMerge {
  LevelDocument before, after;
  merge::LevelMerge result;
};

WadDocument karnakWithSamples() {
  auto w = loadWad(test::corpusFile("wad/karnak.WAD"));
  w.sounds = withSampleBytes(w.sounds, SampleFolder(test::corpusFile("samples")));
  return w;
}

SoundMerge mergeWithSounds(const LevelDocument& level, const WadDocument& src, const merge::Request& req) {
  SoundMerge m;
  m.before = level;
  const bool classic = isClassic(level.game());
  const auto t32 = classic ? std::vector<std::uint8_t>{} : chunkPayload(level.tiles32);
  const auto t16 = classic ? std::vector<std::uint8_t>{} : chunkPayload(level.tiles16);
  m.result = merge::mergeIntoLevel(m.before, {t32, t16}, src, req);
  const auto bytes = writeLevel(m.result.doc);
  m.after = readLevel(bytes, "merged");
  EXPECT_EQ(test::firstDifference(writeLevel(m.after), bytes), -1) << "the merged level does not round-trip";
  return m;
}

SoundMerge crocodileWithSounds(const LevelDocument& level, merge::SoundMode mode, const WadDocument& src = karnakWithSamples()) {
  merge::Request req;
  req.movables = {51};  // CROCODILE
  req.tr4Slots = level.game() == Game::TR4;
  req.sounds = mode;
  return mergeWithSounds(level, src, req);
}
SoundMerge crocodileWithSounds(const char* level, merge::SoundMode mode, const WadDocument& src = karnakWithSamples()) {
  return crocodileWithSounds(std::get<LevelDocument>(loadDocument(test::corpusFile(std::string("trlevels/") + level))), mode, src);
}

// The level's sounds with their WAVE files, whichever game.
SoundSet soundsOf(const LevelDocument& level) {
  return isClassic(level.game()) ? classicLevelSoundSet(*level.data) : *levelSounds(level);
}

// The WAVE files an id plays, in order.
std::vector<std::vector<std::uint8_t>> wavsOfSound(const SoundSet& s, std::uint16_t id) {
  std::vector<std::vector<std::uint8_t>> out;
  if (const SoundInfo* i = s.info(id))
    for (int k = 0; k < i->sampleCount(); ++k) out.push_back(s.samples.at(static_cast<std::size_t>(i->sample + k)).wav.copy());
  return out;
}

// Each carried id plays the source's WAVs, a kept or equal one the level's; every id the merge
// did not name plays what it did.
void expectSoundsBack(const SoundMerge& m, const SoundSet& src) {
  const auto before = soundsOf(m.before), after = soundsOf(m.after);
  std::set<std::uint16_t> named;
  for (const auto& n : m.result.report.soundReport.ids) {
    named.insert(n.id);
    const bool carried = n.what == W::Added || n.what == W::Replaced;
    EXPECT_TRUE(wavsOfSound(after, n.id) == (carried ? wavsOfSound(src, n.id) : wavsOfSound(before, n.id))) << "sound " << n.id;
    if (carried) {
      EXPECT_EQ(after.info(n.id)->volume, src.info(n.id)->volume) << "sound " << n.id;
    }
  }
  for (std::uint16_t id = 0; id < before.map.size(); ++id)
    if (!named.count(id)) {
      EXPECT_TRUE(wavsOfSound(after, id) == wavsOfSound(before, id)) << "sound " << id;
    }
}

// The crocodile into TEST1.PHD: samples added, its ids come back out of the level.
SoundMerge crocodileIntoTest1Phd(merge::SoundMode mode, const WadDocument& src) {
  auto m = crocodileWithSounds("TEST1.PHD", mode, src);
  const auto& s = m.result.sounds;
  EXPECT_GT(s.samplesAdded, 0u);
  EXPECT_EQ(m.after.data->sampleIndices->size(), m.before.data->sampleIndices->size() + s.samplesAdded - s.samplesFreed);
  expectSoundsBack(m, *src.sounds);
  return m;
}

TEST(ClassicLevelSounds, TheCrocodilesWavsComeBackOutOfTr1) {
  WADSMITH_REQUIRE_CORPUS(test::corpusFile("trlevels/TEST1.PHD"));
  WADSMITH_REQUIRE_CORPUS(test::corpusFile("wad/karnak.WAD"));
  const auto m = crocodileIntoTest1Phd(merge::SoundMode::Keep, karnakWithSamples());
  EXPECT_GT(m.result.sounds.detailsAdded, 0u);
  EXPECT_EQ(m.result.sounds.samplesFreed, 0u);
  // The level's samples keep their bytes and offsets; the new ones follow them.
  const auto a = m.before.data->embeddedSamples.copy(), b = m.after.data->embeddedSamples.copy();
  ASSERT_GT(b.size(), a.size());
  EXPECT_TRUE(std::equal(a.begin(), a.end(), b.begin()));
  for (std::size_t i = 0; i < m.before.data->sampleIndices->size(); ++i)
    EXPECT_EQ((*m.before.data->sampleIndices)[i], (*m.after.data->sampleIndices)[i]);
  EXPECT_GT(test::expectSectionsKept(m.before, m.after,
                                     {"meshes", "mesh pointers", "animations", "state changes", "dispatches", "commands",
                                      "mesh trees", "frames", "models", "static meshes", "object textures", "sound map",
                                      "sound details", "samples", "sample indices"}),
            12u);
}

TEST(ClassicLevelSounds, ReplacedIdsTakeTheSourcesWavsAndFreeTheLevels) {
  WADSMITH_REQUIRE_CORPUS(test::corpusFile("trlevels/TEST1.PHD"));
  WADSMITH_REQUIRE_CORPUS(test::corpusFile("wad/karnak.WAD"));
  const auto src = karnakWithSamples();
  const auto m = crocodileIntoTest1Phd(merge::SoundMode::Replace, src);
  EXPECT_GT(m.result.sounds.detailsReplaced, 0u);
  EXPECT_GT(m.result.sounds.samplesFreed, 0u);
  // The volume comes back through TR1's 16-bit word exactly.
  for (const auto& n : m.result.report.soundReport.ids)
    if (n.what == W::Replaced) {
      const SoundInfo& i = (*m.after.data->soundDetails)[static_cast<std::size_t>((*m.after.data->soundMap)[n.id])];
      EXPECT_EQ(wadSoundInfo(i, Game::TR1).volume, src.sounds->info(n.id)->volume);
      EXPECT_GT(i.volume | i.range << 8, src.sounds->info(n.id)->volume);  // a word, not the byte
    }
}

TEST(ClassicLevelSounds, Tr2AndTr3CarryNothingAndSaySo) {
  WADSMITH_REQUIRE_CORPUS(test::corpusFile("trlevels/TEST1.TR2"));
  WADSMITH_REQUIRE_CORPUS(test::corpusFile("wad/karnak.WAD"));
  for (const char* level : {"TEST1.TR2", "tr3_TEST1.TR2"}) {
    const auto m = crocodileWithSounds(level, merge::SoundMode::Replace);
    const auto& rep = m.result.report.soundReport;
    std::size_t notCarried = 0;
    for (const auto& n : rep.ids) notCarried += n.difference.rfind(merge::kNotCarried, 0) == 0;
    EXPECT_GT(notCarried, 0u) << level;
    EXPECT_EQ(rep.count(W::Added) + rep.count(W::Replaced), 0u) << level;
    EXPECT_EQ(rep.infosAdded + rep.samplesAdded, 0u) << level;
    EXPECT_TRUE(*m.after.data->soundMap == *m.before.data->soundMap) << level;
    EXPECT_TRUE(*m.after.data->soundDetails == *m.before.data->soundDetails) << level;
    EXPECT_TRUE(*m.after.data->sampleIndices == *m.before.data->sampleIndices) << level;
  }
}

TEST(ClassicLevelSounds, RefusesPastTr1sSoundMapAndSamplesItCannotFind) {
  WADSMITH_REQUIRE_CORPUS(test::corpusFile("trlevels/TEST1.PHD"));
  WADSMITH_REQUIRE_CORPUS(test::corpusFile("wad/karnak.WAD"));
  auto doc = std::get<LevelDocument>(loadDocument(test::corpusFile("trlevels/TEST1.PHD")));
  auto refusal = [](const LevelDocument& level, const WadDocument& src) -> std::string {
    merge::Request req;
    req.movables = {51};
    req.tr4Slots = false;
    try {
      merge::mergeIntoLevel(level, {}, src, req);
    } catch (const merge::MergeError& e) {
      return e.what();
    }
    return "merged";
  };
  const auto missing = refusal(doc, loadWad(test::corpusFile("wad/karnak.WAD")));
  EXPECT_NE(missing.find("is not in the samples folder"), std::string::npos) << missing;
  LevelData d = *doc.data;
  d.soundMap = share<std::vector<std::int16_t>>(std::vector<std::int16_t>(d.soundMap->begin(), d.soundMap->begin() + 5));
  doc.data = share<LevelData>(d);
  const auto past = refusal(doc, karnakWithSamples());
  EXPECT_NE(past.find("past the level's sound map of 5 ids"), std::string::npos) << past;
}

// The crocodile merged, then `movable` of `src` in its place (--replace, sounds kept): the ids
// only the crocodile played leave the map, their details and samples go, every other id plays
// what it did.
void expectReplacedSoundsRemoved(const LevelDocument& level, const WadDocument& src, std::uint32_t movable) {
  const auto once = crocodileWithSounds(level, merge::SoundMode::Keep);
  merge::Request req;
  req.movables = {movable};
  req.as = 51;
  req.replace = true;
  req.tr4Slots = level.game() == Game::TR4;
  const auto twice = mergeWithSounds(once.after, src, req);
  const auto before = soundsOf(once.after), after = soundsOf(twice.after);
  std::set<std::uint16_t> crocodile, baddy, removed;
  for (const auto& n : once.result.report.soundReport.ids) crocodile.insert(n.id);
  for (const auto& n : twice.result.report.soundReport.ids) baddy.insert(n.id);
  for (std::uint16_t id = 0; id < before.map.size(); ++id) {
    if (before.info(id) && !after.info(id)) {
      removed.insert(id);
    } else if (!baddy.count(id)) {
      EXPECT_TRUE(wavsOfSound(after, id) == wavsOfSound(before, id)) << "sound " << id;
    }
  }
  EXPECT_FALSE(removed.empty());
  for (auto id : removed) EXPECT_TRUE(crocodile.count(id) && !baddy.count(id)) << "sound " << id;
  const auto& s = twice.result.sounds;
  EXPECT_EQ(s.idsRemoved, removed.size());
  EXPECT_GT(s.detailsRemoved, 0u);
  EXPECT_GT(s.samplesFreed, 0u);
  EXPECT_EQ(after.infos.size(), before.infos.size() + s.detailsAdded - s.detailsRemoved);
  EXPECT_EQ(after.samples.size(), before.samples.size() + s.samplesAdded - s.samplesFreed);
}

TEST(LevelSoundsReplace, SoundsOnlyTheReplacedObjectPlayedGoFromTr4) {
  WADSMITH_REQUIRE_CORPUS(test::corpusFile("tr4/TEST1.TR4"));
  WADSMITH_REQUIRE_CORPUS(test::corpusFile("wad/karnak.WAD"));
  expectReplacedSoundsRemoved(std::get<LevelDocument>(loadDocument(test::corpusFile("tr4/TEST1.TR4"))), karnakWithSamples(), 43);  // BADDY_2
}

TEST(LevelSoundsReplace, SoundsOnlyTheReplacedObjectPlayedGoFromTr1) {
  WADSMITH_REQUIRE_CORPUS(test::corpusFile("trlevels/TEST1.PHD"));
  WADSMITH_REQUIRE_CORPUS(test::corpusFile("wad/karnak.WAD"));
  // The level's own WOLF in the crocodile's place (karnak's baddy plays ids past TR1's map).
  const auto level = std::get<LevelDocument>(loadDocument(test::corpusFile("trlevels/TEST1.PHD")));
  expectReplacedSoundsRemoved(level, merge::extractLevelObjects(level, classicTiles32(level)).wad, 7);
}

}  // namespace
}  // namespace wadsmith
