// The level data of every game (TR4: the inflated level data chunk; TR5: its uncompressed level
// data; TR1-3: the file after the textures): one reader and one writer, section by section in
// the game's order (docs/formats/*-level.md).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "io/object_tables.h"
#include "model/level_document.h"

namespace wadsmith {

// Throws ParseError. `base` is the offset of the data's first byte in the file (0 for an
// inflated chunk: offsets in errors are then offsets in the inflated bytes, as the section
// names say). `sampleCount` (TR4/5: the samples after the chunk) helps find a TRNG sound map's
// length. TR1's embedded samples stay a slice of `payload`.
LevelData readLevelData(const SharedBytes& payload, Game game, const std::string& fileName,
                        std::optional<std::uint32_t> sampleCount, Id& nextId, std::uint64_t base = 0);
// Serializes level data in its game's layout; `spans` (optional) receives where each section
// starts. `sizeHint` (the size it was read at) saves growing the buffer.
std::vector<std::uint8_t> writeLevelData(const LevelData& data, Id idLimit, std::vector<SectionSpan>* spans = nullptr,
                                         std::size_t sizeHint = 0);

}  // namespace wadsmith
