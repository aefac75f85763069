// The parts of `wadsmith info` on a level that differ per game: how the file stores its
// textures (TR1-3 palettes and tiles, TR4/5 chunks), its rooms (TR5: XELA rooms), its samples
// and its game's quirks.
#pragma once
#include <vector>

#include <nlohmann/json.hpp>

#include "model/level_document.h"
#include "model/quirks.h"

namespace wadsmith::cli {

// format, version, textures (tiles, palettes / chunks), TR5's header fields.
nlohmann::ordered_json levelFileInfo(const LevelDocument& doc, bool searchZlib);
nlohmann::ordered_json levelRoomsInfo(const LevelData& d);
// TR4/5: the samples after the level data; TR1: the embedded WAVE files; TR2/3: MAIN.SFX.
nlohmann::ordered_json levelSamplesInfo(const LevelDocument& doc);
// Room layouts kept as bytes, sound map lengths other than the game's, unusual closing bytes.
void addLevelDataQuirks(const LevelData& d, std::vector<Quirk>& q);

}  // namespace wadsmith::cli
