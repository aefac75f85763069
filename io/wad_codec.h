// The TR4 WAD (version 129; TRNG's 130 has the same layout): read into a WadDocument and
// write back byte for byte.
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "model/wad_document.h"

namespace wadsmith {

// Section names in file order; errors and round-trip reports use them.
inline constexpr const char* kWadSections[] = {
    "header",     "texture samples", "texture pixels", "mesh pointers", "mesh package", "animations",
    "state changes", "dispatches",    "commands",       "links",         "keyframes",    "movables",
    "statics",    "trailer"};

// Reads a WAD from bytes. `fileName` only labels errors. Throws ParseError.
WadDocument readWad(std::span<const std::uint8_t> bytes, const std::string& fileName);
// Serializes a document. Throws WriteError when the document does not fit the format.
std::vector<std::uint8_t> writeWad(const WadDocument& doc);

// Where each section starts in a WAD's bytes (for reports): pairs of (section, offset), in order.
struct SectionSpan {
  std::string name;
  std::uint64_t begin = 0, end = 0;
};
std::vector<SectionSpan> wadSectionSpans(std::span<const std::uint8_t> bytes);

}  // namespace wadsmith
