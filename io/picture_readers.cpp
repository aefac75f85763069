#include "io/picture_readers.h"

#include "io/byte_reader.h"

namespace wadsmith::foreign {

namespace {

void checkSize(ByteReader& r, std::int64_t w, std::int64_t h, std::size_t at) {
  if (w <= 0 || h <= 0 || static_cast<std::uint64_t>(w) * static_cast<std::uint64_t>(h) > kMaxPicturePixels)
    r.fail("picture size " + std::to_string(w) + "x" + std::to_string(h) + " is out of range", at);
}

void fillFromPalette(Bitmap& b) {
  b.rgba.resize(b.indices.size() * 4);
  for (std::size_t i = 0; i < b.indices.size(); ++i) {
    std::uint8_t k = b.indices[i];
    const auto& c = k < b.palette.size() ? b.palette[k] : std::array<std::uint8_t, 3>{0, 0, 0};
    b.rgba[i * 4] = c[0];
    b.rgba[i * 4 + 1] = c[1];
    b.rgba[i * 4 + 2] = c[2];
    b.rgba[i * 4 + 3] = 255;
  }
}

}  // namespace

bool looksLikeBmp(std::span<const std::uint8_t> b) { return b.size() >= 26 && b[0] == 'B' && b[1] == 'M'; }

bool looksLikePcx(std::span<const std::uint8_t> b) {
  return b.size() >= 128 && b[0] == 0x0A && b[1] <= 5 && b[2] <= 1 && (b[3] == 1 || b[3] == 2 || b[3] == 4 || b[3] == 8);
}

Bitmap readBmp(std::span<const std::uint8_t> bytes, const std::string& file) {
  ByteReader r(bytes, file);
  Bitmap b;
  r.section("file header");
  if (r.u8() != 'B' || r.u8() != 'M') r.fail("not a BMP (no \"BM\")", 0);
  r.u32();  // file size: often wrong, not needed
  r.u32();
  std::uint32_t pixelsAt = r.u32();
  r.section("info header");
  std::size_t infoAt = r.pos();
  std::uint32_t infoSize = r.u32();
  std::int64_t w, h;
  std::uint16_t bpp;
  std::uint32_t compression = 0, colorsUsed = 0;
  std::size_t paletteEntry = 4;
  if (infoSize == 12) {  // OS/2 core header: 16-bit sizes, 3-byte palette entries
    w = r.u16();
    h = r.i16();
    r.u16();
    bpp = r.u16();
    paletteEntry = 3;
  } else if (infoSize >= 40) {
    w = r.i32();
    h = r.i32();
    r.u16();  // planes
    bpp = r.u16();
    compression = r.u32();
    r.u32();  // image size
    r.i32();
    r.i32();
    colorsUsed = r.u32();
    r.u32();
  } else {
    r.fail("info header size " + std::to_string(infoSize) + " is not a BMP header", infoAt);
  }
  bool topDown = h < 0;
  if (topDown) h = -h;
  checkSize(r, w, h, infoAt + 4);
  // Bit fields that describe the usual layouts read like BI_RGB; anything else is refused.
  if (compression != 0 && !(compression == 3 && (bpp == 32 || bpp == 16)))
    r.fail("compression " + std::to_string(compression) + " is not supported (uncompressed BMP only)", infoAt + 16);
  b.width = static_cast<int>(w);
  b.height = static_cast<int>(h);
  b.bitsPerPixel = bpp;
  std::uint32_t masks[3] = {0, 0, 0};
  if (compression == 3) {
    r.seek(infoAt + 40);  // after a 40-byte header, or inside a V4/V5 one: the same place
    for (auto& m : masks) m = r.u32();
  }
  if (bpp <= 8) {
    if (bpp != 1 && bpp != 4 && bpp != 8) r.fail(std::to_string(bpp) + " bits per pixel is not supported", infoAt + 14);
    r.section("palette");
    r.seek(infoAt + infoSize);
    std::uint32_t n = colorsUsed ? colorsUsed : (1u << bpp);
    if (n > 256) r.fail("palette of " + std::to_string(n) + " colours", infoAt + 32);
    r.count(n, paletteEntry, "palette entry");
    for (std::uint32_t i = 0; i < n; ++i) {
      std::uint8_t bl = r.u8(), g = r.u8(), rd = r.u8();
      if (paletteEntry == 4) r.u8();
      b.palette.push_back({rd, g, bl});
    }
  } else if (bpp != 16 && bpp != 24 && bpp != 32) {
    r.fail(std::to_string(bpp) + " bits per pixel is not supported", infoAt + 14);
  }
  r.section("pixels");
  std::size_t stride = ((static_cast<std::size_t>(w) * bpp + 31) / 32) * 4;
  r.seek(pixelsAt);
  r.count(static_cast<std::uint64_t>(h), stride, "pixel row");
  auto rows = r.bytes(stride * static_cast<std::size_t>(h));
  std::size_t n = static_cast<std::size_t>(w) * static_cast<std::size_t>(h);
  if (bpp <= 8) b.indices.resize(n);
  else b.rgba.resize(n * 4);
  auto channel = [](std::uint32_t v, std::uint32_t mask) -> std::uint8_t {
    if (!mask) return 0;
    int shift = 0;
    while (!((mask >> shift) & 1)) ++shift;
    std::uint32_t max = mask >> shift;
    return static_cast<std::uint8_t>(((v & mask) >> shift) * 255 / max);
  };
  for (std::int64_t y = 0; y < h; ++y) {
    const std::uint8_t* row = rows.data() + stride * static_cast<std::size_t>(topDown ? y : h - 1 - y);
    for (std::int64_t x = 0; x < w; ++x) {
      std::size_t i = static_cast<std::size_t>(y * w + x);
      if (bpp <= 8) {
        std::size_t bit = static_cast<std::size_t>(x) * bpp;
        std::uint8_t byte = row[bit / 8];
        b.indices[i] = static_cast<std::uint8_t>((byte >> (8 - bpp - bit % 8)) & ((1u << bpp) - 1));
        continue;
      }
      std::uint8_t* o = &b.rgba[i * 4];
      const std::uint8_t* p = row + static_cast<std::size_t>(x) * (bpp / 8);
      if (bpp == 24 || (bpp == 32 && compression == 0)) {
        o[0] = p[2], o[1] = p[1], o[2] = p[0], o[3] = 255;
      } else {
        std::uint32_t v = bpp == 16 ? static_cast<std::uint32_t>(p[0] | (p[1] << 8))
                                    : static_cast<std::uint32_t>(p[0] | (p[1] << 8) | (p[2] << 16)) |
                                          (static_cast<std::uint32_t>(p[3]) << 24);
        if (compression == 0) masks[0] = 0x7C00, masks[1] = 0x03E0, masks[2] = 0x001F;  // 16-bit 5-5-5
        o[0] = channel(v, masks[0]), o[1] = channel(v, masks[1]), o[2] = channel(v, masks[2]), o[3] = 255;
      }
    }
  }
  if (bpp <= 8) fillFromPalette(b);
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
    for (int i = 0; i < 256; ++i) {
      std::uint8_t rd = r.u8(), g = r.u8(), bl = r.u8();
      b.palette.push_back({rd, g, bl});
    }
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
