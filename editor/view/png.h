// PNG files for screenshots (8-bit RGBA, written with zlib) and reading them back in tests.
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace wadsmith::view {

struct Image {
  int width = 0, height = 0;
  std::vector<std::uint8_t> rgba;  // top row first
};

std::vector<std::uint8_t> encodePng(const Image& image);
// Reads 8-bit RGB or RGBA PNGs (every filter type); nullopt when the bytes are not one.
std::optional<Image> decodePng(std::span<const std::uint8_t> bytes);

}  // namespace wadsmith::view
