// The texels of a TR1-3 level as the game shows them, in the TR4 tile layout (256 x 256 BGRA
// per tile) so that every game's tiles are read one way (the editor's pages, the extraction of
// objects into a WAD):
// - TR1 draws its 8-bit tiles through the palette; index 0 is transparent. Its palette has
//   6-bit components (the VGA DAC's), shown at full range: round(c x 255 / 63).
// - TR2/3 draw their 16-bit ARGB1555 tiles: 5-bit components the same way (x 255 / 31), alpha
//   0 transparent.
// Coloured faces take a palette colour: TR1 the 8-bit palette (low byte of the texture word),
// TR2/3 the 16-bit palette (high byte).
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "model/level_document.h"

namespace wadsmith {

// Every tile of a TR1-3 level, BGRA.
std::vector<std::uint8_t> classicTiles32(const LevelDocument& doc);

// The RGB a coloured face shows (its texture word), or nullopt when the palette lacks it.
std::optional<std::array<std::uint8_t, 3>> colouredFaceColour(const LevelDocument& doc, std::uint16_t texture);

// A 256 x 256 BGRA page of the colours coloured faces can take, 16 x 16 texels each, colour c at
// (c % 16, c / 16) x 16 (TR1: the 8-bit palette; TR2/3: the 16-bit one): how the editor shows
// coloured faces, as faces on one more page.
std::vector<std::uint8_t> colourPage(const LevelDocument& doc);
// The palette index of a coloured face's colour on that page.
std::uint8_t colourIndex(Game game, std::uint16_t texture);

// The palette the 8-bit tiles use (TR1: in the level data; TR2/3: before the tiles).
const std::uint8_t* eightBitPalette(const LevelDocument& doc);  // 768 bytes, or nullptr
// 6-bit palette components at full range; a palette with any component above 63 is 8-bit.
std::array<std::uint8_t, 3> paletteEntry(const std::uint8_t* palette768, std::uint8_t index);

}  // namespace wadsmith
