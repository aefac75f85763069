// Merging objects into a TR4 level (model/merge/level_merge.h): the merged level round-trips,
// every section outside the objects and textures keeps its bytes, and the merged objects come
// back out of it (extractLevelObjects) the same as out of their source.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "io/document_io.h"
#include "io/level_codec.h"
#include "io/wad_files.h"
#include "model/merge/level_extract.h"
#include "model/merge/level_merge.h"
#include "model/sound_use.h"
#include "tests/support/level_merge_check.h"
#include "tests/support/level_sections.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

using test::Merged, test::mergeInto, test::wadWithSamples, test::expectSameObjects;

// Every section but the ones a merge writes keeps its bytes; so do the samples (new ones come
// after the level's when none was freed) and the trailer.
void expectOnlyObjectsChanged(const Merged& m, const std::set<std::string>& mayChange) {
  EXPECT_GT(test::expectSectionsKept(m.before, m.after, mayChange), 15u);
  const auto& s = m.result.sounds;
  ASSERT_EQ(m.before.samples->size() + s.samplesAdded - s.samplesFreed, m.after.samples->size());
  for (std::size_t i = 0; i < m.before.samples->size() && !s.samplesFreed; ++i)
    EXPECT_TRUE((*m.before.samples)[i].bytes.copy() == (*m.after.samples)[i].bytes.copy()) << "sample " << i;
  EXPECT_TRUE(m.before.trailer.copy() == m.after.trailer.copy());
  EXPECT_TRUE(m.before.miscTiles.compressed.copy() == m.after.miscTiles.compressed.copy());
}

const std::set<std::string> kObjectSections = {"meshes",   "mesh pointers", "animations", "state changes",
                                               "dispatches", "commands",   "mesh trees", "frames",
                                               "models",   "static meshes", "object textures",
                                               "sound map", "sound details", "sample indices"};

TEST(LevelMerge, LaraSkinFromKarnakReplacesTheTitleLevels) {
  auto level = test::corpusFile("../engine/game/data/title.tr4");
  auto wad = test::corpusFile("wad/karnak.WAD");
  WADSMITH_REQUIRE_CORPUS(level);
  WADSMITH_REQUIRE_CORPUS(wad);
  const auto src = wadWithSamples(wad);
  merge::Request req;
  req.movables = {8, 9};  // LARA_SKIN, LARA_SKIN_JOINTS
  req.replace = true;
  const auto m = mergeInto(level, src, req);
  EXPECT_EQ(m.result.report.removed.size(), 2u);
  EXPECT_GT(m.result.objectTexturesAdded, 100u);
  EXPECT_EQ(m.after.numObjectTiles, m.before.numObjectTiles);  // packed into the object tiles' free space
  expectOnlyObjectsChanged(m, kObjectSections);
  expectSameObjects(m, src);
}

TEST(LevelMerge, MovableAndStaticIntoNewSlotsOfTest1) {
  auto level = test::corpusFile("tr4/TEST1.TR4");
  auto wad = test::corpusFile("wad/karnak.WAD");
  WADSMITH_REQUIRE_CORPUS(level);
  WADSMITH_REQUIRE_CORPUS(wad);
  const auto src = wadWithSamples(wad);
  merge::Request req;
  req.movables = {51};  // CROCODILE
  req.statics = {13};  // FURNITURE3
  const auto m = mergeInto(level, src, req);
  ASSERT_EQ(m.result.report.merged.size(), 2u);
  EXPECT_TRUE(m.result.report.removed.empty());
  expectOnlyObjectsChanged(m, kObjectSections);
  expectSameObjects(m, src);
}

TEST(LevelMerge, NewTilesGoBeforeTheBumpTiles) {
  auto level = test::corpusFile("tr4/TEST1.TR4");
  auto wad = test::corpusFile("wad/karnak.WAD");
  WADSMITH_REQUIRE_CORPUS(level);
  WADSMITH_REQUIRE_CORPUS(wad);
  const auto src = wadWithSamples(wad);
  merge::Request req;
  req.all = true;
  req.replace = true;
  const auto m = mergeInto(level, src, req);
  ASSERT_GT(m.result.tilesAdded, 0u);
  EXPECT_EQ(m.after.numObjectTiles, m.before.numObjectTiles + m.result.tilesAdded);
  EXPECT_EQ(m.after.numRoomTiles, m.before.numRoomTiles);
  EXPECT_EQ(m.after.numBumpTiles, m.before.numBumpTiles);
  // The room tiles' pixels are the level's.
  const auto a = chunkPayload(m.before.tiles32), b = chunkPayload(m.after.tiles32);
  const std::size_t rooms = std::size_t{m.before.numRoomTiles} * 256 * 256 * 4;
  EXPECT_TRUE(std::equal(a.begin(), a.begin() + rooms, b.begin()));
  EXPECT_EQ(b.size(), a.size() + m.result.tilesAdded * 256 * 256 * 4);
  EXPECT_EQ(chunkPayload(m.after.tiles16).size(), b.size() / 2);
  expectOnlyObjectsChanged(m, kObjectSections);
  expectSameObjects(m, src);
}

