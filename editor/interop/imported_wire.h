// The common float form (model/imported.h) as bytes, to carry an importer's result out of the
// process that ran it (editor/interop/assimp_isolated.h). Reading is bounds-checked: a damaged
// answer is a located error, never a huge allocation.
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "model/imported.h"

namespace wadsmith::interop {

std::vector<std::uint8_t> encodeImported(std::vector<imported::Model> models);
// Throws ParseError naming `from`.
std::vector<imported::Model> decodeImported(std::span<const std::uint8_t> bytes, const std::string& from);

}  // namespace wadsmith::interop
