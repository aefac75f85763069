// EverQuest .wld reader: header, XOR-encoded string hash, fragments. Every fragment the
// converters use is parsed and checked (counts against the fragment's size, vertex indices
// against its mesh); the rest are kept as bytes. Errors: "FILE: section fragment I (0xTT NAME)
// at byte N: ...".
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "model/foreign/eq_wld.h"

namespace wadsmith::eq {

// Undoes the XOR with 95 3A C5 2A 95 7A 95 6A (repeating) that the string hash and every
// stored string carry; applying it twice gives the input back.
std::vector<std::uint8_t> decodeWldString(std::span<const std::uint8_t> encoded);

World readWld(std::span<const std::uint8_t> bytes, const std::string& file);

}  // namespace wadsmith::eq
