// The WAD's sound and sprite companions (.SFX, .SAM, .SWD): every set round-trips byte for byte
// through load + save (fixtures and corpus), known values read from the real files, located
// errors for bad files (the WAD still opens and nothing is lost on save), companions found in
// any case and written with the output's base name.
#include <gtest/gtest.h>

#include <fstream>

#include "io/file_io.h"
#include "io/sound_codec.h"
#include "io/swd_codec.h"
#include "io/wad_files.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

using Bytes = std::vector<std::uint8_t>;

std::vector<std::filesystem::path> allWads() {
  auto files = test::corpusFiles("wad", {".wad"});
  for (const char* f : {"sample.wad", "quirks.wad", "version130.wad"}) files.push_back(test::fixturesDir() / f);
  return files;
}

void copyInto(const std::filesystem::path& from, const std::filesystem::path& to) {
  // Removed first: mingw's copy_file refuses to overwrite ("File exists") despite the option.
  std::filesystem::remove(to);
  std::filesystem::copy_file(from, to);
}

class SoundSetRoundTrip : public ::testing::TestWithParam<std::filesystem::path> {};

// Every companion on disk is written back (none dropped) with the bytes it had.
TEST_P(SoundSetRoundTrip, EveryCompanionWritesIdenticalBytes) {
  const auto wad = GetParam();
  const auto doc = loadWad(wad);
  std::set<std::string> written;
  for (const auto& [ext, bytes] : companionFiles(doc)) {
    written.insert(ext);
    const auto original = findCompanion(wad, ext);
    ASSERT_FALSE(original.empty()) << wad << " wrote a ." << ext << " it did not have";
    EXPECT_EQ(test::firstDifference(readFileBytes(original), bytes), -1) << original;
  }
  for (const char* ext : {"WAS", "SFX", "SAM", "SWD"})
    EXPECT_EQ(written.count(ext), findCompanion(wad, ext).empty() ? 0u : 1u) << wad << " ." << ext;

  // Saved under another name: the whole set, each file with the output's base name.
  const auto dir = test::scratchDir();
  const auto out = dir / "copy.wad";
  saveWad(doc, out);
  EXPECT_EQ(test::firstDifference(readFileBytes(wad), readFileBytes(out)), -1);
  for (const auto& ext : written) {
    std::string lower = ext;
    for (auto& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    const auto path = dir / ("copy." + lower);
    ASSERT_TRUE(std::filesystem::exists(path)) << path;
    EXPECT_EQ(test::firstDifference(readFileBytes(findCompanion(wad, ext)), readFileBytes(path)), -1) << path;
  }
}

INSTANTIATE_TEST_SUITE_P(AllSets, SoundSetRoundTrip, ::testing::ValuesIn(allWads()), [](const auto& info) {
  std::string n = info.param.filename().string();
  for (auto& c : n)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return n;
});

TEST(SoundFiles, KarnakKnownValues) {
  const auto wad = test::corpusFile("wad/karnak.WAD");
  WADSMITH_REQUIRE_CORPUS(wad);
  const auto doc = loadWad(wad);
  ASSERT_TRUE(doc.sounds);
  const auto& s = *doc.sounds;
  EXPECT_EQ(s.map.size(), 370u);
  EXPECT_EQ(s.idsInUse(), 115u);
  EXPECT_EQ(s.infos.size(), 115u);
  EXPECT_EQ(s.samples.size(), 135u);
  // LARA_FEET: sample 0, volume 112, range 10, chance 0, pitch 19, 4 samples, random pitch + volume.
  EXPECT_EQ(s.infos[0], (SoundInfo{0, 112, 10, 0, 19, 0x6010}));
  EXPECT_EQ(s.infos[0].sampleCount(), 4);
  EXPECT_EQ(s.samples[0].name, "foot01.wav");
  EXPECT_EQ(s.samples[4].name, "clim_up2.wav");
  // The sample block holds sounds.txt indices, not 0..M-1.
  EXPECT_EQ(*s.samples[15].listIndex, 15u);
  EXPECT_EQ(*s.samples[16].listIndex, 22u);
  EXPECT_TRUE(s.sfxTrailer.empty());
}

TEST(SoundFiles, Tut1SpritesKnownValues) {
  const auto wad = test::corpusFile("wad/tut1.WAD");
  WADSMITH_REQUIRE_CORPUS(wad);
  const auto doc = loadWad(wad);
  ASSERT_TRUE(doc.sprites);
  const auto& f = *doc.sprites;
  EXPECT_EQ(f.version, 129u);
  EXPECT_EQ(f.textures.size(), 37u);
  EXPECT_EQ(f.pages.pages.size(), 1u);
  ASSERT_EQ(f.sequences.size(), 2u);
  EXPECT_EQ(f.sequences[0], (SpriteSequence{460, -4, 0}));
  EXPECT_EQ(f.sequences[1], (SpriteSequence{463, -33, 4}));
  EXPECT_EQ(f.textures[1].x, 64);
  EXPECT_EQ(spriteWidth(f.textures[1]), 64);
  EXPECT_EQ(spriteWidth(f.textures[4]), 32);
  ASSERT_TRUE(doc.sounds);
  EXPECT_EQ(doc.sounds->samples.size(), 144u);
}

TEST(SoundFiles, FixtureQuirksAreKept) {
  const auto quirks = loadWad(test::fixturesDir() / "quirks.wad");
  ASSERT_TRUE(quirks.sounds);
  EXPECT_EQ(quirks.sounds->sfxTrailer.size(), 12u);
  EXPECT_TRUE(quirks.sounds->infos.empty());
  EXPECT_EQ(quirks.sounds->map[5], 0);  // an all-zero map is data (validation reports it)
  ASSERT_EQ(quirks.sounds->samples.size(), 2u);  // the .SAM's two lines, the block's one index
  EXPECT_TRUE(quirks.sounds->samples[0].listIndex);
  EXPECT_FALSE(quirks.sounds->samples[1].listIndex);
  EXPECT_TRUE(quirks.sounds->samples[0].crlf);
  EXPECT_FALSE(quirks.sounds->samFinalNewline);
  const auto ng = loadWad(test::fixturesDir() / "version130.wad");
  ASSERT_TRUE(ng.sounds);
  EXPECT_EQ(ng.sounds->map.size(), 2048u);  // TRNG's map, from the WAD's version
  EXPECT_FALSE(ng.sounds->hasSam);
  EXPECT_EQ(ng.sounds->map[1500], 0);
}

// A bad .SFX: a located error, the WAD still opens (sounds unavailable), and saving writes the
// .SFX and .SAM back unchanged.
TEST(SoundFiles, BadSfxIsLocatedAndKept) {
  const Bytes good = readFileBytes(test::fixturesDir() / "sample.sfx");
  auto countAt = [](Bytes b, std::size_t at, std::uint32_t v) {
    for (int k = 0; k < 4; ++k) b[at + k] = static_cast<std::uint8_t>(v >> (8 * k));
    return b;
  };
  Bytes pastSam = good;
  pastSam[740 + 4 + 8 * 2] = 9;  // info 2's first sample: 9 of the .SAM's 4 lines
  const std::vector<std::pair<Bytes, std::string>> cases = {
      {Bytes(good.begin(), good.begin() + 500), "section sound map at byte 0: sound map entry (370 for a version 129 WAD) count 370 needs 740 bytes, only 500 left"},
      {Bytes(good.begin(), good.begin() + 760), "section sound infos at byte 744: sound info count 3 needs 24 bytes, only 16 left"},
      {countAt(good, 740, 0xFFFFFFFFu), "section sound infos at byte 744: sound info count 4294967295 needs"},
      {countAt(good, 740 + 4 + 24, 1000000), "section sample block at byte 772: sample count 1000000"},
      {pastSam, "section sound infos at byte 760: info 2 plays samples 9..9, past the 4 lines of the .SAM"},
  };
  for (const auto& [bytes, message] : cases) {
    const auto dir = test::scratchDir();
    copyInto(test::fixturesDir() / "sample.wad", dir / "bad.wad");
    copyInto(test::fixturesDir() / "sample.sam", dir / "bad.sam");
    { std::ofstream(dir / "bad.sfx", std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()), static_cast<long>(bytes.size())); }
    const auto doc = loadWad(dir / "bad.wad");
    EXPECT_FALSE(doc.sounds);
    ASSERT_EQ(doc.companions.size(), 2u);
    EXPECT_EQ(doc.companions[0].extension, "SFX");
    EXPECT_NE(doc.companions[0].problem.find("bad.sfx: " + message), std::string::npos) << doc.companions[0].problem;
    saveWad(doc, dir / "out.wad");
    EXPECT_EQ(readFileBytes(dir / "out.sfx"), bytes);
    EXPECT_EQ(readFileBytes(dir / "out.sam"), readFileBytes(test::fixturesDir() / "sample.sam"));
  }
}

