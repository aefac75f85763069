// The TR4 (.tr4) and TR5 (.trc) level files: header, three texture chunks kept compressed, the
// level data (TR4: a zlib chunk; TR5: stored as it is, after Lara's and the weather's types and
// 28 padding bytes) parsed into typed parts, the sound samples and whatever follows them
// (TRNG's NG block). Callers go through io/level_codec.h, which picks the game.
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "io/byte_rope.h"
#include "io/object_tables.h"
#include "model/level_document.h"

namespace wadsmith {

constexpr std::uint32_t kTr4Version = 0x00345254;      // "TR4\0" (TR5 too)
constexpr std::uint32_t kTr4DemoVersion = 0x63345254;  // "TR4c"

// TR5 when, after the three texture chunks, come two words and 28 zero bytes (where TR4 has the
// level data chunk's sizes and a zlib stream).
bool looksLikeTr5(std::span<const std::uint8_t> bytes);

// Throws ParseError. Offsets inside TR4's level data chunk are offsets in its inflated bytes.
LevelDocument readTr4Level(const SharedBytes& file, const std::string& fileName);
// Stored chunks, samples and the trailer are not copied.
ByteRope writeTr4LevelPieces(const LevelDocument& doc, bool verify);
std::vector<SectionSpan> tr4SectionSpans(std::span<const std::uint8_t> bytes);

// The inflated payload of a stored chunk (validated; errors name the file, chunk and offset).
std::vector<std::uint8_t> chunkPayload(const StoredChunk& c);

// The texture chunks that do not inflate to what they declare, as located errors: the reader
// keeps them compressed (a save writes them as they were), so only this looks inside them.
std::vector<std::string> damagedChunks(const LevelDocument& doc);

}  // namespace wadsmith
