// A decoded picture from a source's texture files (BMP, PCX, MDL skins): RGBA rows top to
// bottom, and for palettized pictures the palette indices too, because EverQuest's masked
// textures and 3D GameStudio's overlay skins make a palette index transparent, not a colour.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace wadsmith::foreign {

struct Bitmap {
  std::string name;
  int width = 0, height = 0;
  int bitsPerPixel = 0;                              // as stored (8 for palettized, 16, 24, 32)
  std::vector<std::array<std::uint8_t, 3>> palette;  // RGB, empty for true colour
  std::vector<std::uint8_t> indices;                 // width * height palette indices, or empty
  std::vector<std::uint8_t> rgba;                    // width * height * 4, alpha 255 unless the format has alpha
};

// The RGBA pixels from the palette indices, opaque (an index past the palette is black).
inline void fillFromPalette(Bitmap& b) {
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

// The picture with every pixel of palette index `key` transparent (alpha 0). Returns false and
// leaves the bitmap as it was when it has no palette.
inline bool maskPaletteIndex(Bitmap& b, std::uint8_t key) {
  if (b.indices.empty()) return false;
  for (std::size_t i = 0; i < b.indices.size(); ++i)
    if (b.indices[i] == key) b.rgba[i * 4 + 3] = 0;
  return true;
}

}  // namespace wadsmith::foreign
