// The semantic model as JSON (schema in README.md, "JSON dump"). Deterministic: same document,
// same text.
#pragma once
#include <nlohmann/json.hpp>

#include "model/object_view.h"
#include "model/level_document.h"
#include "model/wad_document.h"

namespace wadsmith::cli {

nlohmann::ordered_json dumpMesh(const Mesh& m, bool wadTextures);
// Movables and statics of any object tables; `names` may be empty (catalog names are used).
nlohmann::ordered_json dumpMovable(const ObjectView& v, std::size_t movable, const std::string& name);
nlohmann::ordered_json dumpStatic(const ObjectView& v, std::size_t st, const std::string& name);
nlohmann::ordered_json dumpWad(const WadDocument& doc);
nlohmann::ordered_json dumpLevel(const LevelDocument& doc);
// 64-bit FNV-1a as 16 hex digits: stands in for large byte arrays.
std::string fnv1aHex(const std::uint8_t* data, std::size_t n);

}  // namespace wadsmith::cli
