// Sounds merged into TR2/3 levels through MAIN.SFX (model/merge/main_sfx_lookup.h): the corpus
// has no MAIN.SFX, so each test builds one from WAVE files of the corpus's samples folder. A
// merged sound whose samples MAIN.SFX has gets a sound detail over their numbers; one whose
// sample it lacks is reported (which sample, from where) or, asked, appended; a level of the
// same game carries its numbers as they are; every other section keeps its bytes.
#include <gtest/gtest.h>

#include <set>

#include "io/document_io.h"
#include "io/level_codec.h"
#include "io/samples_folder.h"
#include "io/wad_files.h"
#include "model/level_sound_details.h"
#include "model/level_sounds.h"
#include "model/level_textures.h"
#include "model/merge/level_extract.h"
#include "model/merge/level_merge.h"
#include "tests/support/level_sections.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

using W = merge::SoundNote::What;

LevelDocument mainSfxLevel(const std::string& name) {
  return std::get<LevelDocument>(loadDocument(test::corpusFile("trlevels/" + name)));
}

WadDocument karnakForMainSfx() {
  auto w = loadWad(test::corpusFile("wad/karnak.WAD"));
  w.sounds = withSampleBytes(w.sounds, SampleFolder(test::corpusFile("samples")));
  return w;
}

merge::LevelMerge crocodileViaMainSfx(const LevelDocument& level, const WadDocument& src, merge::MainSfxSamples sfx) {
  merge::Request req;
  req.movables = {51};  // CROCODILE
  req.tr4Slots = false;
  req.sounds = merge::SoundMode::Replace;  // the ids the level has too are carried
  return merge::mergeIntoLevel(level, {}, src, req, std::move(sfx));
}

LevelDocument roundTripped(const merge::LevelMerge& m) {
  const auto bytes = writeLevel(m.doc);
  auto back = readLevel(bytes, "merged");
  EXPECT_EQ(test::firstDifference(writeLevel(back), bytes), -1) << "the merged level does not round-trip";
  return back;
}

// The WAVE files an id plays in the source, in order.
std::vector<SharedBytes> mainSfxWavsOf(const SoundSet& s, std::uint16_t id) {
  std::vector<SharedBytes> out;
  if (const SoundInfo* i = s.info(id))
    for (int k = 0; k < i->sampleCount(); ++k) out.push_back(s.samples.at(static_cast<std::size_t>(i->sample + k)).wav);
  return out;
}

// A MAIN.SFX: three WAVE files of the samples folder, then every sample the crocodile's sounds
// play but `left` (the first WAVE file's byte rate rewritten, as TRLE does: the same audio).
struct BuiltMainSfx {
  std::vector<SharedBytes> waves;
  SharedBytes left;          // the sample left out
  std::uint16_t leftId = 0;  // the id playing it
};
BuiltMainSfx buildMainSfx(const merge::SoundReport& crocodile, const SoundSet& src) {
  BuiltMainSfx b;
  for (const char* name : {"-splash.wav", "-swim.wav", "-magnum.wav"}) b.waves.push_back(readFileShared(test::corpusFile(std::string("samples/") + name)));
  for (const auto& n : crocodile.ids)
    for (const auto& w : mainSfxWavsOf(src, n.id)) {
      if (b.left.empty()) {
        b.left = w, b.leftId = n.id;
        continue;
      }
      bool have = false;
      for (const auto& x : b.waves) have |= sameAudio(x, w);
      if (!have) b.waves.push_back(w);
    }
  auto first = b.waves[3].copy();
  first[28] ^= 1;  // the byte rate's low byte
  b.waves[3] = SharedBytes(std::move(first));
  return b;
}

// The number each of an id's samples has in `waves`.
std::vector<std::uint32_t> numbersIn(const std::vector<SharedBytes>& waves, const std::vector<SharedBytes>& wavs) {
  std::vector<std::uint32_t> out;
  for (const auto& w : wavs)
    for (std::size_t i = 0; i < waves.size(); ++i)
      if (sameAudio(waves[i], w)) {
        out.push_back(static_cast<std::uint32_t>(i));
        break;
      }
  return out;
}

const std::set<std::string> kObjectAndSoundSections = {"meshes", "mesh pointers", "animations", "state changes", "dispatches",
                                                       "commands", "mesh trees", "frames", "models", "static meshes",
                                                       "object textures", "sound map", "sound details", "sample indices"};

