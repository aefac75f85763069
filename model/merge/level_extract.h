// A TR4 level's models and static meshes as a WAD: level faces become WAD polygons (effects
// become attributes), object textures become texture samples cut from the level's 32-bit tiles
// (24-bit, magenta where alpha is 0), frames become keyframes, mesh trees links. A face keeps
// sampling the same texels wherever its UVs form an axis-aligned rectangle (or the right-angle
// half of one, for triangles); other shapes take their bounding rectangle (counted in notes).
#pragma once
#include <span>
#include <string>
#include <vector>

#include "model/level_document.h"
#include "model/wad_document.h"

namespace wadsmith::merge {

struct Extracted {
  WadDocument wad;
  std::vector<std::string> notes;  // what the WAD cannot keep
};

// `tiles32` is the level's inflated 32-bit tile chunk (256x256 BGRA tiles).
Extracted extractLevelObjects(const LevelDocument& level, std::span<const std::uint8_t> tiles32);

}  // namespace wadsmith::merge
