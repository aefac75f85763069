// Bad input: a clear error naming file, section and offset; never a crash or a huge allocation.
#include <gtest/gtest.h>

#include "io/byte_writer.h"
#include "io/parse_error.h"
#include "io/file_io.h"
#include "io/wad_codec.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

// The smallest valid WAD: version and twelve empty sections.
std::vector<std::uint8_t> emptyWad() {
  std::vector<std::uint8_t> b;
  ByteWriter w(b);
  w.u32(129);
  for (int i = 0; i < 12; ++i) w.u32(0);
  return b;
}

ParseError parseFailure(const std::vector<std::uint8_t>& bytes) {
  try {
    readWad(bytes, "bad.wad");
  } catch (const ParseError& e) {
    return e;
  }
  ADD_FAILURE() << "expected a ParseError";
  return ParseError("", "", 0, "");
}

TEST(WadErrors, EmptyFile) {
  auto e = parseFailure({});
  EXPECT_EQ(e.section(), "header");
  EXPECT_NE(std::string(e.what()).find("bad.wad: section header at byte 0"), std::string::npos);
}

TEST(WadErrors, WrongVersion) {
  auto b = emptyWad();
  b[0] = 128;
  auto e = parseFailure(b);
  EXPECT_EQ(e.section(), "header");
  EXPECT_NE(e.problem().find("version 128"), std::string::npos);
}

TEST(WadErrors, CountLargerThanFile) {
  auto b = emptyWad();
  b[4] = 0xFF, b[5] = 0xFF, b[6] = 0xFF, b[7] = 0x7F;  // 2^31 texture samples
  auto e = parseFailure(b);
  EXPECT_EQ(e.section(), "texture samples");
  EXPECT_EQ(e.offset(), 8u);
  EXPECT_NE(e.problem().find("count"), std::string::npos);
}

TEST(WadErrors, EveryTruncationOfACorpusWadFails) {
  auto path = test::corpusFile("wad/TR4_FMV_color.wad");
  WADSMITH_REQUIRE_CORPUS(path);
  auto bytes = readFileBytes(path);
  auto spans = wadSectionSpans(bytes);
  // Every section boundary and a spread of points inside sections.
  std::vector<std::size_t> cuts;
  for (const auto& s : spans) {
    if (s.name == "trailer") continue;
    for (std::uint64_t at : {s.begin, s.begin + 1, s.begin + 3, s.begin + 4, (s.begin + s.end) / 2, s.end - 1})
      if (at < bytes.size()) cuts.push_back(at);
  }
  for (std::size_t at = 0; at < bytes.size(); at += 4099) cuts.push_back(at);
  for (std::size_t cut : cuts) {
    std::vector<std::uint8_t> b(bytes.begin(), bytes.begin() + cut);
    try {
      readWad(b, "cut.wad");
      ADD_FAILURE() << "truncation at " << cut << " was accepted";
    } catch (const ParseError& e) {
      EXPECT_LE(e.offset(), cut) << e.what();
      EXPECT_EQ(e.file(), "cut.wad");
    }
  }
}

TEST(WadErrors, MeshPointerPastThePackage) {
  auto b = emptyWad();
  // One mesh pointer = 100 into an empty package.
  std::vector<std::uint8_t> w;
  ByteWriter bw(w);
  bw.u32(129);
  bw.u32(0);           // samples
  bw.u32(0);           // texture bytes
  bw.u32(1);           // mesh pointers
  bw.u32(100);
  for (int i = 0; i < 10; ++i) bw.u32(0);
  auto e = parseFailure(w);
  EXPECT_EQ(e.section(), "mesh pointers");
  EXPECT_EQ(e.offset(), 16u);
  EXPECT_NE(e.problem().find("past the mesh package"), std::string::npos);
}

std::vector<std::uint8_t> oneTriangleWad(std::uint16_t shape, std::uint16_t vertexIndex) {
  std::vector<std::uint8_t> b;
  ByteWriter w(b);
  w.u32(129);
  w.u32(0);
  w.u32(0);
  w.u32(1);
  w.u32(0);  // mesh pointer 0
  // Mesh: sphere (5 words), 1 vertex (1+3), 0 lighting (1), 1 polygon (1 + 6) = 17 words
  std::vector<std::uint16_t> mesh = {0, 0, 0, 10, 0, 1, 1, 2, 3, 0, 1, shape, 0, 0, vertexIndex, 0, 0};
  w.u32(static_cast<std::uint32_t>(mesh.size()));
  for (auto v : mesh) w.u16(v);
  for (int i = 0; i < 10; ++i) w.u32(0);
  return b;
}

TEST(WadErrors, PolygonShapeOtherThanTriangleOrQuad) {
  auto e = parseFailure(oneTriangleWad(7, 0));
  EXPECT_EQ(e.section(), "mesh package");
  EXPECT_EQ(e.offset(), 24u + 22u);  // the package starts at byte 24; the shape word follows 11 words
  EXPECT_NE(e.problem().find("shape 7"), std::string::npos);
}

TEST(WadErrors, VertexIndexOutOfRangeIsKeptAsData) {
  auto bytes = oneTriangleWad(8, 5);
  auto doc = readWad(bytes, "v.wad");
  EXPECT_EQ((*doc.objects.meshes)[0].mesh->polygons[0].vertices[2], 5);
  EXPECT_EQ(writeWad(doc), bytes);
}

}  // namespace
}  // namespace wadsmith
