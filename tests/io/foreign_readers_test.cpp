// The readers of other engines' files on the shared corpus (skipped when absent) and on the
// generated fixtures: what they read is checked against facts of the files (header counts,
// names, sizes), not against the readers themselves.
#include <gtest/gtest.h>

#include <cmath>
#include <map>

#include "io/eq_wld_reader.h"
#include "io/file_io.h"
#include "io/gs_mdl_reader.h"
#include "io/gs_wmp_reader.h"
#include "io/pfs_archive.h"
#include "io/picture_readers.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

std::shared_ptr<const std::vector<std::uint8_t>> load(const std::filesystem::path& p) {
  return std::make_shared<const std::vector<std::uint8_t>>(readFileBytes(p));
}

TEST(PfsArchive, CorpusArchiveListsAndExtractsEveryFile) {
  auto path = test::corpusFile("eq/gfaydark.s3d");
  WADSMITH_REQUIRE_CORPUS(path);
  auto a = eq::readPfs(load(path), path.string());
  EXPECT_EQ(a.entries.size(), 40u);  // 41 directory entries, one of them the name directory
  EXPECT_EQ(a.namesByCrc, 40u);
  ASSERT_NE(eq::findPfsEntry(a, "GFAYDARK.WLD"), nullptr);  // case-insensitive
  std::size_t worlds = 0;
  for (const auto& e : a.entries) {
    SCOPED_TRACE(e.name);
    EXPECT_EQ(eq::pfsNameCrc(e.name), e.crc);
    auto bytes = eq::extractPfs(a, e);
    EXPECT_EQ(bytes.size(), e.size);
    EXPECT_EQ(e.blocks, (e.size + 8191) / 8192);  // the archiver's 8 KB blocks
    if (e.name.ends_with(".wld")) {
      ++worlds;
      EXPECT_NO_THROW(eq::readWld(bytes, e.name));
    } else {
      auto b = foreign::readBmp(bytes, e.name);
      EXPECT_EQ(b.bitsPerPixel, 8);
      EXPECT_EQ(b.rgba.size(), static_cast<std::size_t>(b.width * b.height * 4));
    }
  }
  EXPECT_EQ(worlds, 3u);
  EXPECT_EQ(std::string(a.footer.begin(), a.footer.begin() + 5), "STEVE");
}

TEST(PfsArchive, FixtureNamesBlocksAndBytes) {
  auto a = eq::readPfs(load(test::fixturesDir() / "foreign_eq.s3d"), "foreign_eq.s3d");
  ASSERT_EQ(a.entries.size(), 4u);
  EXPECT_EQ(a.entries[0].name, "checker.bmp");  // data order
  const auto* leaf = eq::findPfsEntry(a, "leaf.bmp");
  ASSERT_NE(leaf, nullptr);
  EXPECT_EQ(leaf->blocks, 2u);
  EXPECT_EQ(eq::extractPfs(a, *eq::findPfsEntry(a, "checker.bmp")), readFileBytes(test::fixturesDir() / "checker.bmp"));
  EXPECT_EQ(eq::extractPfs(a, *eq::findPfsEntry(a, "foreign_eq.wld")), readFileBytes(test::fixturesDir() / "foreign_eq.wld"));
}

TEST(PfsArchive, NameCrcIsTheArchiversCrc) {
  // Values of the corpus directory (gfaydark.s3d): the name directory's fixed CRC.
  EXPECT_EQ(eq::kPfsNameDirectoryCrc, 0x61580AC9u);
  EXPECT_EQ(eq::pfsNameCrc("palette.bmp"), eq::pfsNameCrc("PALETTE.BMP"));
}

TEST(WldReader, CorpusWorldsReadWithNamesAndQuaternionTracks) {
  for (const char* name : {"eq/gfaydark_chr.wld", "eq/gfaydark_obj.wld"}) {
    auto path = test::corpusFile(name);
    WADSMITH_REQUIRE_CORPUS(path);
    auto bytes = readFileBytes(path);
    auto w = eq::readWld(bytes, path.string());
    SCOPED_TRACE(name);
    // The header's count is every fragment (not "minus 1"); 0xFFFFFFFF ends the file.
    std::uint32_t count = bytes[8] | (bytes[9] << 8) | (bytes[10] << 16) | (bytes[11] << 24);
    EXPECT_EQ(w.fragments.size(), count);
    EXPECT_EQ(w.trailing, (std::vector<std::uint8_t>{0xFF, 0xFF, 0xFF, 0xFF}));
    EXPECT_FALSE(w.newFormat());
    std::map<std::uint32_t, int> types;
    for (const auto& f : w.fragments) {
      ++types[f.type];
      if (f.type == 0x12) {  // every key's rotation is a quaternion of length 16384
        for (const auto& k : std::get<eq::TrackDef>(f.parsed).frames) {
          double n = std::sqrt(double(k.rotW) * k.rotW + double(k.rotX) * k.rotX + double(k.rotY) * k.rotY + double(k.rotZ) * k.rotZ);
          ASSERT_NEAR(n, 16384, 3) << f.name;
        }
      }
      if (f.type == 0x36) {
        EXPECT_LT(f.unparsedBytes, 4u) << f.name;  // the fields cover the fragment, up to padding
      }
    }
    if (std::string(name).find("chr") != std::string::npos) {
      EXPECT_EQ(types[0x14], 18);
      EXPECT_EQ(types[0x10], 18);
      EXPECT_EQ(w.fragments[0].name, "BATHN0002");
      EXPECT_EQ(std::get<eq::BitmapNames>(w.fragments[0].parsed).files, std::vector<std::string>{"BATHN0002.BMP"});
    } else {
      EXPECT_EQ(types[0x14], 84);
      EXPECT_EQ(types[0x36], 84);
    }
  }
}