TEST(LevelMerge, RefusesPastTheObjectTextureLimitNamingIt) {
  auto level = test::corpusFile("tr4/TEST1.TR4");
  auto wad = test::corpusFile("wad/karnak.WAD");
  WADSMITH_REQUIRE_CORPUS(level);
  WADSMITH_REQUIRE_CORPUS(wad);
  const auto doc = test::nearTheObjectTextureLimit(std::get<LevelDocument>(loadDocument(level)));
  const auto t32 = chunkPayload(doc.tiles32), t16 = chunkPayload(doc.tiles16);
  merge::Request req;
  req.movables = {51};
  try {
    merge::mergeIntoLevel(doc, {t32, t16}, wadWithSamples(wad), req);
    FAIL() << "merged past the limit";
  } catch (const merge::MergeError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("object textures"), std::string::npos) << what;
    EXPECT_NE(what.find("more than TR4's limit of 32767"), std::string::npos) << what;
  }
}

TEST(LevelMerge, RefusesTileChunksShorterThanTheCounts) {
  auto level = test::corpusFile("tr4/TEST1.TR4");
  WADSMITH_REQUIRE_CORPUS(level);
  auto doc = std::get<LevelDocument>(loadDocument(level));
  const auto t32 = chunkPayload(doc.tiles32);
  std::vector<std::uint8_t> t16(100);
  merge::Request req;
  req.movables = {0};
  EXPECT_THROW(merge::mergeIntoLevel(doc, {t32, t16}, loadWad(test::fixturesDir() / "sample.wad"), req), merge::MergeError);
}

// The WAV bytes an id plays, in order (null info: none).
std::vector<SharedBytes> wavsOf(const SoundSet& s, std::uint16_t id) {
  std::vector<SharedBytes> out;
  if (const SoundInfo* i = s.info(id))
    for (int k = 0; k < i->sampleCount(); ++k) out.push_back(s.samples[static_cast<std::size_t>(i->sample + k)].wav);
  return out;
}

Merged crocodileIntoTest1(merge::SoundMode mode) {
  merge::Request req;
  req.movables = {51};  // CROCODILE
  req.sounds = mode;
  return mergeInto(test::corpusFile("tr4/TEST1.TR4"), wadWithSamples(test::corpusFile("wad/karnak.WAD")), req);
}

// Each id the merge added or replaced plays the source's samples when extracted back out of
// the level; a kept or equal id plays the level's own; ids the merge did not name keep their entry.
void expectSoundsBack(const Merged& m, const WadDocument& src) {
  const auto before = levelSounds(m.before), after = levelSounds(m.after);
  std::set<std::uint16_t> named;
  for (const auto& n : m.result.report.soundReport.ids) {
    named.insert(n.id);
    using W = merge::SoundNote::What;
    if (n.what == W::NotInSource) continue;
    const bool carried = n.what == W::Added || n.what == W::Replaced;
    const auto want = carried ? wavsOf(*src.sounds, n.id) : wavsOf(*before, n.id);
    EXPECT_TRUE(wavsOf(*after, n.id) == want) << "sound " << n.id;
    if (carried) {
      EXPECT_EQ(after->info(n.id)->volume, src.sounds->info(n.id)->volume) << "sound " << n.id;
    }
  }
  for (std::uint16_t id = 0; id < before->map.size(); ++id)
    if (!named.count(id)) {
      EXPECT_TRUE(wavsOf(*after, id) == wavsOf(*before, id)) << "sound " << id;
    }
}

TEST(LevelMerge, SoundsTheCrocodilePlaysComeBackOutOfTheLevel) {
  WADSMITH_REQUIRE_CORPUS(test::corpusFile("tr4/TEST1.TR4"));
  WADSMITH_REQUIRE_CORPUS(test::corpusFile("wad/karnak.WAD"));
  const auto m = crocodileIntoTest1(merge::SoundMode::Keep);
  EXPECT_GT(m.result.sounds.detailsAdded, 0u);
  EXPECT_GT(m.result.sounds.samplesAdded, 0u);
  EXPECT_EQ(m.after.data->sampleIndices->size(), m.after.samples->size());
  expectOnlyObjectsChanged(m, kObjectSections);
  expectSoundsBack(m, wadWithSamples(test::corpusFile("wad/karnak.WAD")));
}

TEST(LevelMerge, ReplacedSoundsTakeTheSourcesSamplesAndFreeTheLevels) {
  WADSMITH_REQUIRE_CORPUS(test::corpusFile("tr4/TEST1.TR4"));
  WADSMITH_REQUIRE_CORPUS(test::corpusFile("wad/karnak.WAD"));
  const auto m = crocodileIntoTest1(merge::SoundMode::Replace);
  const auto& s = m.result.sounds;
  EXPECT_GT(s.detailsReplaced, 0u);
  EXPECT_GT(s.samplesFreed, 0u);
  EXPECT_EQ(m.after.samples->size(), m.before.samples->size() + s.samplesAdded - s.samplesFreed);
  EXPECT_EQ(m.after.data->sampleIndices->size(), m.after.samples->size());
  expectSoundsBack(m, wadWithSamples(test::corpusFile("wad/karnak.WAD")));
}

