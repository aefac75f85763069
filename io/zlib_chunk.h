// zlib chunks of a TR4 level: checked inflation, deflation with given parameters, and the
// search for parameters that reproduce a stored stream.
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "model/level_document.h"

namespace wadsmith {

// The most a chunk may declare: 256 MiB, 1,024 32-bit 256x256 tiles (the TR4 engine takes 16-bit
// tile counts, but no level comes near this; the largest known level data chunks are ~10 MB).
constexpr std::uint32_t kMaxChunkBytes = 256u << 20;

// Inflates `compressed`, which must produce exactly `declaredSize` bytes and end the stream.
// Memory grows with what the stream produces, up to the declared size.
// Throws ParseError(file, section, offset of the chunk, ...) otherwise.
std::vector<std::uint8_t> inflateChunk(std::span<const std::uint8_t> compressed, std::uint32_t declaredSize,
                                       const std::string& file, const std::string& section, std::uint64_t offset);
std::vector<std::uint8_t> deflateChunk(std::span<const std::uint8_t> payload, const ZlibParams& params);

// Parameters with which this zlib reproduces `compressed` from `payload` byte for byte, if any.
// Candidates are limited to what the stream header's level field allows; each is checked on
// a prefix first, so a mismatch costs little.
std::optional<ZlibParams> findZlibParams(std::span<const std::uint8_t> payload, std::span<const std::uint8_t> compressed);

// findZlibParams for a stored chunk, searched once and remembered in its notes.
std::optional<ZlibParams> storedChunkParams(const StoredChunk& chunk);

// "78 01" etc. and the header's compression-level class, for reports.
std::string zlibHeaderText(std::span<const std::uint8_t> compressed);

}  // namespace wadsmith