TEST(WldReader, ZoneInsideTheArchiveKeepsUnknownFragmentsAsBytes) {
  auto path = test::corpusFile("eq/gfaydark.s3d");
  WADSMITH_REQUIRE_CORPUS(path);
  auto a = eq::readPfs(load(path), path.string());
  auto w = eq::readWld(eq::extractPfs(a, *eq::findPfsEntry(a, "gfaydark.wld")), "gfaydark.wld");
  EXPECT_EQ(w.regionCount, 2905u);
  int regions = 0;
  for (const auto& f : w.fragments)
    if (f.type == 0x22) {
      ++regions;
      EXPECT_TRUE(std::holds_alternative<std::monostate>(f.parsed));
      EXPECT_EQ(f.unparsedBytes, f.body.size());
    }
  EXPECT_EQ(regions, 2905);
}

TEST(WldReader, FixtureFragmentsParse) {
  auto w = eq::readWld(readFileBytes(test::fixturesDir() / "foreign_eq.wld"), "foreign_eq.wld");
  const eq::Fragment* skeleton = nullptr;
  for (const auto& f : w.fragments)
    if (f.name == "TINY_HS_DEF") skeleton = &f;
  ASSERT_NE(skeleton, nullptr);
  const auto& sk = std::get<eq::Skeleton>(skeleton->parsed);
  ASSERT_EQ(sk.pieces.size(), 4u);
  EXPECT_EQ(sk.pieces[2].name, "TINYAR_DAG");
  EXPECT_EQ(sk.pieces[1].children, std::vector<std::int32_t>{2});
  ASSERT_TRUE(sk.boundingRadius.has_value());
  EXPECT_FLOAT_EQ(*sk.boundingRadius, 3.0f);
  ASSERT_EQ(sk.meshes.size(), 1u);
  const eq::Fragment* meshRef = w.resolve(sk.meshes[0]);
  ASSERT_NE(meshRef, nullptr);
  EXPECT_EQ(meshRef->type, 0x2Du);
  const auto* mesh = w.resolve(std::get<eq::Reference>(meshRef->parsed).target);
  ASSERT_NE(mesh, nullptr);
  const auto& m = std::get<eq::Mesh>(mesh->parsed);
  EXPECT_EQ(m.vertices.size(), 16u);
  EXPECT_EQ(m.polygons.size(), 26u);
  EXPECT_EQ(m.vertexPieces.size(), 2u);
  // A body corner (0.5, 0.5, 1) stored times 1 << 10.
  EXPECT_FLOAT_EQ(m.position(7)[0], 0.5f);
  EXPECT_FLOAT_EQ(m.position(7)[2], 1.0f);
}

TEST(Pictures, CorpusPaletteIsTheMapsPalette) {
  auto pcx = test::corpusFile("3dgs/palette.pcx");
  auto wmp = test::corpusFile("3dgs/block.wmp");
  WADSMITH_REQUIRE_CORPUS(pcx);
  WADSMITH_REQUIRE_CORPUS(wmp);
  auto p = foreign::readPcx(readFileBytes(pcx), pcx.string());
  EXPECT_EQ(p.width, 15);
  EXPECT_EQ(p.height, 19);
  ASSERT_EQ(p.palette.size(), 256u);
  auto map = gs::readWmp(readFileBytes(wmp), wmp.string());
  EXPECT_EQ(map.palette, p.palette);  // WED keeps the level's palette in the map
}

TEST(Pictures, FixturesDecode) {
  auto bmp = foreign::readBmp(readFileBytes(test::fixturesDir() / "checker.bmp"), "checker.bmp");
  EXPECT_EQ(bmp.width, 16);
  ASSERT_EQ(bmp.indices.size(), 256u);
  EXPECT_EQ(bmp.indices[0], 30);   // top-left square (rows stored bottom up)
  EXPECT_EQ(bmp.indices[4], 200);  // the next square
  auto pcx = foreign::readPcx(readFileBytes(test::fixturesDir() / "palette.pcx"), "palette.pcx");
  ASSERT_EQ(pcx.indices.size(), 256u);
  for (int i = 0; i < 256; ++i) EXPECT_EQ(pcx.indices[i], i);  // run-length coded runs of one
  EXPECT_EQ(pcx.rgba[4 * 5], pcx.palette[5][0]);
}

