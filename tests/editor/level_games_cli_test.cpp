// The subcommands on TR1, TR2, TR3 and TR5 levels, run as a user runs them: info and dump name
// the game and its slots, roundtrip and save give the same bytes, merge names objects by the
// source game's catalog and says what differs from TR4.
#include <gtest/gtest.h>

#include <fstream>

#include <nlohmann/json.hpp>

#include "fixtures/generator/raw_bytes.h"
#include "io/document_io.h"
#include "io/file_io.h"
#include "io/wad_files.h"
#include "model/object_view.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {


struct GameFile {
  const char* name;
  const char* format;
};
constexpr GameFile kFixtures[] = {
    {"synthetic.phd", "tr1"}, {"synthetic.tr2", "tr2"}, {"synthetic_tr3.tr2", "tr3"}, {"synthetic.trc", "tr5"}};

TEST(GameLevelCli, InfoAndDumpNameTheGameAndItsSlots) {
  for (const auto& f : kFixtures) {
    auto info = test::runWadsmith("info --json " + test::fixtureArg(f.name));
    ASSERT_EQ(info.exit, 0) << info.out;
    auto j = nlohmann::json::parse(info.out);
    EXPECT_EQ(j["format"], f.format) << f.name;
    EXPECT_EQ(j["movables"].size(), 1u);
    EXPECT_EQ(j["statics"].size(), 1u);
    EXPECT_TRUE(j["warnings"].empty()) << f.name << ": " << j["warnings"];
    auto dump = test::runWadsmith("dump --json " + test::fixtureArg(f.name));
    ASSERT_EQ(dump.exit, 0) << dump.out.substr(0, 400);
    auto d = nlohmann::json::parse(dump.out);
    EXPECT_EQ(d["format"], f.format);
    EXPECT_EQ(d["movables"].size(), 1u);
    EXPECT_FALSE(d["movables"][0]["animations"][0]["keyframes"].empty()) << f.name;
  }
  // Names come from each game's catalog: TR1's slot 7 is the wolf, TR5's 416 an animating.
  auto tr1 = nlohmann::json::parse(test::runWadsmith("info --json " + test::fixtureArg("synthetic.phd")).out);
  EXPECT_EQ(tr1["movables"][0]["name"], "WOLF");
  EXPECT_EQ(tr1["statics"][0]["name"], "PLANT3");
  EXPECT_EQ(tr1["samples"]["where"], "embedded WAVE files");
  auto tr5 = nlohmann::json::parse(test::runWadsmith("info --json " + test::fixtureArg("synthetic.trc")).out);
  EXPECT_EQ(tr5["movables"][0]["name"], "ANIMATING_1");
  EXPECT_EQ(tr5["tr5"]["lara_type"], 3);
  // The text form says what the file is.
  auto text = test::runWadsmith("info " + test::fixtureArg("synthetic_tr3.tr2"));
  EXPECT_NE(text.out.find("TR3 level (version 0xFF080038)"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("MAIN.SFX"), std::string::npos) << text.out;
}

TEST(GameLevelCli, RoundtripAndSaveGiveTheSameBytes) {
  std::string all;
  for (const auto& f : kFixtures) all += " " + test::fixtureArg(f.name);
  for (const auto& p : test::corpusFiles("trlevels", {".phd", ".tr2", ".trc"})) all += " " + p.string();
  auto r = test::runWadsmith("roundtrip" + all);
  EXPECT_EQ(r.exit, 0) << r.out;
  EXPECT_EQ(r.out.find("different"), std::string::npos) << r.out;
  auto dir = test::scratchDir();
  for (const auto& f : kFixtures) {
    auto out = (dir / f.name).string();
    auto s = test::runWadsmith("save " + test::fixtureArg(f.name) + " -o " + out);
    ASSERT_EQ(s.exit, 0) << s.out;
    EXPECT_EQ(readFileBytes(out), readFileBytes(test::fixtureArg(f.name))) << f.name;
  }
}

TEST(GameLevelCli, RoundtripNamesTheSectionOfAnEditedLevelData) {
  // A byte of TR1's level data changed after reading cannot be told apart by a round trip (the
  // reader takes what is there), but a truncated file is a located error.
  auto bytes = readFileBytes(test::fixtureArg("synthetic.phd"));
  bytes.resize(bytes.size() - 3);
  auto path = test::scratchDir() / "cut.phd";
  writeFileAtomic(path, bytes);
  auto r = test::runWadsmith("roundtrip " + path.string());
  EXPECT_EQ(r.exit, 1);
  EXPECT_NE(r.out.find("section level data: sample indices"), std::string::npos) << r.out;
}

TEST(GameLevelCli, MergeNamesObjectsByTheSourceGame) {
  auto dir = test::scratchDir();
  auto out = (dir / "wolf.wad").string();
  // TR1's WOLF (slot 7) into TR4's slot 60.
  auto r = test::runWadsmith("merge --into " + test::fixtureArg("sample.wad") + " --from " + test::fixtureArg("synthetic.phd") +
                             " --movable WOLF --as 60 -o " + out);
  ASSERT_EQ(r.exit, 0) << r.out;
  EXPECT_NE(r.out.find("merged movable 7 as 60"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("sound ids the merged animations play (TR1's numbering): 8"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("coloured faces"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("related slot"), std::string::npos) << "TR4's related slots do not apply to TR1 slots\n" << r.out;
  EXPECT_EQ(test::runWadsmith("roundtrip " + out).exit, 0);
  // The one finding: TR1's sound id 8 has no info in the TR4 WAD (TR1's numbering: no info is
  // merged; the user gives the id one).
  auto v = test::runWadsmith("validate " + out + " --samples " + (test::fixturesDir() / "samples").string());
  EXPECT_NE(v.out.find("movable 60 animation 0 sound id 8: played (LARA_FIRE), but the id has no sound info"), std::string::npos) << v.out;
  EXPECT_NE(v.out.find(": 1 warning"), std::string::npos) << v.out;
  auto doc = loadWad(out);
  ObjectView view(doc.objects);
  ASSERT_TRUE(view.findMovable(60));
  EXPECT_EQ(view.keyframeCount(view.animationRange(*view.findMovable(60)).first), 2u);
  // Without --as the slot number is kept, and the note says what it is in TR4.
  auto kept = test::runWadsmith("merge --into " + test::fixtureArg("sample.wad") + " --from " + test::fixtureArg("synthetic.phd") +
                                " --movable 7 -o " + out);
  ASSERT_EQ(kept.exit, 0) << kept.out;
  EXPECT_NE(kept.out.find("note: TR1 movable 7 WOLF kept its slot number, which is TR4's"), std::string::npos) << kept.out;
  // A name from another game's catalog is not a TR1 slot.
  auto wrong = test::runWadsmith("merge --into " + test::fixtureArg("sample.wad") + " --from " + test::fixtureArg("synthetic.phd") +
                                 " --movable CROCODILE -o " + out);
  EXPECT_NE(wrong.exit, 0);
  EXPECT_NE(wrong.out.find("TR1 movable name"), std::string::npos) << wrong.out;
  // Statics by name too.
  auto plant = test::runWadsmith("merge --into " + test::fixtureArg("sample.wad") + " --from " + test::fixtureArg("synthetic.tr2") +
                                 " --static PLANT3 -o " + out);
  ASSERT_EQ(plant.exit, 0) << plant.out;
  EXPECT_NE(plant.out.find("merged static 3 as 3"), std::string::npos) << plant.out;
}

// Edit scripts work on every game's level: the edited level is written in its game's layout,
// reads back with the edit, and undoing everything gives the file's bytes again. TR1-3 faces
// store no attributes: set_face refuses them.
TEST(GameLevelCli, ApplyEditsEveryGamesLevel) {
  const auto dir = test::scratchDir();
  const auto s = dir / "edit.json";
  for (const auto& f : kFixtures) {
    const std::uint32_t slot = std::string(f.format) == "tr5" ? 416 : 7;
    std::ofstream(s) << R"([{"op": "set_animation", "movable": )" << slot << R"(, "animation": 0, "speed": 2.5, "state_id": 9},
      {"op": "add_state_change", "movable": )" << slot << R"(, "animation": 0, "state": 4,
       "dispatches": [{"in": 0, "out": 1, "next_animation": 0, "next_frame": 0}]},
      {"op": "recompute_sphere", "movable": )" << slot << R"(, "mesh": 0}])";
    const auto out = dir / (std::string("edited-") + f.name);
    auto r = test::runWadsmith("apply " + test::fixtureArg(f.name) + " " + s.string() + " -o " + out.string());
    ASSERT_EQ(r.exit, 0) << f.name << ": " << r.out;
    auto doc = loadDocument(out);
    ASSERT_TRUE(std::holds_alternative<LevelDocument>(doc));
    ObjectView v(objectsOf(doc));
    const auto m = v.findMovable(slot);
    ASSERT_TRUE(m) << f.name;
    const auto first = v.animationRange(*m).first;
    EXPECT_EQ(v.animations()[first].speed, 5 << 15) << f.name;
    EXPECT_EQ(v.animations()[first].stateId, 9) << f.name;
    EXPECT_EQ(v.stateChangeRange(first).second - v.stateChangeRange(first).first, std::string(f.format) == "tr5" ? 1u : 2u);
    EXPECT_EQ(test::runWadsmith("roundtrip " + out.string()).exit, 0) << f.name;
    const auto undone = dir / (std::string("undone-") + f.name);
    ASSERT_EQ(test::runWadsmith("apply " + test::fixtureArg(f.name) + " " + s.string() + " -o " + undone.string() + " --undo 3").exit, 0);
    EXPECT_EQ(readFileBytes(undone), readFileBytes(test::fixtureArg(f.name))) << f.name;
  }
  std::ofstream(s) << R"([{"op": "set_face", "movable": 7, "mesh": 0, "faces": [0], "translucent": true}])";
  auto refused = test::runWadsmith("apply " + test::fixtureArg("synthetic.phd") + " " + s.string() + " -o " + (dir / "x.phd").string());
  EXPECT_NE(refused.exit, 0);
  EXPECT_NE(refused.out.find("TR1 faces store no translucency"), std::string::npos) << refused.out;
}

// The samples behind the merged sound ids: TR1's embedded WAVE files, TR2/3's out of a MAIN.SFX
// the user gives, written as WAV files beside the merged WAD (the same bytes the generator
// embedded); without MAIN.SFX, their numbers.
TEST(GameLevelCli, MergeWritesTheSamplesOfTheMergedSounds) {
  const auto dir = test::scratchDir();
  const auto out = (dir / "wolf.wad").string();
  // The fixtures' sound 8 plays detail 0, whose one sample is index 0: the first WAVE file.
  auto tr1 = test::runWadsmith("merge --into " + test::fixtureArg("sample.wad") + " --from " + test::fixtureArg("synthetic.phd") +
                               " --movable 7 --as 60 -o " + out);
  ASSERT_EQ(tr1.exit, 0) << tr1.out;
  EXPECT_NE(tr1.out.find("sound 8 (TR1's): samples tr1_sample_0.wav written to samples/ beside"), std::string::npos) << tr1.out;
  EXPECT_EQ(readFileBytes(dir / "samples" / "tr1_sample_0.wav"), fixtures::tinyWave(24, 3));
  // Merging again finds the same file there and writes no other.
  ASSERT_EQ(test::runWadsmith("merge --into " + test::fixtureArg("sample.wad") + " --from " + test::fixtureArg("synthetic.phd") +
                              " --movable 7 --as 60 -o " + out).exit, 0);
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir / "samples"), {}), 1);

  auto tr2 = test::runWadsmith("merge --into " + test::fixtureArg("sample.wad") + " --from " + test::fixtureArg("synthetic.tr2") +
                               " --movable 7 --as 60 -o " + out);
  ASSERT_EQ(tr2.exit, 0) << tr2.out;
  EXPECT_NE(tr2.out.find("MAIN.SFX numbers 8: 0); --main-sfx FILE writes them"), std::string::npos) << tr2.out;
  // A MAIN.SFX of two WAVE files: sample 0 is the first.
  auto sfx = fixtures::tinyWave(30, 2);
  const auto second = fixtures::tinyWave(50, 7);
  const auto first = sfx;
  sfx.insert(sfx.end(), second.begin(), second.end());
  writeFileAtomic(dir / "MAIN.SFX", sfx);
  auto withSfx = test::runWadsmith("merge --into " + test::fixtureArg("sample.wad") + " --from " + test::fixtureArg("synthetic_tr3.tr2") +
                                   " --movable 7 --as 60 --main-sfx " + (dir / "MAIN.SFX").string() + " -o " + out);
  ASSERT_EQ(withSfx.exit, 0) << withSfx.out;
  EXPECT_EQ(readFileBytes(dir / "samples" / "tr3_sfx_0.wav"), first);
  // MAIN.SFX is TR2/3's: refused for another source, and for bytes that are no sample file.
  EXPECT_NE(test::runWadsmith("merge --into " + test::fixtureArg("sample.wad") + " --from " + test::fixtureArg("synthetic.phd") +
                              " --movable 7 --as 60 --main-sfx " + (dir / "MAIN.SFX").string() + " -o " + out).exit, 0);
  writeFileAtomic(dir / "bad.sfx", std::vector<std::uint8_t>(64, 7));
  auto bad = test::runWadsmith("merge --into " + test::fixtureArg("sample.wad") + " --from " + test::fixtureArg("synthetic.tr2") +
                               " --movable 7 --as 60 --main-sfx " + (dir / "bad.sfx").string() + " -o " + out);
  EXPECT_NE(bad.exit, 0);
  EXPECT_NE(bad.out.find("not a MAIN.SFX"), std::string::npos) << bad.out;
}

}  // namespace
}  // namespace wadsmith
