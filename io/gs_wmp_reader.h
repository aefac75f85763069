// 3D GameStudio .wmp reader (WED's text maps): blocks in either layout (the A4 manual's three
// points per plane, WED 6's vertex lists with indexed faces), the object tree, WED's palette;
// other sections (level, light, entity...) are skipped by their braces. Errors give the byte
// offset of the token that does not fit.
#pragma once
#include <cstdint>
#include <span>
#include <string>

#include "model/foreign/gs_wmp.h"

namespace wadsmith::gs {

bool looksLikeWmp(std::span<const std::uint8_t> bytes);  // text starting with "// WMP"
WmpMap readWmp(std::span<const std::uint8_t> bytes, const std::string& file);

}  // namespace wadsmith::gs
