// The TR4 WAD (version 129; TRNG's 130 has the same layout): read into a WadDocument and
// write back byte for byte.
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "io/byte_rope.h"
#include "io/object_tables.h"
#include "model/wad_document.h"

namespace wadsmith {

// Reads a WAD from bytes. `fileName` only labels errors. Throws ParseError.
WadDocument readWad(std::span<const std::uint8_t> bytes, const std::string& fileName);
// Same, sharing the buffer: the texture pages are slices of it (no copies).
WadDocument readWad(const SharedBytes& file, const std::string& fileName);
// Serializes a document. Throws WriteError when the document does not fit the format.
std::vector<std::uint8_t> writeWad(const WadDocument& doc);
// The same as pieces: the texture pages are not copied.
ByteRope writeWadPieces(const WadDocument& doc);

// Where each section of a WAD's bytes lies (for reports), in order.
std::vector<SectionSpan> wadSectionSpans(std::span<const std::uint8_t> bytes);

}  // namespace wadsmith
