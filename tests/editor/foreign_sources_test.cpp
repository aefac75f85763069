// Sources from other engines as the source registry (editor/usecases/sources.h) gives them to
// `info` and `merge --from`: recognised by content, listed by name, loaded by name or index, with
// their bitmaps found where EverQuest keeps them.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>

#include "editor/usecases/sources.h"
#include "io/eq_wld_reader.h"
#include "io/file_io.h"
#include "io/parse_error.h"
#include "model/foreign/convert_error.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

using usecases::loadForeignModel;

SourceListing listed(const std::filesystem::path& path) { return usecases::openSource(path)->list(); }

bool hasNote(const imported::Model& m, const std::string& text) {
  return std::any_of(m.notes.begin(), m.notes.end(), [&](const std::string& n) { return n.find(text) != std::string::npos; });
}

TEST(ForeignSource, DetectedByContentNotExtension) {
  auto dir = test::scratchDir();
  struct Case {
    const char *fixture, *format;
  } cases[] = {{"foreign_eq.s3d", "eq-s3d"}, {"foreign_eq.wld", "eq-wld"}, {"foreign_bones.mdl", "3dgs-mdl"}, {"foreign_map.wmp", "3dgs-wmp"}};
  for (const auto& c : cases) {
    auto renamed = dir / (std::string(c.fixture) + ".wad");  // a misleading extension
    writeFileAtomic(renamed, readFileBytes(test::fixturesDir() / c.fixture));
    ASSERT_TRUE(usecases::recogniseSource(renamed)) << c.fixture;
    EXPECT_STREQ(usecases::recogniseSource(renamed)->name, c.format) << c.fixture;
    EXPECT_EQ(listed(renamed).format, c.format) << c.fixture;
  }
  EXPECT_STREQ(usecases::recogniseSource(test::fixturesDir() / "sample.wad")->name, "wad");
  // A picture textures models; it holds none.
  writeFileAtomic(dir / "checker.s3d", readFileBytes(test::fixturesDir() / "checker.bmp"));
  EXPECT_THROW(listed(dir / "checker.s3d"), ParseError) << "the extension is only asked when the content says nothing";
}

TEST(ForeignSource, EveryCorpusFileListsItsModels) {
  struct Want {
    const char* file;
    std::size_t movables, statics;
  } wants[] = {{"eq/gfaydark.s3d", 0, 0},         {"eq/gfaydark_chr.wld", 18, 0}, {"eq/gfaydark_obj.wld", 0, 84},
               {"3dgs/mdl3-crystal.mdl", 1, 1}, {"3dgs/mdl4-golem.mdl", 1, 1},  {"3dgs/block.wmp", 0, 2}};
  for (const auto& w : wants) {
    auto path = test::corpusFile(w.file);
    WADSMITH_REQUIRE_CORPUS(path);
    SCOPED_TRACE(w.file);
    auto l = listed(path);
    EXPECT_EQ(l.movables.size(), w.movables);
    EXPECT_EQ(l.statics.size(), w.statics);
    for (const auto& m : l.movables) {
      EXPECT_GT(m.meshes, 0u) << m.name;
      EXPECT_GT(m.animations, 0u) << m.name;
      EXPECT_GT(m.faces, 0u) << m.name;
    }
    for (const auto& m : l.statics) EXPECT_EQ(m.meshes, 1u) << m.name;
  }
  auto s3d = test::corpusFile("eq/gfaydark.s3d");
  auto l = listed(s3d);
  EXPECT_EQ(l.archive.size(), 40u);
  EXPECT_EQ(l.worlds.size(), 3u);  // gfaydark.wld, objects.wld, lights.wld
  ASSERT_FALSE(l.notes.empty());
  EXPECT_NE(l.notes[0].find("1597 meshes drawn through 2905 BSP regions"), std::string::npos) << l.notes[0];
}

