// `dump --json` of a level's rooms: TR1-4 rooms with each game's vertex, ambient light, light and
// static fields; TR5 rooms with their header, lights, fog bulbs, layers and (as sizes and
// hashes) faces and vertices.
#pragma once
#include <nlohmann/json.hpp>

#include "model/level_document.h"

namespace wadsmith::cli {

nlohmann::ordered_json dumpRooms(const LevelData& d);

}  // namespace wadsmith::cli
