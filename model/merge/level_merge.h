// Merging objects into a compiled TR4 or TR5 level: the level's objects are read as a WAD
// (extractLevelObjects), the WAD merge places the new objects among them (slots, replacing,
// related slots, meshes shared, animations rebased, textures packed), and what the merge added
// is written back in the level's own terms:
// - meshes the level had keep their records byte for byte (found by id); new meshes take level
//   faces: each WAD face's sample and corner mapping becomes a TR4 object texture (corners on
//   texel centres, as TRLE puts them), an identical one already in the table reused;
// - `replace` frees what only the replaced objects used (level_replace.h) for the merge to reuse;
// - new pixels go into free space of the level's object tiles (room tiles, bump tiles, sprites
//   and every object texture are reserved), then into new object tiles inserted after the
//   existing ones (before the bump tiles: every tile index past them moves along, in object
//   and sprite textures), in the 32-bit and 16-bit tile chunks;
// - sprite sequences (request.sprites) with their pixels, packed the same way after the objects'
//   (sprite_transfer.h; the records name their texels in the sides, as TRLE writes them);
// - the object tables are the same records in both (ids resolved by the level writer);
// - the sounds the merged movables play (request.sounds) go into the sound map, details and
//   embedded samples (level_sound_merge.h): the source's samples must carry their WAV bytes.
//   A level whose samples are all MS-ADPCM (TR5, retail TR4: their engines decode every
//   sample as MS-ADPCM; TRLE's tomb4 plays PCM) takes no PCM sample: refused;
// - TR5's filler words: new models take the level's (object textures: 0, as in the files).
// Everything else (rooms, floor data, boxes, items, cameras, other sounds...) is the value it was,
// so the writer stores those bytes as they were. The limits are checked on the result before
// it is returned: a merge that does not fit throws MergeError naming the limit.
#pragma once
#include <cstdint>
#include <span>

#include "model/level_document.h"
#include "model/merge/level_sound_merge.h"
#include "model/merge/merge.h"

namespace wadsmith::merge {

// TR4's and TR5's limits: a face's texture word holds 15 bits of object texture index, an object
// texture's tile field 15 bits; tomb4 keeps its texture pages in a fixed table; a sprite
// sequence's offset is a signed 16-bit word.
constexpr std::size_t kMaxLevelObjectTextures = 0x7FFF, kMaxLevelTiles = 0x7FFF, kMaxLevelSpriteTextures = 0x7FFF;

// The inflated 32-bit and 16-bit tile chunks (every tile: room, object, bump).
struct LevelTilePixels {
  std::span<const std::uint8_t> tiles32, tiles16;
};

struct LevelMerge {
  LevelDocument doc;
  Report report;
  std::size_t objectTexturesAdded = 0, objectTexturesReused = 0, tilesAdded = 0;
  int paletteError = 0;  // TR1-3: the largest component difference (0-255) of a new texel's 8-bit colour
  // --replace: the level's meshes and object textures only the replaced objects used; of the
  // freed object textures, those new faces draw again and the slots new records took.
  std::size_t meshesFreed = 0, objectTexturesFreed = 0, objectTexturesDrawnAgain = 0, objectTexturesRefilled = 0;
  LevelSoundChange sounds;
  std::vector<SharedBytes> mainSfxAppended;  // TR2/3: WAVE files to append to MAIN.SFX (MainSfxSamples::append)
};

// Whether every sample the level embeds is MS-ADPCM (then a merge adds no other kind).
bool takesOnlyAdpcm(const LevelDocument& level);

// Both kinds of level: the objects asked merged into the level's objects (a request of sprites
// only leaves them as they are), the sprites asked checked first; the sprites go in afterwards
// (transferLevelSprites, over the merged pages with every sample the result uses reserved).
Result mergeLevelObjects(const WadDocument& levelObjects, const WadDocument& source, Request request);
SpriteReport mergeLevelSprites(LevelData& data, TexturePages& pages, const Result& merged, const WadDocument& source,
                               const Request& request, std::vector<TextureSample> reserved);

// TR1-3 levels take the same steps in their terms (level_merge_classic.cpp); `tiles` is not
// read (their tiles are in the document). `mainSfx`: a TR2/3 level's MAIN.SFX.
LevelMerge mergeIntoLevel(const LevelDocument& level, const LevelTilePixels& tiles, const WadDocument& source,
                          Request request, MainSfxSamples mainSfx = {});
LevelMerge mergeIntoClassicLevel(const LevelDocument& level, const WadDocument& source, Request request,
                                 MainSfxSamples mainSfx = {});

}  // namespace wadsmith::merge
