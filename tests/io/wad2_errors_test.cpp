// Hostile wad2 bytes: every one is refused with a located ParseError ("FILE: section PATH at
// byte N: ...") or read within bounds; nothing crashes, loops or allocates past the input.
#include <gtest/gtest.h>
#include <zlib.h>

#include "io/file_io.h"
#include "io/parse_error.h"
#include "io/wad2_codec.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

std::vector<std::uint8_t> quirks() { return readFileBytes(test::fixturesDir() / "quirks.wad2"); }

std::string errorOf(const std::vector<std::uint8_t>& bytes) {
  try {
    readWad2(bytes, "bad.wad2");
  } catch (const ParseError& e) {
    return e.what();
  }
  return "";
}

// "WAD2", flags 0, then `body`.
std::vector<std::uint8_t> file(const std::vector<std::uint8_t>& body) {
  std::vector<std::uint8_t> out{'W', 'A', 'D', '2', 0, 0, 0, 0};
  out.insert(out.end(), body.begin(), body.end());
  return out;
}
std::vector<std::uint8_t> chunk(const std::string& id, const std::vector<std::uint8_t>& payload) {
  std::vector<std::uint8_t> out;
  out.reserve(2 + id.size() + payload.size());  // (a brace-initialised one-byte vector grown by insert trips g++ 12's -Warray-bounds)
  out.push_back(static_cast<std::uint8_t>(id.size()));
  out.insert(out.end(), id.begin(), id.end());
  out.push_back(static_cast<std::uint8_t>(payload.size()));  // tests keep payloads under 64 bytes
  out.insert(out.end(), payload.begin(), payload.end());
  return out;
}

TEST(Wad2Errors, EveryTruncationIsALocatedError) {
  const auto bytes = quirks();
  const std::size_t trailer = 4, end = bytes.size() - trailer;  // the stream ends before "tail"
  for (std::size_t n = 0; n < end; ++n) {
    const std::vector<std::uint8_t> cut(bytes.begin(), bytes.begin() + static_cast<long>(n));
    const std::string e = errorOf(cut);
    ASSERT_FALSE(e.empty()) << "a file cut at " << n << " read";
    ASSERT_NE(e.find("bad.wad2: section "), std::string::npos) << e;
  }
}

TEST(Wad2Errors, HeaderProblems) {
  EXPECT_NE(errorOf({'W', 'A', 'D'}).find("too short"), std::string::npos);
  EXPECT_NE(errorOf({'W', 'a', 'd', '2', 0, 0, 0, 0}).find("obsolete"), std::string::npos);
  EXPECT_NE(errorOf({'W', 'A', 'D', '3', 0, 0, 0, 0, 0}).find("no WAD2 magic"), std::string::npos);
  EXPECT_NE(errorOf({'W', 'A', 'D', '2', 1, 0, 0, 0, 0}).find("chunk version 1"), std::string::npos);
  EXPECT_NE(errorOf({'W', 'A', 'D', '2', 0, 0, 0, 0x80, 9, 0, 0, 0}).find("compressed size 9"), std::string::npos);
}

TEST(Wad2Errors, SizeLieNamesTheChunkPathAndOffset) {
  // A W2Mesh inside the first movable says it is longer than its movable.
  auto bytes = quirks();
  const std::string mesh = "\x06W2Mesh";
  const auto at = std::search(bytes.begin(), bytes.end(), mesh.begin(), mesh.end()) - bytes.begin();
  bytes[static_cast<std::size_t>(at) + mesh.size() + 2] = 0x7F;  // the size's third byte
  const std::string e = errorOf(bytes);
  EXPECT_NE(e.find("section W2Moveables/W2Moveable at byte " + std::to_string(at)), std::string::npos) << e;
  EXPECT_NE(e.find("W2Mesh claims"), std::string::npos) << e;
}

TEST(Wad2Errors, Leb128Overflow) {
  std::vector<std::uint8_t> eleven(10, 0x80);
  eleven.push_back(0);
  EXPECT_NE(errorOf(file(eleven)).find("longer than 64 bits"), std::string::npos);
  std::vector<std::uint8_t> tenth(9, 0x80);
  tenth.push_back(0x02);  // a bit past 64 that is not the sign's
  EXPECT_NE(errorOf(file(tenth)).find("longer than 64 bits"), std::string::npos);
  EXPECT_NE(errorOf(file({0x7F})).find("bad chunk id length -1"), std::string::npos);
  EXPECT_NE(errorOf(file({0x80, 0x08})).find("bad chunk id length 1024"), std::string::npos);
}