TEST(MdlReader, CorpusHeadersSkinsAndFrames) {
  auto crystal = test::corpusFile("3dgs/mdl3-crystal.mdl");
  auto golem = test::corpusFile("3dgs/mdl4-golem.mdl");
  WADSMITH_REQUIRE_CORPUS(crystal);
  WADSMITH_REQUIRE_CORPUS(golem);
  auto c = gs::readMdl(readFileBytes(crystal), crystal.string());
  EXPECT_EQ(c.version, 3);
  EXPECT_EQ(c.skins.size(), 1u);
  EXPECT_EQ(c.skins[0].type, 2);  // 16-bit although the A4 manual describes MDL3 skins as 8-bit
  EXPECT_EQ(c.triangles.size(), 72u);
  ASSERT_EQ(c.frames.size(), 1u);
  EXPECT_EQ(c.frames[0].vertices.size(), 42u);
  EXPECT_EQ(c.frames[0].name, "Frame0");
  EXPECT_TRUE(c.trailing.empty());
  auto g = gs::readMdl(readFileBytes(golem), golem.string());
  EXPECT_EQ(g.version, 4);
  EXPECT_EQ(g.skinWidth, 512);
  EXPECT_EQ(g.frames.size(), 231u);
  EXPECT_EQ(g.frames[0].type, 2);  // word-packed
  EXPECT_EQ(g.boneCount, 0u);
  EXPECT_TRUE(g.trailing.empty());
  for (const auto& f : g.frames)
    for (const auto& v : f.vertices) ASSERT_LT(v.normal, 162);
}

TEST(MdlReader, FixtureBoneIndices) {
  auto m = gs::readMdl(readFileBytes(test::fixturesDir() / "foreign_bones.mdl"), "foreign_bones.mdl");
  ASSERT_EQ(m.frames.size(), 8u);
  EXPECT_EQ(m.frames[0].name, "walk1");
  EXPECT_EQ(m.frames[0].vertices[0].bone, 0);
  EXPECT_EQ(m.frames[0].vertices[8].bone, 1);
  EXPECT_EQ(m.frames[0].vertices[23].bone, 2);
  auto m3 = gs::readMdl(readFileBytes(test::fixturesDir() / "foreign_mdl3.mdl"), "foreign_mdl3.mdl");
  EXPECT_EQ(m3.frames[1].vertices[4].raw[2], 80);  // the apex rises in the second frame
  EXPECT_EQ(m3.skinVertices[0].u, -4);
}

TEST(WmpReader, CorpusVertexLayout) {
  auto path = test::corpusFile("3dgs/block.wmp");
  WADSMITH_REQUIRE_CORPUS(path);
  auto map = gs::readWmp(readFileBytes(path), path.string());
  EXPECT_EQ(map.header, "// WMP2");
  EXPECT_EQ(map.version, 710);
  ASSERT_EQ(map.blocks.size(), 1u);
  const auto& b = map.blocks[0];
  ASSERT_EQ(b.vertices.size(), 4u);
  EXPECT_DOUBLE_EQ(b.vertices[3].x, -64);
  ASSERT_EQ(b.faces.size(), 4u);
  EXPECT_EQ(b.faces[0].vertices, (std::vector<int>{1, 0, 2}));
  EXPECT_EQ(b.faces[3].texturing.texture, "heavymetal");
  EXPECT_DOUBLE_EQ(b.faces[3].texturing.vAxis[1], -1);
  EXPECT_EQ(b.faces[0].texturing.flags, "0000 0 50 ndef");
  ASSERT_EQ(map.objects.size(), 2u);
  EXPECT_DOUBLE_EQ(map.objects[1].position.y, -16);
  EXPECT_EQ(map.objects[0].members.size(), 2u);  // object 1, level 0
}

TEST(WmpReader, FixturePlaneLayoutAndObjectLists) {
  auto map = gs::readWmp(readFileBytes(test::fixturesDir() / "foreign_map.wmp"), "foreign_map.wmp");
  ASSERT_EQ(map.blocks.size(), 2u);
  EXPECT_EQ(map.blocks[0].planes.size(), 6u);
  EXPECT_EQ(map.blocks[0].planes[0].texturing.texture, "stone");
  EXPECT_DOUBLE_EQ(map.blocks[0].planes[0].texturing.xScale, 1.0);
  EXPECT_EQ(map.blocks[1].faces.size(), 4u);
  EXPECT_DOUBLE_EQ(map.blocks[1].faces[2].texturing.xOffset, 2);
  ASSERT_EQ(map.objects.size(), 3u);
  ASSERT_EQ(map.objects[0].members.size(), 3u);  // "object 1, 2" and "level 0"
  EXPECT_EQ(map.objects[0].members[1].index, 2);
  EXPECT_NEAR(map.objects[1].angles.x, 1.5707963, 1e-9);
  EXPECT_EQ(map.otherSections, std::vector<std::string>{"level 0"});
}

}  // namespace
}  // namespace wadsmith
