// WAD texture samples and the 24-bit pages they cut from.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "model/bytes.h"
#include "model/refs.h"

namespace wadsmith {

constexpr int kPageSize = 256;
constexpr std::size_t kPageBytes = kPageSize * kPageSize * 3;  // 196608

struct TextureSample {
  std::uint8_t x = 0, y = 0;
  std::uint16_t page = 0;
  std::int8_t flipX = 0;  // 0 or -1
  std::uint8_t addW = 0;  // width - 1
  std::int8_t flipY = 0;
  std::uint8_t addH = 0;  // height - 1
  // A rectangle of `width` x `height` pixels (1..256) at (x, y) of a page, not flipped.
  static TextureSample rect(int page, int x, int y, int width, int height) {
    return {.x = static_cast<std::uint8_t>(x), .y = static_cast<std::uint8_t>(y),
            .page = static_cast<std::uint16_t>(page), .addW = static_cast<std::uint8_t>(width - 1),
            .addH = static_cast<std::uint8_t>(height - 1)};
  }
  int width() const { return addW + 1; }
  int height() const { return addH + 1; }
  friend bool operator==(const TextureSample&, const TextureSample&) = default;
};

// The pixel area as 256x256 RGB pages (slices of the file as read, shared by every version);
// the last page may be partial when the file's byte count is not a multiple of a page.
struct TexturePages {
  std::vector<SharedBytes> pages;
  std::size_t byteCount() const {
    std::size_t n = 0;
    for (const auto& p : pages) n += p.size();
    return n;
  }
  // RGB of one pixel, or nullptr when outside the stored bytes.
  const std::uint8_t* pixel(int page, int x, int y) const {
    if (page < 0 || static_cast<std::size_t>(page) >= pages.size()) return nullptr;
    std::size_t at = (static_cast<std::size_t>(y) * kPageSize + x) * 3;
    const auto& p = pages[page];
    return at + 3 <= p.size() ? p.data() + at : nullptr;
  }
};

inline bool isMagenta(const std::uint8_t* rgb) { return rgb[0] == 255 && rgb[1] == 0 && rgb[2] == 255; }

// An RGBA texel as a WAD page keeps it: transparent is magenta, and an opaque magenta texel is
// nudged to (254, 0, 254) so that it stays drawn.
inline std::array<std::uint8_t, 3> pageTexel(std::uint8_t r, std::uint8_t g, std::uint8_t b, std::uint8_t a) {
  if (a == 0) return {255, 0, 255};
  if (r == 255 && g == 0 && b == 255) return {254, 0, 254};
  return {r, g, b};
}

}  // namespace wadsmith
