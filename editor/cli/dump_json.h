// The semantic model as JSON (schema in README.md, "JSON dump"). Deterministic: same document,
// same text.
#pragma once
#include <nlohmann/json.hpp>

#include "model/level_document.h"
#include "model/names.h"
#include "model/wad_document.h"

namespace wadsmith::cli {

// Meshes, movables and statics of any object tables under j, named by `names`.
void dumpObjects(nlohmann::ordered_json& j, const ObjectTables& t, bool wadTextures,
                 const ObjectNames& names);
nlohmann::ordered_json dumpWad(const WadDocument& doc);
nlohmann::ordered_json dumpLevel(const LevelDocument& doc);
// 64-bit FNV-1a as 16 hex digits: stands in for large byte arrays.
std::string fnv1aHex(const std::uint8_t* data, std::size_t n);

}  // namespace wadsmith::cli
