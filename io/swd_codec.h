// A WAD's sprites (.SWD), read and written side by side: u32 version (129), u32 count + count
// sprite textures of 16 bytes (x, y, page, then the level record's width, height and
// left/top/right/bottom), u32 byte count + 256x256 RGB pages, u32 count + sprite sequences of 8
// bytes (slot id, -length, first texture). Bytes after the sequences are kept.
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "io/byte_reader.h"
#include "io/byte_writer.h"
#include "model/sprites.h"

namespace wadsmith {

// Throws ParseError naming `fileName`.
SpriteFile readSwd(std::span<const std::uint8_t> bytes, const std::string& fileName);
std::vector<std::uint8_t> writeSwd(const SpriteFile& f);

}  // namespace wadsmith
