// A wad2 as a file of the product (docs/wad2.md): every corpus wad2 and fixture opens as the
// TR4 WAD its objects convert to, saves back byte for byte while unchanged, and `save` converts
// it into a classic WAD that round-trips and validates with the wad2's counts (less what the
// conversion says it left out); a classic WAD saved as .wad2 and back keeps its objects.
#include <gtest/gtest.h>

#include <iostream>
#include <sstream>

#include "editor/usecases/documents.h"
#include "io/document_io.h"
#include "io/file_io.h"
#include "io/wad2_sounds_xml.h"
#include "io/wad_codec.h"
#include "io/wad_files.h"
#include "model/object_view.h"
#include "model/validate.h"
#include "model/wad2/classic_view.h"
#include "tests/support/test_support.h"
#include "tests/support/wad2_classic_compare.h"

namespace wadsmith {
namespace {

std::vector<std::filesystem::path> wad2Files() {
  auto files = test::corpusFiles("wad2", {".wad2"});
  for (const char* f : {"sample.wad2", "sample_zlib.wad2", "quirks.wad2"}) files.push_back(test::fixturesDir() / f);
  return files;
}

std::string nameOf(const std::filesystem::path& p) {
  std::string n = p.stem().string();
  for (auto& c : n)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return n;
}

std::size_t placed(const std::vector<wad2::SlotChoice>& plan) {
  std::size_t n = 0;
  for (const auto& c : plan) n += c.to.has_value();
  return n;
}

class Wad2File : public ::testing::TestWithParam<std::filesystem::path> {};

TEST_P(Wad2File, SavesBackByteForByteAndConvertsToAClassicWadThatRoundTripsAndValidates) {
  const auto bytes = readFileBytes(GetParam());
  const Document doc = loadDocument(GetParam());
  const auto* view = std::get_if<WadDocument>(&doc);
  ASSERT_TRUE(view && view->wad2) << "a wad2 opens as a WAD carrying its file";
  EXPECT_TRUE(wad2::unchangedView(*view));
  EXPECT_EQ(test::firstDifference(encodeDocument(doc, true), bytes), -1);

  const auto dir = test::scratchDir() / nameOf(GetParam());
  std::filesystem::create_directories(dir);
  usecases::saveWithCompanions(doc, dir / "same.wad2");
  EXPECT_EQ(test::firstDifference(readFileBytes(dir / "same.wad2"), bytes), -1) << "saved unchanged: the file as read";

  const auto notes = usecases::saveWithCompanions(doc, dir / "out.wad");
  EXPECT_EQ(notes, view->wad2->report);
  const WadDocument classic = loadWad(dir / "out.wad");
  EXPECT_FALSE(classic.wad2);
  EXPECT_EQ(writeWad(classic), readFileBytes(dir / "out.wad")) << "the classic WAD round-trips";
  const auto& file = *view->wad2->file;
  const ObjectView v(classic.objects);
  EXPECT_EQ(v.movables().size(), placed(view->wad2->slots.movables));
  EXPECT_EQ(v.statics().size(), placed(view->wad2->slots.statics));
  WadDocument plain = *view;
  plain.wad2 = nullptr;
  EXPECT_EQ(validate(Document(classic)).size(), validate(Document(plain)).size()) << "validates as the view does";
  std::cout << "| " << GetParam().filename().string() << " | " << wad2::gameName(file.game) << " | "
            << file.movables.size() << " / " << file.statics.size() << " | " << v.movables().size() << " / "
            << v.statics().size() << " | " << v.meshPointers().size() << " | " << v.animations().size() << " | "
            << notes.size() << " |\n";
}

INSTANTIATE_TEST_SUITE_P(All, Wad2File, ::testing::ValuesIn(wad2Files()),
                         [](const auto& info) { return nameOf(info.param); });

// The corpus holds 18 wad2 files; without it only the fixtures run.
TEST(Wad2Document, TheCorpusIsThere) {
  if (test::corpusFiles("wad2", {".wad2"}).empty()) GTEST_SKIP() << "../shared/corpus/wad2 absent";
  EXPECT_EQ(test::corpusFiles("wad2", {".wad2"}).size(), 18u);
}

// An edit: the view is no longer the file; a .wad2 save writes the edit back into it (the file as
// read would lose the edit; tests/editor/wad2_write_back_test.cpp: only its chunks change).
TEST(Wad2Document, AnEditedViewSavesWithTheEditWrittenBack) {
  const auto path = test::fixturesDir() / "sample.wad2";
  Document doc = loadDocument(path);
  auto& wad = std::get<WadDocument>(doc);
  auto statics = *wad.objects.statics;
  ASSERT_FALSE(statics.empty());
  statics[0].flags ^= 1;
  wad.objects.statics = share<std::vector<Static>>(std::move(statics));
  EXPECT_FALSE(wad2::unchangedView(wad));
  const auto dir = test::scratchDir();
  usecases::saveWithCompanions(doc, dir / "edited.wad2");
  const auto written = readFileBytes(dir / "edited.wad2");
  EXPECT_NE(written, readFileBytes(path));
  const auto back = std::get<WadDocument>(loadDocument(dir / "edited.wad2"));
  EXPECT_EQ((*back.objects.statics)[0].flags, (*wad.objects.statics)[0].flags) << "the edit is in the file";
}

// A TombEngine object with no TR4 counterpart takes ANIMATING1 in the file's listing; merged into
// a WAD that holds ANIMATING1, it takes the next free one, picked by the listed slot's name or by
// its own name, and the destination's object stays.
TEST(Wad2Document, FreePlacementsGoAroundTheDestinationsSlots) {
  const auto laser = test::corpusFile("wad2/Traps__TEN_Laser_Beam.wad2");
  if (laser.empty()) GTEST_SKIP() << "../shared/corpus/wad2 absent";
  const auto dir = test::scratchDir();
  const auto into = test::fixturesDir() / "sample.wad";  // 427 ANIMATING1
  for (const char* name : {"ANIMATING1", "LASER_BEAM"}) {
    SCOPED_TRACE(name);
    const auto out = dir / (std::string(name) + ".wad");
    const auto r = test::runWadsmith("merge --into " + into.string() + " --from " + laser.string() + " --movable " + name +
                                     " -o " + out.string());
    ASSERT_EQ(r.exit, 0) << r.out;
    const WadDocument merged = loadWad(out);
    const ObjectView v(merged.objects), before(loadWad(into).objects);
    ASSERT_EQ(v.movables().size(), 2u);
    ASSERT_TRUE(v.findMovable(427));
    EXPECT_EQ(v.meshCount(*v.findMovable(427)), before.meshCount(*before.findMovable(427))) << "the destination's own";
    EXPECT_NE(r.out.find("ANIMATING2"), std::string::npos) << r.out;
  }
}

std::vector<std::filesystem::path> classicWads() {
  auto files = test::corpusFiles("wad", {".wad"});
  for (const char* f : {"sample.wad", "quirks.wad"}) files.push_back(test::fixturesDir() / f);
  return files;
}

class ClassicSavedAsWad2 : public ::testing::TestWithParam<std::filesystem::path> {};

// `wadsmith save X.wad -o X.wad2` then `save X.wad2 -o back.wad`: the same objects (what differs
// is explained by a note the first save printed), the sounds as the XML catalog beside the wad2.
TEST_P(ClassicSavedAsWad2, AndBackKeepsEveryObject) {
  const auto dir = test::scratchDir() / nameOf(GetParam());
  std::filesystem::create_directories(dir);
  const auto there = test::runWadsmith("save " + GetParam().string() + " -o " + (dir / "x.wad2").string());
  ASSERT_EQ(there.exit, 0) << there.out;
  const WadDocument source = loadWad(GetParam());
  EXPECT_EQ(std::filesystem::exists(dir / "x.xml"), source.sounds != nullptr) << "the sound infos as the XML beside it";
  const auto back = test::runWadsmith("save " + (dir / "x.wad2").string() + " -o " + (dir / "back.wad").string());
  ASSERT_EQ(back.exit, 0) << back.out;
  const WadDocument classic = loadWad(dir / "back.wad");
  // A note explains a difference about the same object part ("movable 2 animation 3: ...").
  std::vector<std::string> notes;
  std::istringstream lines(there.out);
  for (std::string line; std::getline(lines, line);)
    if (line.rfind("note: ", 0) == 0) notes.push_back(line.substr(6));
  const auto explained = [&](const std::string& diff) {
    for (const auto& n : notes)
      if (diff.rfind(n.substr(0, n.find(':')), 0) == 0) return true;
    return false;
  };
  std::size_t unexplained = 0;
  for (const auto& d : test::classicDifferences(source, classic))
    if (!explained(d) && ++unexplained <= 5) ADD_FAILURE() << d;
  EXPECT_EQ(unexplained, 0u);
}

INSTANTIATE_TEST_SUITE_P(All, ClassicSavedAsWad2, ::testing::ValuesIn(classicWads()),
                         [](const auto& info) { return nameOf(info.param); });

}  // namespace
}  // namespace wadsmith
