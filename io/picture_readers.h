// The picture files foreign models take their textures from: Windows BMP (EverQuest's
// bitmaps: 8-bit palettized, also 4-, 24- and 32-bit, uncompressed) and ZSoft PCX (3D
// GameStudio's palette.pcx and textures: 8-bit with the 256-colour palette at the end, or
// 24-bit as three planes). Bounds-checked; errors name the file, the section and the byte.
#pragma once
#include <cstdint>
#include <span>
#include <string>

#include "model/foreign/bitmap.h"

namespace wadsmith::foreign {

// Pictures larger than this many pixels are refused (a corrupt size, not a texture).
constexpr std::uint64_t kMaxPicturePixels = 16u << 20;

Bitmap readBmp(std::span<const std::uint8_t> bytes, const std::string& file);
Bitmap readPcx(std::span<const std::uint8_t> bytes, const std::string& file);
bool looksLikeBmp(std::span<const std::uint8_t> bytes);
bool looksLikePcx(std::span<const std::uint8_t> bytes);

}  // namespace wadsmith::foreign
