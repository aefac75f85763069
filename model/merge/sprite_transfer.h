// Merging sprite sequences (.SWD: SKY_GRAPHICS 460, DEFAULT_SPRITES 463, ...): a sequence's
// sprite textures travel with their pixels, packed into the free space of the destination's
// sprite pages like texture samples (page_packer.h); the sequence is added in slot order and
// names the new textures. A sequence the destination already has is replaced only on request:
// its textures go when no other sequence uses them, and their pixels become free space.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "model/draft.h"

namespace wadsmith::merge {

struct SpriteNote {
  std::int32_t id = 0;
  std::size_t textures = 0;
  bool replaced = false;
};

struct SpriteReport {
  std::vector<SpriteNote> merged;
  std::size_t pagesBefore = 0, pagesAfter = 0;
};

// Why the request cannot be done (a sequence the source lacks, one the destination has without
// `replace`), or empty.
std::string checkSprites(const Draft& d, const Shared<SpriteFile>& source, const std::vector<std::int32_t>& ids,
                         bool replace);
SpriteReport transferSprites(Draft& d, const SpriteFile& source, const std::vector<std::int32_t>& ids, bool replace);

}  // namespace wadsmith::merge