TEST(SoundFiles, BadSwdIsLocatedAndKept) {
  const auto dir = test::scratchDir();
  copyInto(test::fixturesDir() / "sample.wad", dir / "s.wad");
  Bytes swd = readFileBytes(test::fixturesDir() / "sample.swd");
  swd.resize(100);
  { std::ofstream(dir / "s.SWD", std::ios::binary).write(reinterpret_cast<const char*>(swd.data()), static_cast<long>(swd.size())); }
  const auto doc = loadWad(dir / "s.wad");
  EXPECT_FALSE(doc.sprites);
  ASSERT_EQ(doc.companions.size(), 1u);
  EXPECT_NE(doc.companions[0].problem.find("section sprite pages at byte 60: page byte count 196608 needs 196608 bytes, only 40 left"),
            std::string::npos)
      << doc.companions[0].problem;
  saveWad(doc, dir / "s.wad");  // in place: the existing s.SWD is the one written
  EXPECT_EQ(readFileBytes(dir / "s.SWD"), swd);
}

// Companions in other cases than the WAD are found; a save elsewhere names them after the output.
TEST(SoundFiles, CompanionsFoundInAnyCaseAndNamedAfterTheOutput) {
  const auto dir = test::scratchDir();
  copyInto(test::fixturesDir() / "sample.wad", dir / "Guard.WAD");
  copyInto(test::fixturesDir() / "sample.sfx", dir / "guard.sfx");
  copyInto(test::fixturesDir() / "sample.sam", dir / "GUARD.Sam");
  copyInto(test::fixturesDir() / "sample.swd", dir / "guard.swd");
  const auto doc = loadWad(dir / "Guard.WAD");
  ASSERT_TRUE(doc.sounds);
  ASSERT_TRUE(doc.sprites);
  std::filesystem::create_directories(dir / "out");
  saveWad(doc, dir / "out" / "Tomb.WAD");
  for (const char* f : {"Tomb.WAD", "Tomb.SFX", "Tomb.SAM", "Tomb.SWD"}) EXPECT_TRUE(std::filesystem::exists(dir / "out" / f)) << f;
  EXPECT_EQ(readFileBytes(dir / "out" / "Tomb.SAM"), readFileBytes(test::fixturesDir() / "sample.sam"));
  // Saved over the original: the existing companions (in their case) are replaced, no new ones.
  saveWad(doc, dir / "Guard.WAD");
  std::size_t files = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir)) files += e.is_regular_file();
  EXPECT_EQ(files, 4u);
}

// Codec functions alone: a .SAM without .SFX, and an .SFX without .SAM.
TEST(SoundFiles, EitherFileAlone) {
  const Bytes sam = {'a', '.', 'w', 'a', 'v', '\n', 'b', '.', 'w', 'a', 'v', '\n'};
  auto s = readWadSounds(nullptr, &sam, 129, "x.sfx");
  EXPECT_FALSE(s.hasSfx);
  EXPECT_EQ(s.samples.size(), 2u);
  EXPECT_EQ(writeSam(s), sam);
  const Bytes sfx = readFileBytes(test::fixturesDir() / "sample.sfx");
  auto t = readWadSounds(&sfx, nullptr, 129, "x.sfx");
  EXPECT_FALSE(t.hasSam);
  EXPECT_EQ(t.samples.size(), 4u);
  EXPECT_EQ(writeSfx(t), sfx);
}

}  // namespace
}  // namespace wadsmith
