// `wadsmith merge` into TR2/3 levels with MAIN.SFX, as a user runs it, and the editor's Merge
// panel through the same use case: the MAIN.SFX where the game keeps it (data/, any case) is
// found and named, the merged sounds take the numbers of the samples it has, a missing one is
// reported, --main-sfx-out writes a copy with it appended (never the game's own), and a level of
// the same game carries its numbers without any MAIN.SFX.
#include <gtest/gtest.h>

#include "editor/session/actions.h"
#include "editor/session/session.h"
#include "io/document_io.h"
#include "io/file_io.h"
#include "io/level_codec.h"
#include "model/level_sounds.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

std::vector<std::uint8_t> sample(const char* name) { return readFileBytes(test::corpusFile(std::string("samples/") + name)); }

// game/data/TEST1.TR2 beside game/data/main.sfx (lower case): two WAVE files of no merged
// sound, then croc_f1.wav and croc_at.wav (the crocodile's croc_f2.wav and croc_die.wav missing).
std::filesystem::path gameFolder(std::vector<std::uint8_t>& sfx) {
  const auto dir = test::scratchDir() / "game" / "data";
  std::filesystem::create_directories(dir);
  std::filesystem::remove(dir / "TEST1.TR2");
  std::filesystem::copy_file(test::corpusFile("trlevels/TEST1.TR2"), dir / "TEST1.TR2");
  sfx.clear();
  for (const char* name : {"-splash.wav", "-swim.wav", "croc_f1.wav", "croc_at.wav"}) {
    const auto w = sample(name);
    sfx.insert(sfx.end(), w.begin(), w.end());
  }
  writeFileAtomic(dir / "main.sfx", sfx);
  return dir;
}

std::string mergeCrocodile(const std::filesystem::path& dir, const std::string& more) {
  return "merge --into " + (dir / "TEST1.TR2").string() + " --from " + test::corpusFile("wad/karnak.WAD").string() +
         " --movable CROCODILE --samples " + test::corpusFile("samples").string() + " -o " + (dir / "out.tr2").string() + more;
}

