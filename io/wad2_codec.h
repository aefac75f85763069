// Tomb Editor's .wad2 files: "WAD2", a u32 whose bit 31 says the rest is one zlib stream (then
// an i32 compressed size and the stream), then a stream of chunks (io/wad2_records.cpp).
// Reading keeps every chunk's bytes in the document, so writing an unchanged document gives
// the file it was read from, and an edit changes only the chunks it touches (and the sizes of
// the chunks around them). A compressed file keeps its compressed bytes while its chunks are
// unchanged; otherwise the body is deflated again (zlib level 9, as TombLib asks).
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "model/bytes.h"
#include "model/wad2/document.h"

namespace wadsmith {

// The most an inflated body may hold (the largest public wad2 is a few MiB).
constexpr std::size_t kMaxWad2Body = 256u << 20;

bool isWad2(std::span<const std::uint8_t> bytes);

// Throws ParseError: "FILE: section W2Moveables/W2Moveable/W2Mesh at byte N: ...".
wad2::Document readWad2(SharedBytes bytes, const std::string& file);
wad2::Document readWad2(std::span<const std::uint8_t> bytes, const std::string& file);

// Throws WriteError when a reference names a record that is not in the document.
std::vector<std::uint8_t> writeWad2(const wad2::Document& doc);

}  // namespace wadsmith
