#include "editor/view/png.h"

#include <zlib.h>

#include <cstdlib>
#include <cstring>

namespace wadsmith::view {
namespace {

void u32be(std::vector<std::uint8_t>& out, std::uint32_t v) {
  for (int i = 3; i >= 0; --i) out.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}

void chunk(std::vector<std::uint8_t>& out, const char* type, const std::vector<std::uint8_t>& data) {
  u32be(out, static_cast<std::uint32_t>(data.size()));
  std::size_t start = out.size();
  out.insert(out.end(), type, type + 4);
  out.insert(out.end(), data.begin(), data.end());
  u32be(out, static_cast<std::uint32_t>(crc32(0, out.data() + start, static_cast<uInt>(out.size() - start))));
}

std::uint32_t be32(const std::uint8_t* p) {
  return (std::uint32_t(p[0]) << 24) | (std::uint32_t(p[1]) << 16) | (std::uint32_t(p[2]) << 8) | p[3];
}

}  // namespace

std::vector<std::uint8_t> encodePng(const Image& img) {
  std::vector<std::uint8_t> out = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  std::vector<std::uint8_t> ihdr;
  u32be(ihdr, static_cast<std::uint32_t>(img.width));
  u32be(ihdr, static_cast<std::uint32_t>(img.height));
  ihdr.insert(ihdr.end(), {8, 6, 0, 0, 0});  // 8-bit RGBA, no interlace
  chunk(out, "IHDR", ihdr);
  std::vector<std::uint8_t> raw;
  raw.reserve(static_cast<std::size_t>(img.height) * (img.width * 4 + 1));
  for (int y = 0; y < img.height; ++y) {
    raw.push_back(0);  // filter: none
    const auto* row = img.rgba.data() + static_cast<std::size_t>(y) * img.width * 4;
    raw.insert(raw.end(), row, row + img.width * 4);
  }
  uLongf size = compressBound(static_cast<uLong>(raw.size()));
  std::vector<std::uint8_t> z(size);
  compress2(z.data(), &size, raw.data(), static_cast<uLong>(raw.size()), 6);
  z.resize(size);
  chunk(out, "IDAT", z);
  chunk(out, "IEND", {});
  return out;
}

std::optional<Image> decodePng(std::span<const std::uint8_t> b) {
  static const std::uint8_t sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  if (b.size() < 8 || std::memcmp(b.data(), sig, 8) != 0) return std::nullopt;
  Image img;
  int channels = 0;
  std::vector<std::uint8_t> idat;
  for (std::size_t at = 8; at + 12 <= b.size();) {
    std::uint32_t len = be32(&b[at]);
    if (at + 12 + len > b.size()) return std::nullopt;
    const std::uint8_t* type = &b[at + 4];
    const std::uint8_t* data = &b[at + 8];
    if (!std::memcmp(type, "IHDR", 4) && len >= 13) {
      img.width = static_cast<int>(be32(data));
      img.height = static_cast<int>(be32(data + 4));
      if (data[8] != 8 || (data[9] != 6 && data[9] != 2) || data[12] != 0) return std::nullopt;
      channels = data[9] == 6 ? 4 : 3;
      if (img.width <= 0 || img.height <= 0 || img.width > 16384 || img.height > 16384) return std::nullopt;
    } else if (!std::memcmp(type, "IDAT", 4)) {
      idat.insert(idat.end(), data, data + len);
    }
    at += 12 + len;
  }
  if (!channels) return std::nullopt;
  const std::size_t stride = static_cast<std::size_t>(img.width) * channels;
  std::vector<std::uint8_t> raw((stride + 1) * img.height);
  uLongf size = static_cast<uLongf>(raw.size());
  if (uncompress(raw.data(), &size, idat.data(), static_cast<uLong>(idat.size())) != Z_OK || size != raw.size())
    return std::nullopt;
  std::vector<std::uint8_t> pixels(stride * img.height);
  for (int y = 0; y < img.height; ++y) {
    std::uint8_t filter = raw[y * (stride + 1)];
    const std::uint8_t* in = &raw[y * (stride + 1) + 1];
    std::uint8_t* cur = &pixels[y * stride];
    const std::uint8_t* prev = y ? &pixels[(y - 1) * stride] : nullptr;
    for (std::size_t x = 0; x < stride; ++x) {
      int a = x >= std::size_t(channels) ? cur[x - channels] : 0, up = prev ? prev[x] : 0;
      int c = prev && x >= std::size_t(channels) ? prev[x - channels] : 0;
      int v = in[x];
      switch (filter) {
        case 0: break;
        case 1: v += a; break;
        case 2: v += up; break;
        case 3: v += (a + up) / 2; break;
        case 4: {
          int p = a + up - c, pa = std::abs(p - a), pb = std::abs(p - up), pc = std::abs(p - c);
          v += (pa <= pb && pa <= pc) ? a : (pb <= pc ? up : c);
          break;
        }
        default: return std::nullopt;
      }
      cur[x] = static_cast<std::uint8_t>(v);
    }
  }
  img.rgba.resize(static_cast<std::size_t>(img.width) * img.height * 4);
  for (std::size_t i = 0; i < std::size_t(img.width) * img.height; ++i) {
    for (int k = 0; k < 3; ++k) img.rgba[i * 4 + k] = pixels[i * channels + k];
    img.rgba[i * 4 + 3] = channels == 4 ? pixels[i * channels + 3] : 255;
  }
  return img;
}

}  // namespace wadsmith::view
