// wad2 objects to TR4 slots: a TombEngine file's objects matched by name, the rest to free
// ANIMATING / static slots avoiding the destination's; TR4 files keep their numbers; every
// corpus wad2 lands each object in a distinct TR4 slot, and the converted WAD holds them there.
#include <gtest/gtest.h>

#include <set>

#include "io/file_io.h"
#include "io/wad2_codec.h"
#include "model/catalog.h"
#include "model/command.h"
#include "model/object_view.h"
#include "model/wad2/slots.h"
#include "model/wad2/to_classic.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

wad2::Document withObjects(std::int64_t game, std::vector<std::int64_t> movables, std::vector<std::int64_t> statics) {
  wad2::Document d;
  d.game = game;
  for (auto id : movables) {
    wad2::Movable m;
    m.objectId = id;
    d.movables.push_back(share<wad2::Movable>(std::move(m)));
  }
  for (auto id : statics) {
    wad2::Static s;
    s.objectId = id;
    d.statics.push_back(share<wad2::Static>(std::move(s)));
  }
  return d;
}

std::uint32_t tr4(const std::string& name) { return *catalog::movableSlot(name, Game::TR4); }

TEST(Wad2Slots, TombEngineObjectsMatchTr4ByName) {
  // TombEngine: 118 BAT, 255 SKELETON, 174 BADDY1 (TR4's BADDY_1), 460 FUSEBOX (no TR4 slot).
  const auto plan = wad2::planSlots(withObjects(wad2::game::kTombEngine, {118, 255, 174, 460}, {3}),
                                    {.takenMovables = {tr4("ANIMATING1")}, .takenStatics = {}});
  ASSERT_EQ(plan.movables.size(), 4u);
  EXPECT_EQ(plan.movables[0].to, tr4("BAT"));
  EXPECT_EQ(plan.movables[1].to, tr4("SKELETON"));
  EXPECT_EQ(plan.movables[2].to, tr4("BADDY_1"));
  EXPECT_EQ(plan.movables[3].to, tr4("ANIMATING2")) << plan.movables[3].why;  // ANIMATING1 is the destination's
  EXPECT_NE(plan.movables[3].why.find("FUSEBOX"), std::string::npos);
  EXPECT_EQ(plan.statics[0].to, 3u);
  const auto report = plan.report();
  EXPECT_EQ(report.size(), 4u);
}

TEST(Wad2Slots, Tr4FilesKeepTheirNumbersAndClashesGoFree) {
  const auto plan = wad2::planSlots(withObjects(wad2::game::kTR4, {69, 69}, {0}), {{}, {0}});
  EXPECT_EQ(plan.movables[0].to, 69u);
  EXPECT_EQ(plan.movables[1].to, tr4("ANIMATING1"));  // a second object in slot 69
  EXPECT_EQ(plan.statics[0].to, 1u);                   // static 0 is the destination's
}

TEST(Wad2Slots, NoFreeSlotLeftIsReported) {
  std::set<std::uint32_t> taken;
  for (int i = 1; i <= 16; ++i) taken.insert(tr4("ANIMATING" + std::to_string(i)));
  const auto plan = wad2::planSlots(withObjects(wad2::game::kTombEngine, {460}, {}), {taken, {}});
  EXPECT_FALSE(plan.movables[0].to);
  EXPECT_NE(plan.report().at(0).find("left out"), std::string::npos);
}

// Objects added to a wad2 take the file's own numbers: TombEngine's BAT is 118, TR4's 69.
TEST(Wad2Slots, ObjectsAddedTakeTheFilesNumbersByName) {
  const auto ten = withObjects(wad2::game::kTombEngine, {}, {});
  EXPECT_EQ(wad2::movableIdOf(ten, tr4("BAT")), 118);
  EXPECT_EQ(wad2::movableIdOf(ten, tr4("BADDY_1")), 174);
  EXPECT_EQ(wad2::movableIdOf(withObjects(wad2::game::kTR4, {}, {}), tr4("BAT")), tr4("BAT"));
  EXPECT_EQ(wad2::movableIdOf(ten, 60000), std::nullopt);
}

// TombEngine plays TR4's sounds under TR4's ids (0-369); from 370 on its sounds have no TR4
// counterpart: they are reported by name and left out of the WAD's sounds.
TEST(Wad2Slots, TombEngineSoundIdsMapToTr4s) {
  const auto ten = withObjects(wad2::game::kTombEngine, {}, {});
  EXPECT_EQ(wad2::tr4SoundId(ten, 71), 71);
  EXPECT_EQ(wad2::tr4SoundId(ten, 369), 369);
  EXPECT_EQ(wad2::tr4SoundId(ten, 370), std::nullopt);
  EXPECT_EQ(wad2::tr4SoundId(ten, 1145), std::nullopt);
  EXPECT_EQ(wad2::tr4SoundId(withObjects(wad2::game::kTR4, {}, {}), 371), 371);

  auto doc = readWad2(readFileBytes(test::fixturesDir() / "sample.wad2"), "sample.wad2");
  doc.game = wad2::game::kTombEngine;
  auto m = *doc.movables.at(0);
  auto a = *m.animations.at(0);
  wad2::Command c;
  c.type = wad2::command::kSound, c.p1 = 0, c.p2 = 372;
  a.commands.push_back(c);
  m.animations[0] = share<wad2::Animation>(std::move(a));
  doc.movables[0] = share<wad2::Movable>(std::move(m));
  wad2::SoundCatalog catalog;
  for (std::int64_t id : {71, 126, 372}) catalog.sounds.push_back({.id = id, .name = "S" + std::to_string(id), .samples = {"a.wav"}});
  wad2::ClassicOptions options;
  options.sounds = &catalog;
  const auto classic = wad2::toClassic(doc, options);
  ASSERT_TRUE(classic.wad.sounds);
  const auto& map = classic.wad.sounds->map;
  EXPECT_NE(map.at(71), kNoSoundInfo);
  std::string line;
  for (const auto& l : classic.report)
    if (l.find("no TR4 counterpart") != std::string::npos) line = l;
  EXPECT_NE(line.find("372 S372"), std::string::npos) << line;
}