TEST(ForeignSource, NamesShortNamesAndIndices) {
  auto path = test::fixturesDir() / "foreign_eq.s3d";
  auto byName = loadForeignModel(path, ObjectKind::Movable, "TINY_ACTORDEF");
  auto byShort = loadForeignModel(path, ObjectKind::Movable, "tiny");
  auto byIndex = loadForeignModel(path, ObjectKind::Movable, "0");
  EXPECT_EQ(byName.name, "TINY_ACTORDEF");
  EXPECT_EQ(byShort.meshes.size(), byName.meshes.size());
  EXPECT_EQ(byIndex.animations.size(), byName.animations.size());
  EXPECT_EQ(loadForeignModel(path, ObjectKind::Static, "1").name, "LOOSE_DMSPRITEDEF");
  try {
    loadForeignModel(path, ObjectKind::Movable, "CRATE");  // a static, not a movable
    FAIL() << "no error";
  } catch (const foreign::ConvertError& e) {
    EXPECT_NE(std::string(e.what()).find("no movable \"CRATE\"; movables: TINY_ACTORDEF"), std::string::npos) << e.what();
  }
  auto map = test::fixturesDir() / "foreign_map.wmp";
  EXPECT_EQ(loadForeignModel(map, ObjectKind::Static, "object 2").name, "object2");
  EXPECT_EQ(loadForeignModel(map, ObjectKind::Static, "ALL").name, "all");
}

TEST(ForeignSource, ListedNamesAreWhatLoadingAccepts) {
  for (const char* f : {"foreign_eq.s3d", "foreign_eq.wld", "foreign_bones.mdl", "foreign_mdl3.mdl", "foreign_map.wmp"}) {
    auto path = test::fixturesDir() / f;
    auto l = listed(path);
    for (const auto& m : l.movables) EXPECT_TRUE(loadForeignModel(path, ObjectKind::Movable, m.name).movable) << f;
    for (const auto& m : l.statics) EXPECT_FALSE(loadForeignModel(path, ObjectKind::Static, m.name).movable) << f;
  }
}

TEST(ForeignSource, BitmapsFromTheArchiveMaskedMissingAndAnimated) {
  // The loose .wld finds its bitmaps in the archive of the same name beside it.
  for (const char* f : {"foreign_eq.s3d", "foreign_eq.wld"}) {
    SCOPED_TRACE(f);
    auto m = loadForeignModel(test::fixturesDir() / f, ObjectKind::Movable, "TINY");
    ASSERT_EQ(m.images.size(), 2u);  // checker; leaf (masked); gone.bmp is nowhere
    EXPECT_EQ(m.images[0].name, "checker.bmp");
    EXPECT_EQ(m.images[1].name, "leaf.bmp (masked)");
    const auto& leaf = m.images[1];
    EXPECT_EQ(leaf.rgba[3], 0);                                 // corner: palette index 0, a hole
    EXPECT_EQ(leaf.rgba[(48 * 96 + 48) * 4 + 3], 255);          // centre of the diamond
    EXPECT_TRUE(hasNote(m, "1 missing (their faces are solid colours): gone.bmp"));
    int solid = 0, textured = 0;
    for (const auto& mesh : m.meshes)
      for (const auto& face : mesh.faces) (face.image < 0 ? solid : textured)++;
    EXPECT_EQ(solid, 2);  // the two faces of gone.bmp
    EXPECT_EQ(textured, 23);
  }
  auto crate = loadForeignModel(test::fixturesDir() / "foreign_eq.s3d", ObjectKind::Static, "CRATE");
  EXPECT_TRUE(hasNote(crate, "animated textures show their first bitmap: fire1.bmp (2 bitmaps)"));
  int additive = 0;
  for (const auto& face : crate.meshes[0].faces) additive += face.translucent;
  EXPECT_EQ(additive, 2);
}

