// 3D GameStudio MDL3/MDL4 reader: header, skins, skin vertices, triangles, frames (byte- or
// word-packed), and whatever follows the frames kept as bytes. Every count is checked against
// the file before anything is allocated; triangle indices are checked against the vertex and
// skin vertex counts.
#pragma once
#include <cstdint>
#include <span>
#include <string>

#include "model/foreign/gs_mdl.h"

namespace wadsmith::gs {

bool looksLikeMdl(std::span<const std::uint8_t> bytes);  // "MDL3", "MDL4" or "MDL5"
MdlModel readMdl(std::span<const std::uint8_t> bytes, const std::string& file);

}  // namespace wadsmith::gs