// What the merge refuses, by its message.
std::string refusal(const LevelDocument& doc, const WadDocument& src) {
  const auto t32 = chunkPayload(doc.tiles32), t16 = chunkPayload(doc.tiles16);
  merge::Request req;
  req.movables = {51};
  try {
    merge::mergeIntoLevel(doc, {t32, t16}, src, req);
  } catch (const merge::MergeError& e) {
    return e.what();
  }
  return "merged";
}

TEST(LevelMerge, RefusesSoundsPastTheLimitsAndSamplesItCannotFind) {
  WADSMITH_REQUIRE_CORPUS(test::corpusFile("tr4/TEST1.TR4"));
  WADSMITH_REQUIRE_CORPUS(test::corpusFile("wad/karnak.WAD"));
  const auto src = wadWithSamples(test::corpusFile("wad/karnak.WAD"));
  const auto doc = std::get<LevelDocument>(loadDocument(test::corpusFile("tr4/TEST1.TR4")));
  auto shortMap = doc;
  LevelData d = *doc.data;
  d.soundMap = share<std::vector<std::int16_t>>(std::vector<std::int16_t>(d.soundMap->begin(), d.soundMap->begin() + 5));
  shortMap.data = share<LevelData>(d);
  EXPECT_NE(refusal(shortMap, src).find("past the level's sound map of 5 ids"), std::string::npos) << refusal(shortMap, src);
  // A level with TR4's 256 samples: the crocodile's take it past them.
  auto full = doc;
  d = *doc.data;
  auto samples = *doc.samples;
  auto indices = *d.sampleIndices;
  samples.resize(256, samples[0]), indices.resize(256, 0);
  d.sampleIndices = share<std::vector<std::uint32_t>>(std::move(indices));
  full.data = share<LevelData>(d);
  full.samples = share<std::vector<LevelSample>>(std::move(samples));
  const auto past = refusal(full, src);
  EXPECT_NE(past.find("samples, "), std::string::npos) << past;
  EXPECT_NE(past.find("more than the engine's limit of 256"), std::string::npos) << past;
  const auto missing = refusal(doc, loadWad(test::corpusFile("wad/karnak.WAD")));
  EXPECT_NE(missing.find("is not in the samples folder"), std::string::npos) << missing;
}

TEST(LevelMerge, ReplacingAnObjectWithItselfDoesNotGrowTheLevel) {
  WADSMITH_REQUIRE_CORPUS(test::corpusFile("tr4/TEST1.TR4"));
  WADSMITH_REQUIRE_CORPUS(test::corpusFile("wad/karnak.WAD"));
  const auto once = crocodileIntoTest1(merge::SoundMode::Replace);
  merge::Request req;
  req.movables = {51};
  req.replace = true;
  req.sounds = merge::SoundMode::Replace;
  const auto twice = mergeInto(once.after, wadWithSamples(test::corpusFile("wad/karnak.WAD")), req);
  EXPECT_EQ(writeLevel(twice.after).size(), writeLevel(once.after).size());
  EXPECT_GT(twice.result.meshesFreed, 0u);
  EXPECT_EQ(twice.result.objectTexturesDrawnAgain, twice.result.objectTexturesFreed);
  EXPECT_EQ(twice.after.data->objectTextures->size(), once.after.data->objectTextures->size());
  EXPECT_EQ(twice.after.data->objects.meshes->size(), once.after.data->objects.meshes->size());
  EXPECT_EQ(twice.after.samples->size(), once.after.samples->size());
}

// Another object in the crocodile's place takes the slots of the object textures only the
// crocodile drew (and their texels), drawn right.
TEST(LevelMerge, ReplacingTakesTheFreedObjectTextures) {
  WADSMITH_REQUIRE_CORPUS(test::corpusFile("tr4/TEST1.TR4"));
  WADSMITH_REQUIRE_CORPUS(test::corpusFile("wad/karnak.WAD"));
  const auto src = wadWithSamples(test::corpusFile("wad/karnak.WAD"));
  const auto once = crocodileIntoTest1(merge::SoundMode::Keep);
  merge::Request req;
  req.movables = {43};  // BADDY_2
  req.as = 51;
  req.replace = true;
  const auto twice = mergeInto(once.after, src, req);
  const auto& r = twice.result;
  EXPECT_GT(r.objectTexturesFreed, 50u);
  EXPECT_GT(r.objectTexturesRefilled, 0u);
  EXPECT_EQ(r.objectTexturesRefilled, std::min(r.objectTexturesAdded, r.objectTexturesFreed - r.objectTexturesDrawnAgain));
  EXPECT_EQ(twice.after.data->objectTextures->size(),
            once.after.data->objectTextures->size() + r.objectTexturesAdded - r.objectTexturesRefilled);
  expectSameObjects(twice, src);
}

}  // namespace
}  // namespace wadsmith