// TR1-3 and TR5 files number their sounds as their game does: TR4's sound of the same name
// (the catalog beside the file naming it first, else the game's catalog), none when TR4 has no
// sound of that name; the commands playing those are left out and the report names them.
TEST(Wad2Slots, ClassicGamesSoundIdsMapToTr4sByName) {
  const auto tr1 = withObjects(wad2::game::kTR1, {}, {});
  EXPECT_EQ(wad2::tr4SoundId(tr1, 1), 1);          // LARA_CLIMB2
  EXPECT_EQ(wad2::tr4SoundId(tr1, 58), 170);       // BAT_SQK
  EXPECT_EQ(wad2::tr4SoundId(tr1, 11), std::nullopt);  // BEAR_GROWL: TR4 has none
  EXPECT_EQ(wad2::tr4SoundId(tr1, 0), std::nullopt);   // LARA_FOOTSTEPS (TR4's is LARA_FEET)
  wad2::SoundCatalog beside;
  beside.sounds.push_back({.id = 11, .name = "LARA_NO"});
  EXPECT_EQ(wad2::tr4SoundId(tr1, 11, &beside), 2);
  EXPECT_EQ(wad2::fileSoundId(tr1, 170), 58);
  EXPECT_EQ(wad2::fileSoundId(tr1, 2, &beside), 11);
  EXPECT_EQ(wad2::tr4SoundId(withObjects(wad2::game::kTR5, {}, {}), 6), std::nullopt);  // LARA_HOLSTER_DRAW
  EXPECT_EQ(wad2::tr4SoundId(withObjects(wad2::game::kTR3, {}, {}), 8), 8);

  auto doc = readWad2(readFileBytes(test::fixturesDir() / "sample.wad2"), "sample.wad2");
  doc.game = wad2::game::kTR1;
  for (auto& m : doc.movables) {  // one animation plays 58 and 11, no other sound
    auto copy = *m;
    for (auto& a : copy.animations) {
      auto b = *a;
      b.commands.clear();
      if (&m == &doc.movables[0] && &a == &copy.animations[0])
        for (std::int64_t id : {58, 11}) b.commands.push_back({.type = wad2::command::kSound, .p1 = 0, .p2 = id});
      a = share<wad2::Animation>(std::move(b));
    }
    m = share<wad2::Movable>(std::move(copy));
  }
  wad2::SoundCatalog catalog;
  for (std::uint32_t id : {58u, 11u}) catalog.sounds.push_back({.id = id, .name = *catalog::soundName(id, Game::TR1), .samples = {"a.wav"}});
  wad2::ClassicOptions options;
  options.sounds = &catalog;
  const auto classic = wad2::toClassic(doc, options);
  ASSERT_TRUE(classic.wad.sounds);
  EXPECT_NE(classic.wad.sounds->map.at(170), kNoSoundInfo);
  EXPECT_EQ(classic.wad.sounds->map.at(58), kNoSoundInfo);
  const ObjectView v(classic.wad.objects);
  std::vector<std::uint16_t> played;
  for (std::size_t k = 0; k < v.animations().size(); ++k)
    for (const auto& c : v.commands(k).commands)
      if (auto id = soundId(c)) played.push_back(*id);
  EXPECT_EQ(played, std::vector<std::uint16_t>{170});
  std::string line;
  for (const auto& l : classic.report)
    if (l.find("no TR4 counterpart") != std::string::npos) line = l;
  EXPECT_NE(line.find("11 BEAR_GROWL"), std::string::npos) << line;
}

TEST(Wad2Slots, CorpusObjectsLandInDistinctTr4Slots) {
  WADSMITH_CORPUS_FILES(files, "wad2", {".wad2"});
  for (const auto& file : files) {
    const auto doc = readWad2(readFileBytes(file), file.string());
    const auto classic = wad2::toClassic(doc);
    const ObjectView v(classic.wad.objects);
    std::set<std::uint32_t> movables;
    for (const auto& c : classic.slots.movables) {
      if (!c.to) {  // only when the 16 ANIMATING slots are spent (TombEngine_Weapons: 30 objects)
        EXPECT_NE(c.why.find("no free ANIMATING slot left"), std::string::npos) << file << ": " << c.why;
        continue;
      }
      EXPECT_TRUE(movables.insert(*c.to).second) << file << ": " << c.why;
      EXPECT_TRUE(catalog::movableName(*c.to)) << file << ": " << c.why;  // a TR4 slot
    }
    std::set<std::uint32_t> built;
    for (const auto& m : v.movables()) built.insert(m.objectId);
    EXPECT_EQ(built, movables) << file;
  }
}

TEST(Wad2Slots, KnownCorpusSlots) {
  const auto bat = test::corpusFile("wad2/Enemies__TR4_Bat.wad2");
  WADSMITH_REQUIRE_CORPUS(bat);
  const auto plan = wad2::planSlots(readWad2(readFileBytes(bat), bat.string()));
  bool found = false;
  for (const auto& c : plan.movables) found |= c.to == tr4("BAT");
  EXPECT_TRUE(found);
}

}  // namespace
}  // namespace wadsmith
