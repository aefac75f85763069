// A WAD's sprites (.SWD): sprite textures (rectangles on 256x256 RGB pages, the records a level
// keeps for its sprites too), the pages, and the sprite sequences that name runs of textures by
// slot (SKY_GRAPHICS 460, DEFAULT_SPRITES 463...).
#pragma once
#include <cstdint>
#include <vector>

#include "model/level_records.h"
#include "model/texture.h"

namespace wadsmith {

struct SpriteFile {
  std::uint32_t version = 129;
  std::vector<SpriteTexture> textures;
  TexturePages pages;
  std::vector<SpriteSequence> sequences;
  std::vector<std::uint8_t> trailer;  // bytes after the sequences, if any

  const SpriteSequence* sequence(std::int32_t id) const {
    for (const auto& s : sequences)
      if (s.spriteId == id) return &s;
    return nullptr;
  }
};

// A sprite texture's size in pixels: the high byte of the stored width / height is size - 1.
inline int spriteWidth(const SpriteTexture& t) { return (t.width >> 8) + 1; }
inline int spriteHeight(const SpriteTexture& t) { return (t.height >> 8) + 1; }
// The number of textures a sequence runs over (stored negated).
inline int sequenceLength(const SpriteSequence& s) { return -static_cast<int>(s.negativeLength); }

}  // namespace wadsmith
