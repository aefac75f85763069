// PNG through libpng: RGBA round trip, other colour types decoded to RGBA (the oracle: pixels
// written by zlib-filtered rows built here, not by the encoder), located errors for every
// truncation and for sizes past the limit.
#include <gtest/gtest.h>
#include <zlib.h>

#include <regex>

#include "io/parse_error.h"
#include "io/png_codec.h"

namespace wadsmith {
namespace {

using Bytes = std::vector<std::uint8_t>;

void u32be(Bytes& out, std::uint32_t v) {
  for (int i = 3; i >= 0; --i) out.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}
void chunk(Bytes& out, const char* type, const Bytes& data) {
  u32be(out, static_cast<std::uint32_t>(data.size()));
  std::size_t start = out.size();
  out.insert(out.end(), type, type + 4);
  out.insert(out.end(), data.begin(), data.end());
  u32be(out, static_cast<std::uint32_t>(crc32(0, out.data() + start, static_cast<uInt>(out.size() - start))));
}
// A PNG assembled by hand: IHDR with this colour type, optional PLTE/tRNS, rows unfiltered.
Bytes handPng(std::uint32_t w, std::uint32_t h, std::uint8_t colour, const Bytes& rowsNoFilter, std::size_t rowBytes,
              const Bytes& plte = {}, const Bytes& trns = {}) {
  Bytes out = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  Bytes ihdr;
  u32be(ihdr, w);
  u32be(ihdr, h);
  ihdr.insert(ihdr.end(), {8, colour, 0, 0, 0});
  chunk(out, "IHDR", ihdr);
  if (!plte.empty()) chunk(out, "PLTE", plte);
  if (!trns.empty()) chunk(out, "tRNS", trns);
  Bytes raw;
  for (std::uint32_t y = 0; y < h; ++y) {
    raw.push_back(0);
    raw.insert(raw.end(), rowsNoFilter.begin() + y * rowBytes, rowsNoFilter.begin() + (y + 1) * rowBytes);
  }
  uLongf size = compressBound(static_cast<uLong>(raw.size()));
  Bytes z(size);
  compress2(z.data(), &size, raw.data(), static_cast<uLong>(raw.size()), 6);
  z.resize(size);
  chunk(out, "IDAT", z);
  chunk(out, "IEND", {});
  return out;
}

TEST(Png, RgbaRoundTrip) {
  Bytes rgba = {255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
  auto bytes = png::encode(3, 2, rgba);
  EXPECT_TRUE(png::looksLikePng(bytes));
  auto back = png::decode(bytes, "t.png");
  EXPECT_EQ(back.width, 3);
  EXPECT_EQ(back.height, 2);
  EXPECT_EQ(back.rgba, rgba);  // alpha 0 keeps its colour (magenta stays magenta)
}

TEST(Png, HandWrittenRgbAndPaletteDecodeToRgba) {
  auto rgb = png::decode(handPng(2, 1, 2, {10, 20, 30, 40, 50, 60}, 6), "rgb.png");
  EXPECT_EQ(rgb.rgba, (Bytes{10, 20, 30, 255, 40, 50, 60, 255}));
  // Palette with index 1 transparent through tRNS.
  auto pal = png::decode(handPng(2, 1, 3, {0, 1}, 2, {1, 2, 3, 255, 0, 255}, {255, 0}), "pal.png");
  EXPECT_EQ(pal.rgba, (Bytes{1, 2, 3, 255, 255, 0, 255, 0}));
  auto grey = png::decode(handPng(1, 2, 0, {7, 200}, 1), "g.png");
  EXPECT_EQ(grey.rgba, (Bytes{7, 7, 7, 255, 200, 200, 200, 255}));
}

TEST(Png, EveryTruncationIsALocatedError) {
  auto bytes = png::encode(4, 4, Bytes(64, 77));
  const std::regex located("^t\\.png: section [^ ]+ at byte [0-9]+: .+");
  for (std::size_t n = 0; n < bytes.size(); ++n) {
    Bytes cut(bytes.begin(), bytes.begin() + n);
    try {
      png::decode(cut, "t.png");
      ADD_FAILURE() << "a PNG cut at " << n << " decoded";
    } catch (const ParseError& e) {
      EXPECT_TRUE(std::regex_match(std::string(e.what()), located)) << e.what();
      EXPECT_LE(e.offset(), n);
    }
  }
}

TEST(Png, HugeSizeRefusedBeforeAllocating) {
  // A 100000 x 100000 header with a tiny body.
  auto bytes = handPng(1, 1, 6, {1, 2, 3, 4}, 4);
  bytes[16] = 0, bytes[17] = 1, bytes[18] = 0x86, bytes[19] = 0xA0;  // width 100000
  bytes[20] = 0, bytes[21] = 1, bytes[22] = 0x86, bytes[23] = 0xA0;  // height
  std::uint32_t crc = crc32(0, bytes.data() + 12, 17);
  for (int i = 0; i < 4; ++i) bytes[29 + i] = static_cast<std::uint8_t>(crc >> (24 - 8 * i));
  EXPECT_THROW(png::decode(bytes, "big.png"), ParseError);
}

TEST(Png, CorruptPixelDataNamesIdat) {
  auto bytes = png::encode(8, 8, Bytes(256, 9));
  // Flip bytes inside the IDAT payload (after signature 8, IHDR 25, the IDAT header 8).
  for (std::size_t i = 41; i < 49 && i < bytes.size(); ++i) bytes[i] ^= 0xFF;
  try {
    png::decode(bytes, "bad.png");
    ADD_FAILURE() << "corrupt data decoded";
  } catch (const ParseError& e) {
    EXPECT_EQ(e.section(), "IDAT") << e.what();
  }
}

}  // namespace
}  // namespace wadsmith
