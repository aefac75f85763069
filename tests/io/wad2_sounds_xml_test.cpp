// Tomb Editor's XML sound catalog: the generated fixture reads back to sample.wad's sounds;
// write -> read is the identity; hostile input is a located error (file, element, byte, line);
// wad2 -> classic carries the sounds the animations play, classic -> wad2 -> classic keeps them.
#include <gtest/gtest.h>

#include "io/file_io.h"
#include "io/parse_error.h"
#include "io/sound_codec.h"
#include "io/wad2_codec.h"
#include "io/wad2_sounds_xml.h"
#include "io/wad_codec.h"
#include "model/wad2/from_classic.h"
#include "model/wad2/sound_catalog.h"
#include "model/wad2/to_classic.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

std::vector<std::uint8_t> bytesOf(const std::string& s) { return {s.begin(), s.end()}; }

SoundSet sampleSounds() {
  const auto sfx = readFileBytes(test::fixturesDir() / "sample.sfx");
  const auto sam = readFileBytes(test::fixturesDir() / "sample.sam");
  return readWadSounds(&sfx, &sam, 129, "sample.sfx");
}

wad2::SoundCatalog sampleCatalog() {
  return readSoundCatalog(readFileBytes(test::fixturesDir() / "sample.xml"), "sample.xml");
}

TEST(Wad2SoundsXml, FixtureIsSampleWadsSounds) {
  const auto catalog = sampleCatalog();
  const auto sounds = sampleSounds();
  ASSERT_EQ(catalog.sounds.size(), sounds.idsInUse());
  for (const auto& s : catalog.sounds) {
    const SoundInfo* info = sounds.info(static_cast<std::size_t>(s.id));
    ASSERT_TRUE(info) << s.id;
    EXPECT_EQ(s.rangeInSectors, info->range);
    EXPECT_EQ(static_cast<int>(s.loop), info->loopMode());
    EXPECT_EQ(static_cast<int>(s.samples.size()), info->sampleCount());
    EXPECT_EQ(s.randomizePitch, (info->flags & soundflag::kRandomPitch) != 0);
  }
  EXPECT_EQ(writeSoundCatalog(catalog), readFileBytes(test::fixturesDir() / "sample.xml"));
}

