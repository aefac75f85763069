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

}  // namespace wadsmith::cli
