// Levels of every game (TR1 .phd, TR2/TR3 .tr2, TR4 .tr4, TR5 .trc), told apart by their
// header, never by the extension (io/level_layout.h levelGame), read into a LevelDocument and
// written back byte for byte. One walk over the game's file parts (io/level_file.h) serves
// reading, writing and the span report; stored parts (tiles, chunks, samples, the trailer) are
// slices of the file, and a no-edit write reuses them all.
#pragma once
#include <span>
#include <string>
#include <vector>

#include "io/byte_rope.h"
#include "io/level_file.h"

namespace wadsmith {

// Throws ParseError (wrong version, truncation, counts past the end...). Offsets inside TR4's
// level data chunk are offsets in its inflated bytes; everywhere else they are file offsets.
LevelDocument readLevel(std::span<const std::uint8_t> bytes, const std::string& fileName);
// Same, sharing the buffer: stored chunks, tiles, samples and trailer are slices of it.
LevelDocument readLevel(const SharedBytes& file, const std::string& fileName);

// Writes the level. Stored bytes are reused for every part whose content did not change; with
// `verify`, the level data is serialized even when unchanged and its stored bytes are reused
// only if the serialization matches them (the round-trip check).
std::vector<std::uint8_t> writeLevel(const LevelDocument& doc, bool verify = false);
// The same as pieces: stored parts are not copied.
ByteRope writeLevelPieces(const LevelDocument& doc, bool verify = false);

// Where the parts of a level file start (header, textures, chunks, samples...), named as its
// reader's errors name them; a part that does not read ends the list as "(unreadable)".
std::vector<SectionSpan> levelSectionSpans(std::span<const std::uint8_t> bytes);

// The content of a stored chunk (inflated and checked; errors name the file, chunk and offset).
std::vector<std::uint8_t> chunkPayload(const StoredChunk& c);

// Every tile as 256 x 256 BGRA: TR4/5's inflated 32-bit tile chunk, TR1-3's tiles as the game
// shows them (model/level_textures.h). Throws ParseError when a chunk does not inflate.
std::vector<std::uint8_t> levelTiles32(const LevelDocument& doc);

// The texture chunks that do not inflate to what they declare, as located errors. The reader
// keeps them compressed and a save writes them as they were, so only decoding them (pages,
// `validate`, `roundtrip`) looks inside.
std::vector<std::string> damagedChunks(const LevelDocument& doc);

}  // namespace wadsmith
