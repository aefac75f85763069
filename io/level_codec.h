// Levels of every game (TR1 .phd, TR2/TR3 .tr2, TR4 .tr4, TR5 .trc), told apart by their
// header, never by the extension: the version word (TR1 0x20, TR2 0x2D, TR3 0xFF180038 or
// 0xFF080038, TR4/5 "TR4\0") and, for "TR4\0", what follows the texture chunks
// (io/tr4_codec.h). Every level is read into a LevelDocument and written back byte for byte.
#pragma once
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "io/classic_codec.h"
#include "io/level_data.h"
#include "io/tr4_codec.h"

namespace wadsmith {

// The game of a level file, or nullopt when the header is no level's.
std::optional<Game> levelGame(std::span<const std::uint8_t> bytes);

// Throws ParseError (wrong version, truncation, counts past the end...).
LevelDocument readLevel(std::span<const std::uint8_t> bytes, const std::string& fileName);
// Same, sharing the buffer: stored chunks, tiles, samples and trailer are slices of it.
LevelDocument readLevel(const SharedBytes& file, const std::string& fileName);

// Writes the level. Stored bytes are reused for every part whose content did not change; with
// `verify`, the level data is serialized even when unchanged and its stored bytes are reused
// only if the serialization matches them (the round-trip check).
std::vector<std::uint8_t> writeLevel(const LevelDocument& doc, bool verify = false);
// The same as pieces: stored parts are not copied.
ByteRope writeLevelPieces(const LevelDocument& doc, bool verify = false);

// Every tile as 256 x 256 BGRA: TR4/5's inflated 32-bit tile chunk, TR1-3's tiles as the game
// shows them (model/level_textures.h). Throws ParseError when a chunk does not inflate.
std::vector<std::uint8_t> levelTiles32(const LevelDocument& doc);

// Where the top-level parts of a level file start (header, textures, chunks, samples...).
std::vector<SectionSpan> levelSectionSpans(std::span<const std::uint8_t> bytes);

}  // namespace wadsmith