TEST(ForeignSource, TexturesOptionAndZoneArchiveBesideObjects) {
  auto dir = test::scratchDir();
  auto wld = dir / "lonely.wld";  // nothing of the same name beside it
  writeFileAtomic(wld, readFileBytes(test::fixturesDir() / "foreign_eq.wld"));
  auto bare = loadForeignModel(wld, ObjectKind::Movable, "TINY");
  EXPECT_TRUE(bare.images.empty());
  usecases::ConvertOptions o;
  o.textures = {test::fixturesDir() / "foreign_eq.s3d"};
  EXPECT_EQ(loadForeignModel(wld, ObjectKind::Movable, "TINY", o).images.size(), 2u);
  o.textures = {test::fixturesDir()};  // a directory: checker.bmp is there loose
  EXPECT_EQ(loadForeignModel(wld, ObjectKind::Movable, "TINY", o).images.size(), 1u);

  auto obj = test::corpusFile("eq/gfaydark_obj.wld");
  WADSMITH_REQUIRE_CORPUS(obj);
  // gfaydark_obj.wld -> gfaydark.s3d: the pine's needles and bark are the zone's bitmaps.
  auto pine = loadForeignModel(obj, ObjectKind::Static, "NEKPINE1");
  ASSERT_EQ(pine.images.size(), 2u);
  EXPECT_TRUE(hasNote(pine, "gfaydark.s3d"));
  int holes = 0;
  for (const auto& img : pine.images)
    for (std::size_t i = 3; i < img.rgba.size(); i += 4) holes += img.rgba[i] == 0;
  EXPECT_EQ(holes, 8377);  // NEKPINE.BMP's pixels of palette index 0
}

TEST(ForeignSource, AModelThatDoesNotConvertIsListedWithItsReason) {
  // CRATE's mesh reference (0x2D) made to name a material: the listing keeps the other models.
  auto bytes = readFileBytes(test::fixturesDir() / "foreign_eq.wld");
  auto w = eq::readWld(bytes, "t.wld");
  std::size_t crateRef = 0, material = 0;
  for (std::size_t i = 0; i < w.fragments.size(); ++i) {
    if (w.fragments[i].type == 0x30 && !material) material = i + 1;
    if (w.fragments[i].type == 0x2D) crateRef = w.fragments[i].offset + 12;  // the last 0x2D: CRATE's
  }
  for (int k = 0; k < 4; ++k) bytes[crateRef + k] = static_cast<std::uint8_t>(material >> (8 * k));
  auto path = test::scratchDir() / "broken.wld";
  writeFileAtomic(path, bytes);
  auto l = listed(path);
  // Its 0x36, now used by nothing, is offered on its own as well.
  ASSERT_EQ(l.statics.size(), 3u);
  EXPECT_EQ(l.statics[1].name, "CRATE_DMSPRITEDEF");  // file order: before LOOSE_DMSPRITEDEF
  EXPECT_EQ(l.statics[1].faces, 12u);
  EXPECT_EQ(l.statics[0].name, "CRATE_ACTORDEF");
  EXPECT_EQ(l.statics[0].meshes, 0u);
  ASSERT_FALSE(l.statics[0].notes.empty());
  EXPECT_NE(l.statics[0].notes[0].find("cannot be converted: "), std::string::npos);
  EXPECT_NE(l.statics[0].notes[0].find("expected 0x36"), std::string::npos) << l.statics[0].notes[0];
  EXPECT_EQ(l.movables.at(0).meshes, 3u);
  EXPECT_THROW(loadForeignModel(path, ObjectKind::Static, "CRATE"), foreign::ConvertError);
}

TEST(ForeignSource, CorruptSourceGivesALocatedError) {
  auto dir = test::scratchDir();
  auto bytes = readFileBytes(test::fixturesDir() / "foreign_eq.wld");
  bytes.resize(bytes.size() / 2);
  writeFileAtomic(dir / "cut.wld", bytes);
  try {
    listed(dir / "cut.wld");
    FAIL() << "no error";
  } catch (const ParseError& e) {
    EXPECT_NE(std::string(e.what()).find("cut.wld: section fragment "), std::string::npos) << e.what();
  }
  writeFileAtomic(dir / "text.txt", std::vector<std::uint8_t>{'h', 'i'});
  EXPECT_THROW(listed(dir / "text.txt"), std::runtime_error);
}

}  // namespace
}  // namespace wadsmith
