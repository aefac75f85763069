// PNG pictures through libpng: screenshots, texture pages and glTF atlases. Decoding takes any
// PNG (palette, grey, 16-bit, interlaced...) and gives 8-bit RGBA; encoding writes 8-bit RGBA.
// Bad bytes are a located ParseError (the chunk libpng stopped in), never a crash.
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "model/imported.h"

namespace wadsmith::png {

// Larger pictures are refused (a corrupt header, not a texture).
constexpr std::uint32_t kMaxSide = 16384;

bool looksLikePng(std::span<const std::uint8_t> bytes);
// Rows top to bottom, width * height * 4 bytes.
std::vector<std::uint8_t> encode(int width, int height, std::span<const std::uint8_t> rgba);
inline std::vector<std::uint8_t> encode(const imported::Image& image) {
  return encode(image.width, image.height, image.rgba);
}
// Throws ParseError naming `file`.
imported::Image decode(std::span<const std::uint8_t> bytes, const std::string& file);

}  // namespace wadsmith::png