void crocodileThroughMainSfx(const char* name, bool append) {
  WADSMITH_REQUIRE_CORPUS(test::corpusFile(std::string("trlevels/") + name));
  WADSMITH_REQUIRE_CORPUS(test::corpusFile("wad/karnak.WAD"));
  const auto level = mainSfxLevel(name);
  const auto src = karnakForMainSfx();
  const auto plain = crocodileViaMainSfx(level, src, {});  // no MAIN.SFX: nothing carried, the ids named
  const BuiltMainSfx sfx = buildMainSfx(plain.report.soundReport, *src.sounds);
  merge::MainSfxSamples given;
  given.waves = sfx.waves, given.append = append, given.sourceLabel = "karnak.WAD";
  const auto m = crocodileViaMainSfx(level, src, given);
  const auto after = roundTripped(m);
  auto waves = sfx.waves;
  waves.insert(waves.end(), m.mainSfxAppended.begin(), m.mainSfxAppended.end());
  ASSERT_EQ(m.mainSfxAppended.size(), append ? 1u : 0u);
  if (append) {
    EXPECT_TRUE(sameAudio(m.mainSfxAppended[0], sfx.left));
  }
  std::set<std::uint16_t> named;
  std::size_t carried = 0;
  for (const auto& n : m.report.soundReport.ids) {
    named.insert(n.id);
    if (n.id == sfx.leftId && !append) {
      EXPECT_TRUE(n.what == W::Kept || n.what == W::NotInSource) << n.id;
      EXPECT_EQ(n.difference.rfind(merge::kNotCarried, 0), 0u) << n.difference;
      EXPECT_NE(n.difference.find("from karnak.WAD: MAIN.SFX has no WAVE file of its audio"), std::string::npos) << n.difference;
      EXPECT_EQ(soundSampleIndices(*after.data, n.id), soundSampleIndices(*level.data, n.id)) << n.id;
      continue;
    }
    if (n.what != W::Added && n.what != W::Replaced) continue;
    ++carried;
    const auto expected = numbersIn(waves, mainSfxWavsOf(*src.sounds, n.id));
    ASSERT_EQ(expected.size(), mainSfxWavsOf(*src.sounds, n.id).size()) << n.id;
    EXPECT_EQ(soundSampleIndices(*after.data, n.id), expected) << "sound " << n.id;
    const auto& detail = (*after.data->soundDetails)[static_cast<std::size_t>((*after.data->soundMap)[n.id])];
    EXPECT_EQ(wadSoundInfo(detail, level.game()).volume, src.sounds->info(n.id)->volume) << n.id;
  }
  EXPECT_GT(carried, 1u);
  EXPECT_EQ(m.report.soundReport.infosAdded, m.sounds.detailsAdded);
  for (std::uint16_t id = 0; id < level.data->soundMap->size(); ++id)
    if (!named.count(id)) {
      EXPECT_EQ(soundSampleIndices(*after.data, id), soundSampleIndices(*level.data, id)) << "sound " << id;
    }
  EXPECT_GT(test::expectSectionsKept(level, after, kObjectAndSoundSections), 10u);
}

TEST(MainSfxMerge, FoundSamplesTakeTheirNumbersAndAMissingOneIsReportedTr2) { crocodileThroughMainSfx("TEST1.TR2", false); }
TEST(MainSfxMerge, FoundSamplesTakeTheirNumbersAndAMissingOneIsReportedTr3) { crocodileThroughMainSfx("tr3_TEST1.TR2", false); }
TEST(MainSfxMerge, AMissingSampleIsAppendedWhenAskedTr2) { crocodileThroughMainSfx("TEST1.TR2", true); }
TEST(MainSfxMerge, AMissingSampleIsAppendedWhenAskedTr3) { crocodileThroughMainSfx("tr3_TEST1.TR2", true); }

// TR2 to TR2: the tiger of TEST1.TR2 under another slot of the level with its sound ids taken
// out of the map: they come back over the same MAIN.SFX numbers, no MAIN.SFX given.
TEST(MainSfxMerge, ALevelOfTheSameGameCarriesItsNumbers) {
  WADSMITH_REQUIRE_CORPUS(test::corpusFile("trlevels/TEST1.TR2"));
  const auto source = mainSfxLevel("TEST1.TR2");
  auto src = merge::extractLevelObjects(source, classicTiles32(source)).wad;
  src.sounds = share<SoundSet>(classicLevelSoundSet(*source.data));
  merge::Request req;
  req.movables = {39}, req.as = 200, req.tr4Slots = false;
  const auto once = merge::mergeIntoLevel(source, {}, src, req);
  std::set<std::uint16_t> ids;
  for (const auto& n : once.report.soundReport.ids)
    if (n.what == W::Same) ids.insert(n.id);
  ASSERT_FALSE(ids.empty());
  LevelDocument level = source;
  LevelData d = *level.data;
  auto map = *d.soundMap;
  for (auto id : ids) map[id] = kNoSoundInfo;
  d.soundMap = share<std::vector<std::int16_t>>(map);
  level.data = share<LevelData>(d);
  merge::MainSfxSamples numbers;
  numbers.sourceNumbers = true;
  const auto m = merge::mergeIntoLevel(level, {}, src, req, numbers);
  const auto after = roundTripped(m);
  EXPECT_EQ(m.sounds.detailsAdded, ids.size());
  for (auto id : ids) EXPECT_EQ(soundSampleIndices(*after.data, id), soundSampleIndices(*source.data, id)) << "sound " << id;
  // Without the numbers (another game's level would give none) nothing is carried.
  const auto none = merge::mergeIntoLevel(level, {}, src, req);
  EXPECT_EQ(none.sounds.detailsAdded, 0u);
}