TEST(Wad2SoundsXml, KnownValuesAnyOrderUnknownElementsSkipped) {
  const auto c = readSoundCatalog(bytesOf(R"(<?xml version="1.0" encoding="utf-8"?>
<WadSounds><SoundInfos><WadSoundInfo><Name>TR2_LARA_NO</Name><Id>2</Id><Volume>50</Volume>
<Future>x</Future><RangeInSectors>13</RangeInSectors><Chance>40</Chance><PitchFactor>-10</PitchFactor>
<RandomizeVolume>true</RandomizeVolume><LoopBehaviour>OneShotRewound</LoopBehaviour>
<Samples><WadSample><FileName>TR2_LARA_no_01.wav</FileName></WadSample></Samples></WadSoundInfo>
</SoundInfos></WadSounds>)"), "t.xml");
  ASSERT_EQ(c.sounds.size(), 1u);
  const auto& s = c.sounds[0];
  EXPECT_EQ(s.id, 2);
  EXPECT_EQ(s.name, "TR2_LARA_NO");
  EXPECT_EQ(s.volume, 50);
  EXPECT_EQ(s.pitchFactor, -10);
  EXPECT_TRUE(s.randomizeVolume);
  EXPECT_FALSE(s.randomizePitch);
  EXPECT_EQ(s.loop, wad2::SoundLoop::OneShotRewound);
  EXPECT_EQ(s.samples, std::vector<std::string>{"TR2_LARA_no_01.wav"});
  const auto classic = wad2::classicSounds(c, {2, 7}, 370);
  ASSERT_EQ(classic.set.infos.size(), 1u);
  EXPECT_EQ(classic.set.infos[0].volume, 128);  // 50% of 255, rounded
  EXPECT_EQ(classic.set.infos[0].chance, 102);
  EXPECT_EQ(classic.set.infos[0].pitch, -13);
  EXPECT_EQ(classic.set.infos[0].flags, 2 | (1 << 2) | soundflag::kRandomVolume);
  ASSERT_EQ(classic.report.size(), 1u);  // sound 7 is not in the catalog
  EXPECT_NE(classic.report[0].find("sound 7"), std::string::npos);
}

// The located error of `xml`, or "" when it reads.
std::string errorOf(const std::string& xml) {
  try {
    readSoundCatalog(bytesOf(xml), "bad.xml");
  } catch (const ParseError& e) {
    return e.what();
  }
  return "";
}

TEST(Wad2SoundsXml, HostileInputIsALocatedError) {
  const std::string head = "<WadSounds>\n<SoundInfos>\n<WadSoundInfo>\n";
  const std::string tail = "</WadSoundInfo></SoundInfos></WadSounds>";
  auto e = errorOf(head + "<Volume>loud</Volume>\n" + tail);
  EXPECT_NE(e.find("bad.xml: section WadSounds/SoundInfos/WadSoundInfo/Volume at byte 41: line 4"), std::string::npos) << e;
  e = errorOf(head + "<Id>99999999999</Id>" + tail);
  EXPECT_NE(e.find("/Id at byte"), std::string::npos) << e;
  e = errorOf(head + "<Global>yes</Global>" + tail);
  EXPECT_NE(e.find("/Global at byte"), std::string::npos) << e;
  e = errorOf(head + "<LoopBehaviour>Forever</LoopBehaviour>" + tail);
  EXPECT_NE(e.find("not a LoopBehaviour"), std::string::npos) << e;
  e = errorOf(head + "<Samples><WadSample/></Samples>" + tail);
  EXPECT_NE(e.find("without a FileName"), std::string::npos) << e;
  e = errorOf(head + "<Id>1</Id></WadSoundInfo><WadSoundInfo>\n<Id>1</Id>" + tail);
  EXPECT_NE(e.find("a second sound info with id 1"), std::string::npos) << e;
  e = errorOf(head + "<Volume>1</Vol>");
  EXPECT_NE(e.find("line 4: not well-formed XML"), std::string::npos) << e;
  e = errorOf("<Sounds/>");
  EXPECT_NE(e.find("no <WadSounds> element"), std::string::npos) << e;
  e = errorOf(std::string(1, '\0') + "\xff\xfe");
  EXPECT_FALSE(e.empty());
  std::string deep;
  for (int i = 0; i < 200000; ++i) deep += "<a>";
  EXPECT_NE(errorOf(deep).find("not well-formed"), std::string::npos);  // nesting: no recursion to blow
}

TEST(Wad2SoundsXml, CatalogToClassicAndBackKeepsEveryValue) {
  auto catalog = sampleCatalog();
  std::set<std::int64_t> ids;
  for (const auto& s : catalog.sounds) ids.insert(s.id);
  const auto classic = wad2::classicSounds(catalog, ids, 370);
  EXPECT_TRUE(classic.report.empty());
  auto back = wad2::catalogOf(classic.set);
  EXPECT_EQ(back, catalog);
  EXPECT_EQ(readSoundCatalog(writeSoundCatalog(back), "back.xml"), catalog);
}

TEST(Wad2SoundsXml, Wad2ToClassicCarriesThePlayedSounds) {
  const auto doc = readWad2(readFileBytes(test::fixturesDir() / "sample.wad2"), "sample.wad2");
  const auto played = wad2::playedSounds(doc);
  ASSERT_FALSE(played.empty());
  const auto catalog = sampleCatalog();
  const auto classic = wad2::toClassic(doc, wad2::ClassicOptions{{}, {}, &catalog});
  ASSERT_TRUE(classic.wad.sounds);
  const auto original = sampleSounds();
  for (auto id : played) {
    const SoundInfo* a = original.info(static_cast<std::size_t>(id));
    const SoundInfo* b = classic.wad.sounds->info(static_cast<std::size_t>(id));
    if (!a) continue;
    ASSERT_TRUE(b) << "sound " << id;
    EXPECT_EQ(a->flags, b->flags) << id;
    EXPECT_EQ(a->range, b->range) << id;
    EXPECT_NEAR(a->volume, b->volume, 1) << id;  // percent in the XML: TombLib's rounding
    for (int k = 0; k < a->sampleCount(); ++k)
      EXPECT_EQ(original.samples[a->sample + k].name, classic.wad.sounds->samples[b->sample + k].name);
  }
  // The WAD's sound files write and read back.
  const auto sfx = writeSfx(*classic.wad.sounds), sam = writeSam(*classic.wad.sounds);
  EXPECT_EQ(writeSfx(readWadSounds(&sfx, &sam, classic.wad.version, "out.sfx")), sfx);
  // Without a catalog: no sounds, and the report says so.
  const auto silent = wad2::toClassic(doc);
  EXPECT_FALSE(silent.wad.sounds);
}

TEST(Wad2SoundsXml, ClassicToWad2WritesTheCatalogBeside) {
  const auto wad = readWad(readFileBytes(test::fixturesDir() / "sample.wad"), "sample.wad");
  const auto sounds = sampleSounds();
  const auto dir = test::scratchDir();  // made empty on each call: once
  const auto path = dir / "out.wad2";
  saveWad2WithSounds(path, wad2::fromClassic(wad), &sounds);
  const auto catalog = readSoundCatalogBeside(path);
  ASSERT_TRUE(catalog);
  EXPECT_EQ(*catalog, wad2::catalogOf(sounds));
  EXPECT_FALSE(readSoundCatalogBeside(dir / "none.wad2"));
  // wad2 -> classic with that catalog: the played sounds' infos as the WAD had them.
  const auto back = wad2::toClassic(readWad2(readFileBytes(path), path.string()), wad2::ClassicOptions{{}, {}, &*catalog});
  ASSERT_TRUE(back.wad.sounds);
  EXPECT_GT(back.wad.sounds->idsInUse(), 0u);
}

TEST(Wad2SoundsXml, MissingSamplesAreReported) {
  const auto set = wad2::classicSounds(sampleCatalog(), {0, 1, 2, 3, 4, 5, 6, 7, 8}, 370).set;
  ASSERT_FALSE(set.samples.empty());
  const SampleFolder samples(test::fixturesDir() / "samples");
  const auto missing = missingSamples(set, {samples});
  EXPECT_LT(missing.size(), set.samples.size());  // the fixture's folder holds some
  std::set<std::string> names;
  for (const auto& s : set.samples) names.insert(s.name);
  EXPECT_EQ(missingSamples(set, {}).size(), names.size());  // no folder: every name, once
  EXPECT_EQ(soundCatalogPath("a/b/sample.wad2"), std::filesystem::path("a/b/sample.xml"));
}

}  // namespace
}  // namespace wadsmith
