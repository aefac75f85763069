// Corrupt input to the foreign readers: every truncation of every fixture, counts past the end,
// bad magic, indices past their lists. Each must fail with a located ParseError ("FILE: section
// S at byte N: ...", N inside the bytes given), never crash, hang or allocate for a bogus count.
#include <gtest/gtest.h>

#include <functional>
#include <regex>
#include <set>

#include "io/byte_writer.h"
#include "io/eq_wld_reader.h"
#include "io/file_io.h"
#include "io/gs_mdl_reader.h"
#include "io/gs_wmp_reader.h"
#include "io/parse_error.h"
#include "io/pfs_archive.h"
#include "io/picture_readers.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

using Bytes = std::vector<std::uint8_t>;
using Reader = std::function<void(const Bytes&)>;

Bytes fixture(const char* name) { return readFileBytes(test::fixturesDir() / name); }

const Reader kPfs = [](const Bytes& b) {
  auto a = eq::readPfs(std::make_shared<const Bytes>(b), "t.s3d");
  for (const auto& e : a.entries) eq::extractPfs(a, e);
};
const Reader kWld = [](const Bytes& b) { eq::readWld(b, "t.wld"); };
const Reader kMdl = [](const Bytes& b) { gs::readMdl(b, "t.mdl"); };
const Reader kWmp = [](const Bytes& b) { gs::readWmp(b, "t.wmp"); };
const Reader kBmp = [](const Bytes& b) { foreign::readBmp(b, "t.bmp"); };
const Reader kPcx = [](const Bytes& b) { foreign::readPcx(b, "t.pcx"); };

// The error `read` gives for `bytes`; fails the test when there is none or it is not located.
ParseError errorOf(const Reader& read, const Bytes& bytes) {
  try {
    read(bytes);
  } catch (const ParseError& e) {
    EXPECT_TRUE(std::regex_search(e.what(), std::regex("^t\\.[a-z0-9]+[^:]*: section .+ at byte [0-9]+: .+")))
        << e.what();
    return e;
  }
  ADD_FAILURE() << "no error for " << bytes.size() << " bytes";
  return ParseError("", "", 0, "");
}

// Every prefix shorter than the file (but for an optional tail, such as the .wld end marker)
// fails with an offset inside the prefix; returns the sections the errors named.
std::set<std::string> truncations(const Reader& read, const Bytes& whole, std::size_t optionalTail = 0) {
  std::set<std::string> sections;
  for (std::size_t n = 0; n + optionalTail < whole.size(); ++n) {
    Bytes cut(whole.begin(), whole.begin() + static_cast<std::ptrdiff_t>(n));
    ParseError e = errorOf(read, cut);
    EXPECT_LE(e.offset(), n) << e.what();
    std::string s = e.section();
    // Per-item sections ("fragment 12 (0x36 ...)", "skin 0") count by their kind.
    sections.insert(s.substr(0, s.find_first_of("0123456789(")));
    if (::testing::Test::HasFailure()) break;
  }
  return sections;
}

void put32(Bytes& b, std::size_t at, std::uint32_t v) {
  for (int i = 0; i < 4; ++i) b[at + i] = static_cast<std::uint8_t>(v >> (8 * i));
}

TEST(ForeignErrors, WldTruncatedAtEverySection) {
  auto s = truncations(kWld, fixture("foreign_eq.wld"), 4);  // 0xFFFFFFFF after the fragments
  for (const char* want : {"header", "string hash", "fragments", "fragment "}) EXPECT_TRUE(s.count(want)) << want;
}

TEST(ForeignErrors, MdlTruncatedAtEverySection) {
  auto s = truncations(kMdl, fixture("foreign_bones.mdl"));
  for (const char* want : {"header", "skin ", "skin vertices", "triangles", "frame "}) EXPECT_TRUE(s.count(want)) << want;
  truncations(kMdl, fixture("foreign_mdl3.mdl"));
}