std::string refusal(const LevelDocument& level, const WadDocument& src, const merge::MainSfxSamples& sfx) {
  try {
    crocodileViaMainSfx(level, src, sfx);
  } catch (const merge::MergeError& e) {
    return e.what();
  }
  return "merged";
}

TEST(MainSfxMerge, RefusesPastTheSoundMapAndTheSampleIndices) {
  WADSMITH_REQUIRE_CORPUS(test::corpusFile("trlevels/TEST1.TR2"));
  WADSMITH_REQUIRE_CORPUS(test::corpusFile("wad/karnak.WAD"));
  const auto level = mainSfxLevel("TEST1.TR2");
  const auto src = karnakForMainSfx();
  merge::MainSfxSamples sfx;
  sfx.waves = buildMainSfx(crocodileViaMainSfx(level, src, {}).report.soundReport, *src.sounds).waves;
  LevelData d = *level.data;
  d.soundMap = share<std::vector<std::int16_t>>(std::vector<std::int16_t>(d.soundMap->begin(), d.soundMap->begin() + 5));
  LevelDocument cut = level;
  cut.data = share<LevelData>(d);
  const auto past = refusal(cut, src, sfx);
  EXPECT_NE(past.find("past the level's sound map of 5 ids"), std::string::npos) << past;
  d = *level.data;
  d.sampleIndices = share<std::vector<std::uint32_t>>(std::vector<std::uint32_t>(0xFFFF, 0));
  cut.data = share<LevelData>(d);
  const auto full = refusal(cut, src, sfx);
  EXPECT_NE(full.find("at most 65535 fit"), std::string::npos) << full;  // a sound detail's 16-bit first sample
}

std::vector<std::uint8_t> pcm(std::uint16_t channels, std::uint16_t bits, std::uint32_t rate, const std::vector<std::uint8_t>& data) {
  WavAudio w{1, channels, bits, rate, data};
  const auto wave = pcmWave(w, w);
  return wave ? *wave : std::vector<std::uint8_t>{};
}

TEST(MainSfxMerge, PcmConvertsToMainSfxsChannelsAndBits) {
  const std::vector<std::uint8_t> eight = {0, 64, 128, 200, 255};
  const auto a = pcm(1, 8, 22050, eight);
  ASSERT_FALSE(a.empty());
  EXPECT_EQ(parseWav(a)->data.size(), eight.size());
  const WavAudio to16{1, 1, 16, 22050, {}}, to8{1, 1, 8, 22050, {}}, stereo{1, 2, 16, 22050, {}};
  const auto wide = pcmWave(*parseWav(a), to16);
  ASSERT_TRUE(wide);
  const auto w = parseWav(*wide);
  EXPECT_EQ(w->bits, 16);
  EXPECT_EQ(w->data.size(), 10u);
  EXPECT_EQ(w->data[3], 0xC0);  // 64 - 128 = -64 -> 0xC000
  const auto narrow = pcmWave(*w, to8);
  ASSERT_TRUE(narrow);
  EXPECT_TRUE(sameAudio(*narrow, a));  // 8 -> 16 -> 8 bits is exact
  const auto two = pcmWave(*w, stereo);
  ASSERT_TRUE(two);
  const auto back = pcmWave(*parseWav(*two), to16);
  EXPECT_TRUE(back && sameAudio(*back, *wide));  // copied, then mixed
  EXPECT_FALSE(pcmWave(*w, WavAudio{1, 1, 16, 11025, {}}));  // no resampling
  EXPECT_FALSE(pcmWave(*w, WavAudio{2, 1, 4, 22050, {}}));   // no MS-ADPCM
}

}  // namespace
}  // namespace wadsmith
