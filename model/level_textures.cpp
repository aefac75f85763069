#include "model/level_textures.h"

#include <algorithm>

namespace wadsmith {

namespace {

constexpr std::size_t kTexels = 256 * 256;

// A component of `bits` bits at full range, rounded (63 or 31 -> 255).
std::uint8_t fullRange(unsigned c, unsigned bits) {
  const unsigned most = (1u << bits) - 1;
  return static_cast<std::uint8_t>((c * 255 + most / 2) / most);
}
std::uint8_t five(unsigned c) { return fullRange(c, 5); }

bool sixBit(const std::uint8_t* palette) { return std::all_of(palette, palette + 768, [](std::uint8_t c) { return c <= 63; }); }

}  // namespace

const std::uint8_t* eightBitPalette(const LevelDocument& doc) {
  // Before the tiles, or (TR1) in the level data: the other place is empty.
  if (doc.classic.palette.size() >= 768) return doc.classic.palette.data();
  return doc.data && doc.data->palette->size() >= 768 ? doc.data->palette->data() : nullptr;
}

std::array<std::uint8_t, 3> paletteEntry(const std::uint8_t* p, std::uint8_t index) {
  const std::uint8_t* c = p + 3 * std::size_t{index};
  if (!sixBit(p)) return {c[0], c[1], c[2]};
  return {fullRange(c[0], 6), fullRange(c[1], 6), fullRange(c[2], 6)};
}

std::vector<std::uint8_t> classicTiles32(const LevelDocument& doc) {
  const auto& t = doc.classic;
  std::vector<std::uint8_t> out(std::size_t{t.tileCount} * kTexels * 4);
  if (!traits(doc.game()).tiles16) {
    const std::uint8_t* palette = eightBitPalette(doc);
    if (!palette || t.tiles8.size() < t.tileCount * kTexels) return out;
    std::array<std::array<std::uint8_t, 4>, 256> bgra{};
    for (int i = 0; i < 256; ++i) {
      auto rgb = paletteEntry(palette, static_cast<std::uint8_t>(i));
      bgra[i] = {rgb[2], rgb[1], rgb[0], static_cast<std::uint8_t>(i == 0 ? 0 : 255)};
    }
    for (std::size_t i = 0; i < t.tileCount * kTexels; ++i) std::copy_n(bgra[t.tiles8[i]].data(), 4, out.data() + 4 * i);
    return out;
  }
  if (t.tiles16.size() < t.tileCount * kTexels * 2) return out;
  for (std::size_t i = 0; i < t.tileCount * kTexels; ++i) {
    const unsigned v = t.tiles16[2 * i] | (t.tiles16[2 * i + 1] << 8);
    std::uint8_t* o = out.data() + 4 * i;
    o[0] = five(v & 0x1F), o[1] = five((v >> 5) & 0x1F), o[2] = five((v >> 10) & 0x1F);
    o[3] = (v & 0x8000) ? 255 : 0;
  }
  return out;
}

std::uint8_t colourIndex(Game game, std::uint16_t texture) {
  return static_cast<std::uint8_t>(traits(game).tiles16 ? texture >> 8 : texture & 0xFF);
}

std::vector<std::uint8_t> colourPage(const LevelDocument& doc) {
  std::vector<std::uint8_t> out(kTexels * 4, 0);
  for (int c = 0; c < 256; ++c) {
    // A texture word whose palette byte is c.
    const auto rgb = colouredFaceColour(doc, static_cast<std::uint16_t>(traits(doc.game()).tiles16 ? c << 8 : c));
    if (!rgb) continue;
    for (int y = 0; y < 16; ++y)
      for (int x = 0; x < 16; ++x) {
        std::uint8_t* o = out.data() + 4 * (static_cast<std::size_t>((c / 16) * 16 + y) * 256 + (c % 16) * 16 + x);
        o[0] = (*rgb)[2], o[1] = (*rgb)[1], o[2] = (*rgb)[0], o[3] = 255;
      }
  }
  return out;
}

std::optional<std::array<std::uint8_t, 3>> colouredFaceColour(const LevelDocument& doc, std::uint16_t texture) {
  if (!traits(doc.game()).tiles16) {
    const std::uint8_t* palette = eightBitPalette(doc);
    if (!palette) return std::nullopt;
    return paletteEntry(palette, static_cast<std::uint8_t>(texture & 0xFF));
  }
  const auto& p16 = doc.classic.palette16;
  const std::size_t at = 4 * std::size_t{static_cast<std::uint8_t>(texture >> 8)};
  if (at + 3 > p16.size()) return std::nullopt;
  return std::array<std::uint8_t, 3>{p16[at], p16[at + 1], p16[at + 2]};
}

}  // namespace wadsmith
