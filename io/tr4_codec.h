// The TR4 level (.tr4): header, three texture chunks kept compressed, the level data chunk
// parsed into typed parts, the sound samples and whatever follows them (TRNG's NG block).
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "io/byte_rope.h"
#include "io/wad_codec.h"
#include "model/level_document.h"

namespace wadsmith {

constexpr std::uint32_t kTr4Version = 0x00345254;      // "TR4\0"
constexpr std::uint32_t kTr4DemoVersion = 0x63345254;  // "TR4c"

// Throws ParseError. Offsets inside the level data chunk are offsets in its inflated bytes.
LevelDocument readLevel(std::span<const std::uint8_t> bytes, const std::string& fileName);
// Same, sharing the buffer: stored chunks, samples and trailer are slices of it (no copies).
LevelDocument readLevel(const SharedBytes& file, const std::string& fileName);

// Writes the level. Stored compressed bytes are reused for every chunk whose content did not
// change; with `verify`, the level data is serialized even when unchanged and its stored bytes
// are reused only if the serialization matches the stored payload (the round-trip check).
std::vector<std::uint8_t> writeLevel(const LevelDocument& doc, bool verify = false);
// The same as pieces: stored chunks, samples and the trailer are not copied.
ByteRope writeLevelPieces(const LevelDocument& doc, bool verify = false);

// The level data chunk on its own.
LevelData readLevelData(std::span<const std::uint8_t> payload, const std::string& fileName,
                        std::optional<std::uint32_t> sampleCount, Id& nextId);
// Serializes level data; `spans` (optional) receives where each section starts.
// `sizeHint` (the size it was read at) saves growing the buffer.
std::vector<std::uint8_t> writeLevelData(const LevelData& data, Id idLimit, std::vector<SectionSpan>* spans = nullptr,
                                         std::size_t sizeHint = 0);

// Where the top-level parts of a .tr4 file start (header, chunks, samples, trailer).
std::vector<SectionSpan> levelSectionSpans(std::span<const std::uint8_t> bytes);

// The inflated payload of a stored chunk (validated; errors name the file, chunk and offset).
std::vector<std::uint8_t> chunkPayload(const StoredChunk& c);

// The texture chunks that do not inflate to what they declare, as located errors: the reader
// keeps them compressed (a save writes them as they were), so only this looks inside them.
std::vector<std::string> damagedChunks(const LevelDocument& doc);

}  // namespace wadsmith
