// The sound and sprite files through the commands users run: save writes the whole set, info
// reports sounds and missing WAVs, apply edits sounds, merge carries them (--sounds, --sprite,
// --samples), dump shows them.
#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <set>

#include <nlohmann/json.hpp>

#include "io/file_io.h"
#include "io/wad_files.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

std::string fixture(const char* f) { return (test::fixturesDir() / f).string(); }

TEST(SoundCli, SaveWritesEveryFileOfTheSet) {
  const auto dir = test::scratchDir();
  auto r = test::runWadsmith("save " + fixture("sample.wad") + " -o " + (dir / "copy.wad").string());
  ASSERT_EQ(r.exit, 0) << r.out;
  for (const char* ext : {"wad", "was", "sfx", "sam", "swd"})
    EXPECT_EQ(readFileBytes(dir / (std::string("copy.") + ext)), readFileBytes(test::fixturesDir() / (std::string("sample.") + ext))) << ext;
  EXPECT_EQ(test::runWadsmith("roundtrip " + fixture("sample.wad") + " " + fixture("quirks.wad")).out,
            "identical " + fixture("sample.wad") + "\nidentical " + fixture("quirks.wad") + "\n");
}

TEST(SoundCli, InfoReportsSoundsSpritesAndMissingWavs) {
  auto r = test::runWadsmith("info " + fixture("sample.wad"));
  ASSERT_EQ(r.exit, 0) << r.out;
  EXPECT_NE(r.out.find("sounds (.SFX + .SAM): 4 of 370 ids in use, 3 infos, 4 samples; samples folder "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("samples: 0 missing"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  ids in use: 0 71-72 126\n  ids the objects play: 71 126\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("sprites: 3 textures on 1 pages, sequences: 460 SKY_GRAPHICS (1) 463 DEFAULT_SPRITES (2)"), std::string::npos);
  auto j = nlohmann::json::parse(test::runWadsmith("info --json " + fixture("sample.wad")).out);
  EXPECT_EQ(j["sounds"]["missing_wavs"], 0);
  EXPECT_TRUE(j["warnings"].empty()) << j["warnings"];
  EXPECT_EQ(j["sounds"]["sounds"][1]["samples"], nlohmann::json::array({"swoosh.wav"}));
  // Another folder: every WAV is missing there.
  auto elsewhere = test::runWadsmith("info " + fixture("sample.wad") + " --samples " + test::scratchDir().string());
  EXPECT_NE(elsewhere.out.find(": 4 missing"), std::string::npos) << elsewhere.out;
  EXPECT_NE(elsewhere.out.find(".SAM line 3: gate.wav is missing from the samples folder"), std::string::npos) << elsewhere.out;
  auto strict = test::runWadsmith("validate --strict " + fixture("sample.wad") + " --samples " + test::scratchDir().string());
  EXPECT_EQ(strict.exit, 1) << strict.out;
  // An all-zero map names an info the .SFX does not have: reported.
  auto quirks = test::runWadsmith("validate " + fixture("quirks.wad"));
  EXPECT_NE(quirks.out.find("sound id 0: names info 0, past the 0 sound infos (and 369 more ids do the same)"), std::string::npos)
      << quirks.out;
  EXPECT_NE(quirks.out.find(".SAM line 0: foot01.wav is missing from the samples folder"), std::string::npos) << quirks.out;
}

TEST(SoundCli, ApplyEditsSounds) {
  const auto dir = test::scratchDir();
  std::ofstream(dir / "s.json") << R"([{"op": "set_sound_info", "id": 71, "volume": 99, "samples": ["a.wav", "b.wav"]},
    {"op": "add_sound_info", "id": 200, "pitch": -4, "loop": 3, "samples": ["c.wav"]},
    {"op": "assign_sound_id", "id": 201, "same_as": 200},
    {"op": "remove_sound_info", "id": 126},
    {"op": "set_sample", "sample": 0, "name": "low.wav"}])";
  auto r = test::runWadsmith("apply " + fixture("sample.wad") + " " + (dir / "s.json").string() + " -o " + (dir / "out.wad").string());
  ASSERT_EQ(r.exit, 0) << r.out;
  EXPECT_EQ(readFileBytes(dir / "out.sam"), (std::vector<std::uint8_t>{'l', 'o', 'w', '.', 'w', 'a', 'v', '\n', 't', 'o', 'n', 'e', '_', 'h', 'i', 'g', 'h', '.', 'w', 'a', 'v', '\n',
                                                                   'a', '.', 'w', 'a', 'v', '\n', 'b', '.', 'w', 'a', 'v', '\n', 'c', '.', 'w', 'a', 'v', '\n'}));
  const auto s = *loadWad(dir / "out.wad").sounds;
  EXPECT_EQ(s.info(71)->volume, 99);
  EXPECT_EQ(s.info(71)->sampleCount(), 2);
  EXPECT_EQ(s.map[201], s.map[200]);
  EXPECT_EQ(s.info(200)->pitch, -4);
  EXPECT_EQ(s.map[126], -1);
  // Undo of all five steps gives the original set back.
  auto undone = test::runWadsmith("apply " + fixture("sample.wad") + " " + (dir / "s.json").string() + " --undo 5 -o " + (dir / "u.wad").string());
  ASSERT_EQ(undone.exit, 0) << undone.out;
  for (const char* ext : {"sfx", "sam"})
    EXPECT_EQ(readFileBytes(dir / (std::string("u.") + ext)), readFileBytes(test::fixturesDir() / (std::string("sample.") + ext))) << ext;
  // Bad values are named; nothing is written.
  std::ofstream(dir / "bad.json") << R"([{"op": "set_sound_info", "id": 71, "volume": 300}])";
  auto bad = test::runWadsmith("apply " + fixture("sample.wad") + " " + (dir / "bad.json").string() + " -o " + (dir / "bad.wad").string());
  EXPECT_NE(bad.exit, 0);
  EXPECT_NE(bad.out.find("operation 0 (set_sound_info): field \"volume\" must be within 0..255, got 300"), std::string::npos) << bad.out;
  EXPECT_FALSE(std::filesystem::exists(dir / "bad.wad"));
}