TEST(ForeignErrors, PfsTruncatedAtEveryBlock) {
  // The directory sits at the end: a cut archive fails there, or in the block it cuts.
  auto s = truncations(kPfs, fixture("foreign_eq.s3d"), 9);  // "STEVE" and a date after the directory
  EXPECT_TRUE(s.count("header"));
  EXPECT_TRUE(s.count("directory"));
  // Inside the blocks: the directory kept, a block shortened in place.
  Bytes b = fixture("foreign_eq.s3d");
  b[16] ^= 0xFF;  // the first block's zlib stream
  ParseError e = errorOf(kPfs, b);
  EXPECT_NE(std::string(e.what()).find("block"), std::string::npos) << e.what();
}

TEST(ForeignErrors, PicturesTruncated) {
  truncations(kBmp, fixture("checker.bmp"));
  truncations(kPcx, fixture("brick.pcx"));
}

TEST(ForeignErrors, MapTruncatedInsideASection) {
  // A text map cut between two sections is a shorter map; cut inside braces it must fail.
  Bytes whole = fixture("foreign_map.wmp");
  std::set<std::string> sections;
  int depth = 0;
  for (std::size_t n = 0; n < whole.size(); ++n) {
    if (depth > 0) {
      Bytes cut(whole.begin(), whole.begin() + static_cast<std::ptrdiff_t>(n));
      ParseError e = errorOf(kWmp, cut);
      EXPECT_LE(e.offset(), n);
      sections.insert(e.section().substr(0, e.section().find_first_of("0123456789")));
      if (HasFailure()) break;
    }
    depth += whole[n] == '{' ? 1 : whole[n] == '}' ? -1 : 0;
  }
  for (const char* want : {"wed", "block ", "level", "object "}) EXPECT_TRUE(sections.count(want)) << want;
}

TEST(ForeignErrors, CountsPastTheEnd) {
  Bytes wld = fixture("foreign_eq.wld");
  put32(wld, 8, 0x7FFFFFFF);  // fragment count
  EXPECT_NE(std::string(errorOf(kWld, wld).what()).find("fragment count 2147483647"), std::string::npos);
  Bytes hash = fixture("foreign_eq.wld");
  put32(hash, 20, 0xFFFFFF00);  // string hash size
  EXPECT_EQ(errorOf(kWld, hash).section(), "string hash");

  Bytes mdl = fixture("foreign_bones.mdl");
  put32(mdl, 68, 0x7FFFFFFF);  // frame count
  EXPECT_NE(std::string(errorOf(kMdl, mdl).what()).find("frame count"), std::string::npos);
  Bytes skins = fixture("foreign_bones.mdl");
  put32(skins, 52, 100000);  // skin width: 100000 x 8 pixels are not there
  EXPECT_EQ(errorOf(kMdl, skins).section(), "skin 0");

  Bytes pfs = fixture("foreign_eq.s3d");
  std::uint32_t dir = pfs[0] | (pfs[1] << 8) | (pfs[2] << 16) | (pfs[3] << 24);
  put32(pfs, dir, 0x10000000);  // directory entry count
  EXPECT_NE(std::string(errorOf(kPfs, pfs).what()).find("directory entry count"), std::string::npos);
  Bytes size = fixture("foreign_eq.s3d");
  put32(size, dir + 4 + 8, 0x7FFFFFFF);  // the first entry's size: over the accepted maximum
  EXPECT_NE(std::string(errorOf(kPfs, size).what()).find("declared size"), std::string::npos);

  Bytes bmp = fixture("checker.bmp");
  put32(bmp, 18, 0x40000000);  // width
  EXPECT_NE(std::string(errorOf(kBmp, bmp).what()).find("out of range"), std::string::npos);
}

TEST(ForeignErrors, MdlScaleThatIsNotANumber) {
  Bytes mdl = fixture("foreign_bones.mdl");
  put32(mdl, 12, 0x7FC00000);  // scale y: NaN (a fuzzer found what the converter made of it)
  ParseError e = errorOf(kMdl, mdl);
  EXPECT_EQ(e.offset(), 12u);
  EXPECT_NE(std::string(e.what()).find("not a finite number"), std::string::npos) << e.what();
}

