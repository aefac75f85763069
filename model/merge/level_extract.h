// A level of any game (TR1-5) as the source of a merge: its models and static meshes become WAD
// objects of a WAD document that the merge reads like any other.
//
// What carries over as it is: the object tables (animations, state changes, dispatches,
// commands, mesh trees, keyframes, models, static meshes) are the same records in every format
// (TR1-3 keyframes are converted to TR4's words: keyframe_convert.h; TR1-3 animations have no
// lateral speeds: 0). Meshes keep vertices, normals or shades and faces (as the level lists
// them); a TR4/5 face's effects become the WAD attributes (bit 0 additive, bit 1 shine, strength
// above); a TR1-3 face is additive when its object texture's attribute is 2. The tiles (TR4/5:
// 32-bit; TR1: 8-bit through the palette; TR2/3: 16-bit: model/level_textures.h) become 24-bit
// pages, magenta where transparent. A TR1-3 coloured face becomes a textured face over a 4x4
// sample of its palette colour, on a page after the tiles.
//
// Textures: a level face names an object texture, four UV corners anywhere on a tile; a WAD
// face names a rectangle (a sample) and how it lies on the face (flip and, for triangles, the
// right-angle corner). Each object texture becomes the sample covering the texels its corners
// span, and each face takes the WAD mapping that puts every vertex on the same corner texel,
// rotating the face's vertex order where needed (the same face, drawn the same). What a WAD
// cannot keep, and what is done instead:
// - UVs that are not the corners of an axis-aligned rectangle (skewed or free-form mapping):
//   the face takes the bounding rectangle and the mapping closest to its corners
//   (`approximated` faces). Faces graded by the texel under each level corner: the sample's
//   corner texel or one of the same colour is `exact`; the texel next to it is `near` (TRLE
//   moves some corners, mostly of triangles, a texel inward).
// - TRLE pads each sample with a copy of its edge texels on the tiles; where a sample's
//   outer row or column repeats its neighbour and the UVs sit on texel centres, that copy is
//   dropped, which gives back the sample TRLE was given (`bordersDropped`).
// - Texel positions finer than a texel (the 8.8 UV fractions) and bump-map tiles: not kept.
// - The object texture's double-sided flag (bit 15 of a face's texture): WAD faces have none.
#pragma once
#include <cstdint>
#include <map>
#include <set>
#include <unordered_map>
#include <span>
#include <string>
#include <vector>

#include "model/level_document.h"
#include "model/merge/keyframe_convert.h"
#include "model/merge/related_slots.h"
#include "model/wad_document.h"

namespace wadsmith::merge {

struct ExtractedFaces {
  std::size_t exact = 0, near = 0, approximated = 0;
  std::size_t coloured = 0;  // TR1-3 coloured faces (counted as exact: each shows its colour)
  std::size_t doubleSided = 0, badTexture = 0;  // flag dropped; texture past the table (sample 0)
};

struct Extracted {
  Game game = Game::TR4;
  WadDocument wad;
  std::vector<std::string> notes;  // what the WAD could not keep, over all the level's objects
  std::unordered_map<Id, ExtractedFaces> meshFaces;  // by mesh entry id
  std::set<std::uint16_t> bordersDropped;            // samples that lost TRLE's copied edge texels
  std::map<std::uint32_t, KeyframeLosses> keyframeLosses;  // TR1-3, by movable slot
  // The notes for some objects only (e.g. the ones a merge took).
  std::vector<std::string> notesFor(const std::vector<ObjectRef>& objects) const;
};

// `tiles32` is every tile as 256 x 256 BGRA (io/level_codec.h levelTiles32).
Extracted extractLevelObjects(const LevelDocument& level, std::span<const std::uint8_t> tiles32);

// How a level face's texture lands on a WAD face (also used by tests to check extraction).
struct LevelTextureRect {
  int tile = 0, x = 0, y = 0, width = 0, height = 0;
};
// The texels an object texture's corners span (before any border is dropped).
LevelTextureRect objectTextureTexels(const ObjectTexture& t);

}  // namespace wadsmith::merge