TEST(SoundCli, MergeCarriesSoundsAndSprites) {
  const auto dir = test::scratchDir();
  const auto out = (dir / "m.wad").string();
  auto r = test::runWadsmith("merge --into " + fixture("quirks.wad") + " --from " + fixture("sample.wad") +
                             " --movable 427 --sprite 463 --sounds replace -o " + out);
  ASSERT_EQ(r.exit, 0) << r.out;
  EXPECT_NE(r.out.find("sounds (replace): 2 ids the merged movables play: 2 added"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("  sound 71 GENERIC_SWOOSH: added; samples swoosh.wav (played by an animation of slot 427)"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("sprite sequence 463: 2 sprite textures with their pixels"), std::string::npos) << r.out;
  const auto doc = loadWad(out);
  ASSERT_TRUE(doc.sprites);
  ASSERT_EQ(doc.sprites->sequences.size(), 1u);
  EXPECT_EQ(doc.sprites->sequences[0], (SpriteSequence{463, -2, 0}));
  // The sprites' pixels travelled: each texture shows what it showed in the source.
  const auto src = loadWad(fixture("sample.wad"));
  for (int k = 0; k < 2; ++k) {
    const auto& a = src.sprites->textures[static_cast<std::size_t>(1 + k)];
    const auto& b = doc.sprites->textures[static_cast<std::size_t>(k)];
    for (int y = 0; y < spriteHeight(a); ++y)
      for (int x = 0; x < spriteWidth(a); ++x)
        ASSERT_EQ(std::memcmp(src.sprites->pages.pixel(a.tile, a.x + x, a.y + y), doc.sprites->pages.pixel(b.tile, b.x + x, b.y + y), 3), 0);
  }
  EXPECT_EQ(test::runWadsmith("roundtrip " + out).exit, 0);
  auto bad = test::runWadsmith("merge --into " + fixture("quirks.wad") + " --from " + fixture("sample.wad") +
                               " --movable 427 --sounds loud -o " + out);
  EXPECT_NE(bad.out.find("--sounds: loud not in {keep,replace,none}"), std::string::npos) << bad.out;
  auto occupied = test::runWadsmith("merge --into " + fixture("sample.wad") + " --from " + fixture("sample.wad") + " --sprite 463 -o " + out);
  EXPECT_NE(occupied.out.find("sprite sequence 463 DEFAULT_SPRITES is in the destination: ask to replace it (--replace)"), std::string::npos) << occupied.out;
}

// Out of a level, embedded WAVs go into the samples folder; the same audio already there is
// used by its name, and a different file of the proposed name is never overwritten.
TEST(SoundCli, MergeFromALevelPlacesItsWavs) {
  const auto level = test::corpusFile("tr4/TEST1.TR4");
  WADSMITH_REQUIRE_CORPUS(level);
  const auto dir = test::scratchDir();
  const auto samples = dir / "samples";
  std::filesystem::create_directories(samples);
  std::ofstream(samples / "dog_howl.wav") << "not the dog";
  const auto out = (dir / "dog.wad").string();
  auto r = test::runWadsmith("merge --into " + fixture("sample.wad") + " --from " + level.string() + " --movable DOG --samples " +
                             samples.string() + " -o " + out);
  ASSERT_EQ(r.exit, 0) << r.out;
  EXPECT_NE(r.out.find("sample dog_howl_2.wav: written to " + samples.string() + " renamed: another dog_howl.wav is there"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(readFileBytes(samples / "dog_howl.wav").size(), 11u);
  const auto doc = loadWad(out);
  std::set<std::string> names;
  for (const auto& s : doc.sounds->samples) names.insert(s.name);
  EXPECT_TRUE(names.count("dog_howl_2.wav"));
  EXPECT_TRUE(names.count("dog_bite_1.wav"));
  // The same merge again: every WAV is already there, nothing new is written.
  auto again = test::runWadsmith("merge --into " + fixture("sample.wad") + " --from " + level.string() + " --movable DOG --samples " +
                                 samples.string() + " -o " + out);
  EXPECT_NE(again.out.find("sample dog_howl_2.wav: the same audio is already in"), std::string::npos) << again.out;
  std::size_t files = 0;
  for (const auto& e : std::filesystem::directory_iterator(samples)) files += e.is_regular_file();
  EXPECT_EQ(files, 6u);
}

TEST(SoundCli, DumpShowsSoundsAndSprites) {
  auto j = nlohmann::json::parse(test::runWadsmith("dump " + fixture("sample.wad") + " --json").out);
  EXPECT_EQ(j["sounds"]["map"][71], 1);
  EXPECT_EQ(j["sounds"]["infos"][0]["volume"], 112);
  EXPECT_EQ(j["sounds"]["infos"][0]["random_pitch"], true);
  EXPECT_EQ(j["sounds"]["samples"][2]["name"], "swoosh.wav");
  EXPECT_EQ(j["sounds"]["samples"][2]["list_index"], 57);
  EXPECT_EQ(j["sprites"]["sequences"][1]["id"], 463);
}

}  // namespace
}  // namespace wadsmith
