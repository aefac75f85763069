#include "io/picture_readers.h"

#include "io/byte_reader.h"

namespace wadsmith::foreign {

namespace {

void checkSize(ByteReader& r, std::int64_t w, std::int64_t h, std::size_t at) {
  if (w <= 0 || h <= 0 || static_cast<std::uint64_t>(w) * static_cast<std::uint64_t>(h) > kMaxPicturePixels)
    r.fail("picture size " + std::to_string(w) + "x" + std::to_string(h) + " is out of range", at);
}

}  // namespace

bool looksLikeBmp(std::span<const std::uint8_t> b) { return b.size() >= 26 && b[0] == 'B' && b[1] == 'M'; }

bool looksLikePcx(std::span<const std::uint8_t> b) {
  return b.size() >= 128 && b[0] == 0x0A && b[1] <= 5 && b[2] <= 1 && (b[3] == 1 || b[3] == 2 || b[3] == 4 || b[3] == 8);
}

namespace {

// What a BMP's headers say; `masks` are the bit fields of a 16- or 32-bit BI_BITFIELDS picture.
struct BmpHeader {
  std::uint32_t pixelsAt = 0, compression = 0, colorsUsed = 0, infoSize = 0;
  std::size_t infoAt = 0, paletteEntry = 4;
  std::int64_t width = 0, height = 0;
  std::uint16_t bpp = 0;
  bool topDown = false;
  std::uint32_t masks[3] = {0, 0, 0};
};

BmpHeader readBmpHeader(ByteReader& r) {
  BmpHeader h;
  r.section("file header");
  if (r.u8() != 'B' || r.u8() != 'M') r.fail("not a BMP (no \"BM\")", 0);
  r.u32();  // file size: often wrong, not needed
  r.u32();
  h.pixelsAt = r.u32();
  r.section("info header");
  h.infoAt = r.pos();
  h.infoSize = r.u32();
  if (h.infoSize == 12) {  // OS/2 core header: 16-bit sizes, 3-byte palette entries
    h.width = r.u16();
    h.height = r.i16();
    r.u16();
    h.bpp = r.u16();
    h.paletteEntry = 3;
  } else if (h.infoSize >= 40) {
    h.width = r.i32();
    h.height = r.i32();
    r.u16();  // planes
    h.bpp = r.u16();
    h.compression = r.u32();
    r.u32();  // image size
    r.i32();
    r.i32();
    h.colorsUsed = r.u32();
    r.u32();
  } else {
    r.fail("info header size " + std::to_string(h.infoSize) + " is not a BMP header", h.infoAt);
  }
  h.topDown = h.height < 0;
  if (h.topDown) h.height = -h.height;
  checkSize(r, h.width, h.height, h.infoAt + 4);
  // Bit fields that describe the usual layouts read like BI_RGB; anything else is refused.
  if (h.compression != 0 && !(h.compression == 3 && (h.bpp == 32 || h.bpp == 16)))
    r.fail("compression " + std::to_string(h.compression) + " is not supported (uncompressed BMP only)", h.infoAt + 16);
  if (h.compression == 3) {
    r.seek(h.infoAt + 40);  // after a 40-byte header, or inside a V4/V5 one: the same place
    for (auto& m : h.masks) m = r.u32();
  } else if (h.bpp == 16) {
    h.masks[0] = 0x7C00, h.masks[1] = 0x03E0, h.masks[2] = 0x001F;  // 16-bit 5-5-5
  }
  return h;
}

void readBmpPalette(ByteReader& r, const BmpHeader& h, Bitmap& b) {
  if (h.bpp <= 8) {
    if (h.bpp != 1 && h.bpp != 4 && h.bpp != 8) r.fail(std::to_string(h.bpp) + " bits per pixel is not supported", h.infoAt + 14);
    r.section("palette");
    r.seek(h.infoAt + h.infoSize);
    std::uint32_t n = h.colorsUsed ? h.colorsUsed : (1u << h.bpp);
    if (n > 256) r.fail("palette of " + std::to_string(n) + " colours", h.infoAt + 32);
    b.palette = r.records(n, h.paletteEntry, "palette entry", [&] {
      std::uint8_t bl = r.u8(), g = r.u8(), rd = r.u8();
      if (h.paletteEntry == 4) r.u8();
      return std::array<std::uint8_t, 3>{rd, g, bl};
    });
  } else if (h.bpp != 16 && h.bpp != 24 && h.bpp != 32) {
    r.fail(std::to_string(h.bpp) + " bits per pixel is not supported", h.infoAt + 14);
  }
}

std::uint8_t maskedChannel(std::uint32_t v, std::uint32_t mask) {
  if (!mask) return 0;
  int shift = 0;
  while (!((mask >> shift) & 1)) ++shift;
  std::uint32_t max = mask >> shift;
  return static_cast<std::uint8_t>(((v & mask) >> shift) * 255 / max);
}

// One pixel of a 16-, 24- or 32-bit row as RGBA.
void truePixel(const BmpHeader& h, const std::uint8_t* p, std::uint8_t* o) {
  if (h.bpp == 24 || (h.bpp == 32 && h.compression == 0)) {
    o[0] = p[2], o[1] = p[1], o[2] = p[0], o[3] = 255;
    return;
  }
  std::uint32_t v = h.bpp == 16 ? static_cast<std::uint32_t>(p[0] | (p[1] << 8))
                                : static_cast<std::uint32_t>(p[0] | (p[1] << 8) | (p[2] << 16)) |
                                      (static_cast<std::uint32_t>(p[3]) << 24);
  o[0] = maskedChannel(v, h.masks[0]), o[1] = maskedChannel(v, h.masks[1]), o[2] = maskedChannel(v, h.masks[2]), o[3] = 255;
}

void readBmpPixels(ByteReader& r, const BmpHeader& h, Bitmap& b) {
  r.section("pixels");
  const std::int64_t w = h.width, height = h.height;
  const unsigned bpp = h.bpp;
  std::size_t stride = ((static_cast<std::size_t>(w) * bpp + 31) / 32) * 4;
  r.seek(h.pixelsAt);
  r.count(static_cast<std::uint64_t>(height), stride, "pixel row");
  auto rows = r.bytes(stride * static_cast<std::size_t>(height));
  std::size_t n = static_cast<std::size_t>(w) * static_cast<std::size_t>(height);
  if (bpp <= 8) b.indices.resize(n);
  else b.rgba.resize(n * 4);
  for (std::int64_t y = 0; y < height; ++y) {
    const std::uint8_t* row = rows.data() + stride * static_cast<std::size_t>(h.topDown ? y : height - 1 - y);
    for (std::int64_t x = 0; x < w; ++x) {
      std::size_t i = static_cast<std::size_t>(y * w + x);
      if (bpp <= 8) {
        std::size_t bit = static_cast<std::size_t>(x) * bpp;
        b.indices[i] = static_cast<std::uint8_t>((row[bit / 8] >> (8 - bpp - bit % 8)) & ((1u << bpp) - 1));
      } else {
        truePixel(h, row + static_cast<std::size_t>(x) * (bpp / 8), &b.rgba[i * 4]);
      }
    }
  }
}

}  // namespace

Bitmap readBmp(std::span<const std::uint8_t> bytes, const std::string& file) {
  ByteReader r(bytes, file);
  Bitmap b;
  const BmpHeader h = readBmpHeader(r);
  b.width = static_cast<int>(h.width);
  b.height = static_cast<int>(h.height);
  b.bitsPerPixel = h.bpp;
  readBmpPalette(r, h, b);
  readBmpPixels(r, h, b);
  if (h.bpp <= 8) fillFromPalette(b);
  return b;
}

Bitmap readPcx(std::span<const std::uint8_t> bytes, const std::string& file) {
  ByteReader r(bytes, file);
  Bitmap b;
  r.section("header");
  if (r.u8() != 0x0A) r.fail("not a PCX (first byte is not 0x0A)", 0);
  r.u8();  // version
  std::uint8_t encoding = r.u8();
  std::uint8_t bpp = r.u8();
  std::int64_t x0 = r.u16(), y0 = r.u16(), x1 = r.u16(), y1 = r.u16();
  r.seek(65);
  std::uint8_t planes = r.u8();
  std::uint16_t bytesPerLine = r.u16();
  if (encoding > 1) r.fail("encoding " + std::to_string(encoding) + " is neither raw nor run-length", 2);
  if (bpp != 8 || (planes != 1 && planes != 3))
    r.fail(std::to_string(planes) + " planes of " + std::to_string(bpp) + " bits are not supported (8-bit, 1 or 3 planes)", 3);
  std::int64_t w = x1 - x0 + 1, h = y1 - y0 + 1;
  checkSize(r, w, h, 4);
  if (bytesPerLine < w) r.fail("bytes per line " + std::to_string(bytesPerLine) + " under the width " + std::to_string(w), 66);
  b.width = static_cast<int>(w);
  b.height = static_cast<int>(h);
  b.bitsPerPixel = 8 * planes;
  // The 256-colour palette: a 0x0C marker and 768 bytes at the very end.
  std::size_t pixelsEnd = bytes.size();
  if (planes == 1) {
    r.section("palette");
    if (bytes.size() < 128 + 769 || bytes[bytes.size() - 769] != 0x0C)
      r.fail("no 256-colour palette (0x0C and 768 bytes) at the end", bytes.size() >= 769 ? bytes.size() - 769 : 0);
    r.seek(bytes.size() - 768);
    b.palette = r.records(256, 3, "palette entry", [&] { return std::array{r.u8(), r.u8(), r.u8()}; });
    pixelsEnd = bytes.size() - 769;
  }
  r.section("pixels");
  r.seek(128);
  std::size_t lineBytes = static_cast<std::size_t>(bytesPerLine) * planes;
  std::vector<std::uint8_t> line(lineBytes);
  std::size_t n = static_cast<std::size_t>(w) * static_cast<std::size_t>(h);
  if (planes == 1) b.indices.resize(n);
  b.rgba.resize(n * 4);
  for (std::int64_t y = 0; y < h; ++y) {
    for (std::size_t k = 0; k < lineBytes;) {
      if (r.pos() >= pixelsEnd) r.fail("pixel data ends in row " + std::to_string(y));
      std::uint8_t v = r.u8();
      std::size_t run = 1;
      if (encoding == 1 && (v & 0xC0) == 0xC0) {
        run = v & 0x3F;
        if (r.pos() >= pixelsEnd) r.fail("pixel data ends in row " + std::to_string(y));
        v = r.u8();
      }
      // A run may cross the end of a line (some writers do); what spills over is dropped.
      for (std::size_t j = 0; j < run && k < lineBytes; ++j) line[k++] = v;
    }
    for (std::int64_t x = 0; x < w; ++x) {
      std::size_t i = static_cast<std::size_t>(y * w + x);
      if (planes == 1) {
        b.indices[i] = line[static_cast<std::size_t>(x)];
      } else {
        for (int c = 0; c < 3; ++c) b.rgba[i * 4 + c] = line[static_cast<std::size_t>(c) * bytesPerLine + static_cast<std::size_t>(x)];
        b.rgba[i * 4 + 3] = 255;
      }
    }
  }
  if (planes == 1) fillFromPalette(b);
  return b;
}

}  // namespace wadsmith::foreign
