// The WAD polygon texture word. Triangles: bit 15 flip, bits 12-14 the right-angle corner
// (0, 2, 4, 6), bits 0-11 the sample. Quads: a signed sample index, negative = flipped
// (the real files side with the older format note).
#pragma once
#include <cstdint>

namespace wadsmith {

struct WadTextureWord {
  std::uint16_t sample = 0;
  bool flipped = false;
  std::uint8_t corner = 0;  // triangles only: bits 12-14 as stored

  static WadTextureWord decode(std::uint16_t word, bool quad) {
    WadTextureWord t;
    if (quad) {
      auto s = static_cast<std::int16_t>(word);
      t.flipped = s < 0;
      t.sample = static_cast<std::uint16_t>(s < 0 ? -static_cast<int>(s) : s);
    } else {
      t.flipped = (word & 0x8000) != 0;
      t.corner = static_cast<std::uint8_t>((word >> 12) & 7);
      t.sample = word & 0x0FFF;
    }
    return t;
  }
  std::uint16_t encode(bool quad) const {
    if (quad) return static_cast<std::uint16_t>(flipped ? -static_cast<int>(sample) : sample);
    return static_cast<std::uint16_t>((flipped ? 0x8000 : 0) | ((corner & 7) << 12) | (sample & 0x0FFF));
  }
};

}  // namespace wadsmith