TEST(ForeignErrors, MeshAndTriangleIndicesPastTheirLists) {
  // A WLD polygon naming vertex 16 of 16: the mesh's polygon list starts after its header,
  // vertices, texture coordinates and normals.
  Bytes wld = fixture("foreign_eq.wld");
  auto w = eq::readWld(wld, "t.wld");
  const eq::Fragment* mesh = nullptr;
  for (const auto& f : w.fragments)
    if (f.name == "TINY_DMSPRITEDEF") mesh = &f;
  ASSERT_NE(mesh, nullptr);
  std::size_t polygons = mesh->offset + 12 + 92 + 16 * 6 + 16 * 4 + 16 * 3;
  ASSERT_EQ(wld[polygons + 2], 0);  // polygon 0's first vertex
  wld[polygons + 2] = 16;
  ParseError e = errorOf(kWld, wld);
  EXPECT_NE(std::string(e.what()).find("polygon 0 names vertex 16 of 16"), std::string::npos) << e.what();
  EXPECT_EQ(e.offset(), polygons + 2);

  Bytes mdl = fixture("foreign_mdl3.mdl");
  std::size_t triangles = 84 + 4 + 16 * 2 + 4 * 4;
  mdl[triangles] = 9;  // triangle 0's first vertex, of 5
  e = errorOf(kMdl, mdl);
  EXPECT_NE(std::string(e.what()).find("triangle 0 names vertex 9 of 5"), std::string::npos) << e.what();
  EXPECT_EQ(e.offset(), triangles);
}

TEST(ForeignErrors, BadMagic) {
  for (auto [name, read, section, at] :
       {std::tuple{"foreign_eq.wld", kWld, "header", 1}, std::tuple{"foreign_bones.mdl", kMdl, "header", 1},
        std::tuple{"foreign_eq.s3d", kPfs, "header", 5}, std::tuple{"checker.bmp", kBmp, "file header", 1},
        std::tuple{"brick.pcx", kPcx, "header", 0}}) {
    Bytes b = fixture(name);
    b[static_cast<std::size_t>(at)] ^= 0x20;
    ParseError e = errorOf(read, b);
    EXPECT_EQ(e.section(), section) << name;
    EXPECT_LE(e.offset(), 4u) << name;
  }
  Bytes mdl7 = fixture("foreign_bones.mdl");
  mdl7[3] = '7';
  EXPECT_NE(std::string(errorOf(kMdl, mdl7).what()).find("\"MDL7\" is not supported"), std::string::npos);
  Bytes wld = fixture("foreign_eq.wld");
  put32(wld, 4, 0x12345678);
  EXPECT_NE(std::string(errorOf(kWld, wld).what()).find("unknown version 0x12345678"), std::string::npos);
}

TEST(ForeignErrors, WmpTokensThatDoNotFit) {
  std::string text = "// WMP2\nblock 0 {\n\tvertices 2\n\tfaces 1\n\t0 0 0  1 1 x\n}\n";
  Bytes b(text.begin(), text.end());
  ParseError e = errorOf(kWmp, b);
  EXPECT_EQ(e.section(), "block 0");
  EXPECT_EQ(e.offset(), text.find('x'));
  EXPECT_NE(std::string(e.what()).find("expected a number, found 'x'"), std::string::npos);
  std::string face = "// WMP2\nblock 0 {\n\tvertices 3\n\tfaces 1\n\t0 0 0 1 0 0 0 1 0\n\t3 0 1 7 : t ( 1 0 0 0 ) ( 0 1 0 0 ) 0 0 0 1 1\n}\n";
  Bytes f(face.begin(), face.end());
  e = errorOf(kWmp, f);
  EXPECT_NE(std::string(e.what()).find("face vertex 7 is not a whole number in 0..2"), std::string::npos) << e.what();
  EXPECT_EQ(e.offset(), face.find(" 7 ") + 1);
}

}  // namespace
}  // namespace wadsmith