TEST(Wad2Errors, StreamsNeedEndMarkers) {
  EXPECT_NE(errorOf(file(chunk("W2SoundSystem", {1}))).find("without an end marker"), std::string::npos);
  auto metadata = chunk("W2Metadata", chunk("W2UserNotes", {'x'}));  // its child stream does not end
  metadata.push_back(0);
  EXPECT_NE(errorOf(file(metadata)).find("section W2Metadata"), std::string::npos) << errorOf(file(metadata));
}

TEST(Wad2Errors, StringLengthLie) {
  // A W2Bone2 whose name claims 2^30 bytes.
  std::vector<std::uint8_t> bone{0, 0, 0, 0, 0x40, 'x', 0};
  auto movable = chunk("W2Moveable", [&] {
    std::vector<std::uint8_t> p{1};
    auto b = chunk("W2Bone2", bone);
    p.insert(p.end(), b.begin(), b.end());
    p.push_back(0);
    return p;
  }());
  movable.push_back(0);
  auto body = chunk("W2Moveables", movable);
  body.push_back(0);
  EXPECT_NE(errorOf(file(body)).find("string of 1073741824 bytes"), std::string::npos);
}

// Unknown chunks are not opened: nesting them deeply costs nothing and they come back as they were.
TEST(Wad2Errors, DeepNestingOfUnknownChunksIsJustBytes) {
  std::vector<std::uint8_t> inner{0};
  for (int i = 0; i < 5000; ++i) {  // each level: id, size (LEB128), payload
    std::vector<std::uint8_t> outer{8, 'W', '2', 'N', 'e', 's', 't', 'e', 'd'};
    std::int64_t n = static_cast<std::int64_t>(inner.size());
    do {
      outer.push_back(static_cast<std::uint8_t>((n & 0x7F) | (n > 63 ? 0x80 : 0)));
      n >>= 7;
    } while (n > 0 || (outer.back() & 0x40));
    outer.insert(outer.end(), inner.begin(), inner.end());
    inner = std::move(outer);
  }
  inner.push_back(0);
  const auto bytes = file(inner);
  const auto doc = readWad2(bytes, "nested.wad2");
  EXPECT_EQ(doc.keep.unknown.size(), 1u);
  EXPECT_EQ(writeWad2(doc), bytes);
}

std::vector<std::uint8_t> compressedFile(std::size_t zeros) {
  z_stream z{};
  deflateInit(&z, 1);
  std::vector<std::uint8_t> in(1 << 20, 0), out, buf(1 << 16);
  for (std::size_t done = 0, first = 1; done < zeros || first; first = 0) {
    const std::size_t n = std::min(in.size(), zeros - done);
    done += n;
    z.next_in = in.data(), z.avail_in = static_cast<uInt>(n);
    const int flush = done == zeros ? Z_FINISH : Z_NO_FLUSH;
    do {
      z.next_out = buf.data(), z.avail_out = static_cast<uInt>(buf.size());
      deflate(&z, flush);
      out.insert(out.end(), buf.begin(), buf.end() - z.avail_out);
    } while (z.avail_out == 0);
  }
  deflateEnd(&z);
  std::vector<std::uint8_t> f{'W', 'A', 'D', '2', 0, 0, 0, 0x80};
  for (int i = 0; i < 4; ++i) f.push_back(static_cast<std::uint8_t>(out.size() >> (8 * i)));
  f.insert(f.end(), out.begin(), out.end());
  return f;
}

TEST(Wad2Errors, ZlibBombStopsAtTheBodyLimit) {
  const std::string e = errorOf(compressedFile(kMaxWad2Body + (1u << 20)));
  EXPECT_NE(e.find("inflates past 256 MiB"), std::string::npos) << e;
}

TEST(Wad2Errors, BrokenZlibBody) {
  auto f = compressedFile(100);
  f.resize(f.size() - 3);
  f[8] = static_cast<std::uint8_t>(f.size() - 12);
  EXPECT_NE(errorOf(f).find("does not inflate to its end"), std::string::npos);
  f[12] ^= 0xFF;
  EXPECT_NE(errorOf(f).find("zlib body"), std::string::npos);
  // An empty stream of zeros: no end marker in the inflated body, located in it.
  EXPECT_NE(errorOf(compressedFile(0)).find("of the inflated body"), std::string::npos) << errorOf(compressedFile(0));
}

}  // namespace
}  // namespace wadsmith