TEST(MainSfxCli, FindsTheGamesMainSfxAndReportsTheMissingSamples) {
  WADSMITH_REQUIRE_CORPUS(test::corpusFile("trlevels/TEST1.TR2"));
  WADSMITH_REQUIRE_CORPUS(test::corpusFile("wad/karnak.WAD"));
  std::vector<std::uint8_t> sfx;
  const auto dir = gameFolder(sfx);
  const auto r = test::runWadsmith(mergeCrocodile(dir, ""));
  ASSERT_EQ(r.exit, 0) << r.out;
  EXPECT_NE(r.out.find("main.sfx (found beside the level), 4 samples"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("sound 80 CROC_ATTACK: added; samples croc_at.wav = MAIN.SFX 3 ("), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("sound 73 CROC_FEET: not carried: the sample croc_f2.wav from karnak.WAD: MAIN.SFX has no WAVE file"),
            std::string::npos) << r.out;
  const auto out = std::get<LevelDocument>(loadDocument(dir / "out.tr2"));
  EXPECT_EQ(soundSampleIndices(*out.data, 80), std::vector<std::uint32_t>{3});
  EXPECT_TRUE(soundSampleIndices(*out.data, 73).empty());  // TEST1.TR2 has no sound 73
  EXPECT_EQ(readFileBytes(dir / "main.sfx"), sfx);
}

TEST(MainSfxCli, MainSfxOutAppendsWhatItLacksAndNeverWritesTheGamesOwn) {
  WADSMITH_REQUIRE_CORPUS(test::corpusFile("trlevels/TEST1.TR2"));
  WADSMITH_REQUIRE_CORPUS(test::corpusFile("wad/karnak.WAD"));
  std::vector<std::uint8_t> sfx;
  const auto dir = gameFolder(sfx);
  const auto r = test::runWadsmith(mergeCrocodile(dir, " --main-sfx-out " + (dir / "new.sfx").string()));
  ASSERT_EQ(r.exit, 0) << r.out;
  EXPECT_NE(r.out.find("2 samples appended after its own"), std::string::npos) << r.out;
  const auto written = readFileBytes(dir / "new.sfx");
  ASSERT_GT(written.size(), sfx.size());
  EXPECT_TRUE(std::equal(sfx.begin(), sfx.end(), written.begin()));  // every number the game's levels use stays
  std::vector<std::string> problems;
  const auto waves = splitMainSfx(SharedBytes(written), problems);
  ASSERT_EQ(waves.size(), 6u);
  EXPECT_TRUE(sameAudio(waves[4], sample("croc_f2.wav")));
  EXPECT_TRUE(sameAudio(waves[5], sample("croc_die.wav")));
  const auto out = std::get<LevelDocument>(loadDocument(dir / "out.tr2"));
  EXPECT_EQ(soundSampleIndices(*out.data, 73), (std::vector<std::uint32_t>{2, 4}));
  EXPECT_EQ(soundSampleIndices(*out.data, 81), std::vector<std::uint32_t>{5});
  const auto own = test::runWadsmith(mergeCrocodile(dir, " --main-sfx-out " + (dir / "main.sfx").string()));
  EXPECT_NE(own.exit, 0);
  EXPECT_NE(own.out.find("the game's own is never written"), std::string::npos) << own.out;
  EXPECT_EQ(readFileBytes(dir / "main.sfx"), sfx);
}

// TR2 to TR2: the tiger of TEST1.TR2 into a copy whose map lost sound 67 (one the tiger plays):
// it comes back over the same MAIN.SFX numbers, no MAIN.SFX anywhere.
TEST(MainSfxCli, ALevelOfTheSameGameCarriesItsNumbers) {
  const auto source = test::corpusFile("trlevels/TEST1.TR2");
  WADSMITH_REQUIRE_CORPUS(source);
  auto level = std::get<LevelDocument>(loadDocument(source));
  const auto dir = test::scratchDir();
  auto r = test::runWadsmith("merge --into " + source.string() + " --from " + source.string() + " --movable 39 --as 200 -o " +
                             (dir / "same.tr2").string());
  ASSERT_EQ(r.exit, 0) << r.out;
  const auto at = r.out.find(": the same in the destination");
  ASSERT_NE(at, std::string::npos) << r.out;
  const auto id = static_cast<std::uint16_t>(std::stoi(r.out.substr(r.out.rfind("sound ", at) + 6)));
  LevelData d = *level.data;
  auto map = *d.soundMap;
  map[id] = kNoSoundInfo;
  d.soundMap = share<std::vector<std::int16_t>>(map);
  level.data = share<LevelData>(d);
  writeFileAtomic(dir / "lost.tr2", writeLevel(level));
  r = test::runWadsmith("merge --into " + (dir / "lost.tr2").string() + " --from " + source.string() + " --movable 39 --as 200 -o " +
                        (dir / "back.tr2").string());
  ASSERT_EQ(r.exit, 0) << r.out;
  EXPECT_NE(r.out.find("sound " + std::to_string(id) + " "), std::string::npos) << r.out;
  const auto back = std::get<LevelDocument>(loadDocument(dir / "back.tr2"));
  const auto original = std::get<LevelDocument>(loadDocument(source));
  EXPECT_FALSE(soundSampleIndices(*original.data, id).empty());
  EXPECT_EQ(soundSampleIndices(*back.data, id), soundSampleIndices(*original.data, id)) << r.out;
}

// The editor: a TR2 level opened, the Merge panel's MAIN.SFX fields, the same use case.
TEST(MainSfxCli, TheMergePanelPassesMainSfx) {
  WADSMITH_REQUIRE_CORPUS(test::corpusFile("trlevels/TEST1.TR2"));
  WADSMITH_REQUIRE_CORPUS(test::corpusFile("wad/karnak.WAD"));
  std::vector<std::uint8_t> sfx;
  const auto dir = gameFolder(sfx);
  const auto given = dir.parent_path() / "given.sfx";
  writeFileAtomic(given, sample("croc_die.wav"));
  session::Session s;
  s.open(dir / "TEST1.TR2");
  s.openSource(test::corpusFile("wad/karnak.WAD"));
  auto& panel = s.panels.merge;
  panel.mainSfx = given.string(), panel.mainSfxOut = (dir / "panel.sfx").string();
  const auto req = session::actions::mergeArgs(s, {ObjectRef{ObjectKind::Movable, 51}});
  const auto merged = s.bringIn(req);
  ASSERT_TRUE(merged.level);
  EXPECT_EQ(soundSampleIndices(*merged.level->data, 81), std::vector<std::uint32_t>{0});  // found in the given one
  const auto written = readFileBytes(dir / "panel.sfx");
  std::vector<std::string> problems;
  EXPECT_EQ(splitMainSfx(SharedBytes(written), problems).size(), 4u);  // its one, then the other three
}

}  // namespace
}  // namespace wadsmith
