// TR1 (.phd), TR2 and TR3 (.tr2) level files: the version, the palettes (TR2/3), the 8-bit and
// (TR2/3) 16-bit tiles, kept as slices of the file, then the level data, parsed into typed
// parts to the end of the file. Callers go through io/level_codec.h, which picks the game.
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "io/byte_rope.h"
#include "io/object_tables.h"
#include "model/level_document.h"

namespace wadsmith {

constexpr std::uint32_t kTr1Version = 0x20, kTr2Version = 0x2D;
constexpr std::uint32_t kTr3Version = 0xFF180038, kTr3VersionB = 0xFF080038;

// The game a TR1-3 version word names.
std::optional<Game> classicGame(std::uint32_t version);

// Throws ParseError; offsets in errors are file offsets.
LevelDocument readClassicLevel(const SharedBytes& file, const std::string& fileName);
// The palettes, tiles and (unless edited or verifying) the level data are not copied.
ByteRope writeClassicLevelPieces(const LevelDocument& doc, bool verify);
std::vector<SectionSpan> classicSectionSpans(std::span<const std::uint8_t> bytes);

}  // namespace wadsmith
