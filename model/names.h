// Display names of a WAD's objects: the .WAS name when the WAD has one, else the slot catalog.
#pragma once
#include <string>
#include <vector>

#include "model/game.h"
#include "model/wad_document.h"

namespace wadsmith {

struct ObjectNames {
  std::vector<std::string> movables;  // one per movable, in table order
  std::vector<std::string> statics;
  // WAS line index of each movable / static, or -1 when the pairing found none.
  std::vector<long> movableLines, staticLines;
};

// Names from the .WAS, else from the catalog of `game` (a level's objects extracted as a WAD
// keep their game's slot numbers).
ObjectNames objectNames(const WadDocument& doc, Game game = kWadGame);

}  // namespace wadsmith
