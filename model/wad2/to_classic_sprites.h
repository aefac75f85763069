// A wad2's sprite sequences as a classic WAD's .SWD. Each sequence TR4 has (by number for TR4
// and TRNG files, by name for the other games: model/wad2/slots.h tr4SpriteSlot) keeps its
// sprites in order; they are packed onto 256x256 RGB pages by the merges' packer
// (model/merge/sprite_transfer.h: identical pixels drawn once), transparent texels magenta.
// A sprite larger than a page is scaled down to fit. Every sequence left out and every sprite
// scaled is reported.
#pragma once
#include <string>
#include <vector>

#include "model/sprites.h"
#include "model/wad2/document.h"

namespace wadsmith::wad2 {

// Null when no sequence is carried.
Shared<SpriteFile> classicSprites(const Document& doc, std::vector<std::string>& report);

}  // namespace wadsmith::wad2
