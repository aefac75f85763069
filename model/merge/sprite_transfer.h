// Merging sprite sequences (.SWD: SKY_GRAPHICS 460, DEFAULT_SPRITES 463, ...; a level's sprite
// textures and sequences): a sequence's sprite textures travel with their pixels. A texture
// whose pixels the destination already shows (same size, same texels) takes those; the others
// are packed into free space like texture samples (page_packer.h). The sequence goes in slot
// order and names its textures, appended after the destination's (no index a room sprite names
// moves); a run of records the destination already has is named instead. A sequence the
// destination has is replaced only on request: its textures go when no other sequence uses them
// and no room sprite names them or a later texture (the new ones then take their place in the
// list), and their pixels become free space.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "model/draft.h"

namespace wadsmith {
struct LevelData;
}

namespace wadsmith::merge {

struct SpriteNote {
  std::int32_t id = 0;
  std::size_t textures = 0, pixelsReused = 0;  // pixelsReused: textures drawn from pixels already there
  bool replaced = false;
};

struct SpriteReport {
  std::vector<SpriteNote> merged;
  std::size_t pagesBefore = 0, pagesAfter = 0;
  std::size_t texturesBefore = 0, texturesAfter = 0;
  std::vector<bool> added;  // per record of the result: the merge's (else the destination's)
};

// How the destination's sprite records read: a WAD's as the source's are; TR4/5 levels name the
// texel rectangle in the sides (left, top, right, bottom) and store the size as (size - 1) x 256;
// TR1-3 levels keep world units in the sides and store (size - 1) x 256 + 255.
enum class SpriteRecords : std::uint8_t { AsSource, TexelSides, WorldSides };

// Where new pixels may go besides the destination's sprites, and which records stay put.
struct SpritePlacement {
  std::vector<TextureSample> reserved;  // rectangles nothing may cover (a level's object textures, room tiles)
  std::size_t pinned = 0;               // textures before this index keep it (room sprites name them)
  SpriteRecords records = SpriteRecords::AsSource;
};

// Why the request cannot be done (a sequence the source lacks, one the destination has without
// `replace`), or empty. `destination` may be null (no sprites yet).
std::string checkSprites(const SpriteFile* destination, const Shared<SpriteFile>& source,
                         const std::vector<std::int32_t>& ids, bool replace);
SpriteReport transferSprites(SpriteFile& f, const SpriteFile& source, const std::vector<std::int32_t>& ids, bool replace,
                             const SpritePlacement& where = {});

// Into a level: its sprite textures and sequences over `pages` (its tiles as 24-bit pages, page
// index = tile index; new pages are added at the end), `reserved` kept clear. The new records
// name pages: the caller maps them to tiles.
SpriteReport transferLevelSprites(LevelData& data, TexturePages& pages, const SpriteFile& source,
                                  const std::vector<std::int32_t>& ids, bool replace, std::vector<TextureSample> reserved);

}  // namespace wadsmith::merge
