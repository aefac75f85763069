// The semantic model as JSON (schema in README.md, "JSON dump"). Deterministic: same document,
// same text.
#pragma once
#include <map>

#include <nlohmann/json.hpp>

#include "model/object_view.h"
#include "model/level_document.h"
#include "model/wad_document.h"

namespace wadsmith::cli {

nlohmann::ordered_json dumpMesh(const Mesh& m, bool wadTextures);
// Movables and statics of any object tables; `names` may be empty (catalog names are used).
// Runs of records already written, by their [first, end) table range: a run several owners
// share is written once and named after (a file can make every animation claim the same
// 65,535 state changes: the dump stays the size of the tables).
struct DumpedRuns {
  std::map<std::pair<std::size_t, std::size_t>, std::size_t> stateChanges;  // -> animation (global)
  std::map<std::pair<std::size_t, std::size_t>, std::size_t> dispatches;    // -> state change (global)
};
nlohmann::ordered_json dumpMovable(const ObjectView& v, std::size_t movable, const std::string& name, DumpedRuns& dumped);
nlohmann::ordered_json dumpStatic(const ObjectView& v, std::size_t st, const std::string& name);
nlohmann::ordered_json dumpWad(const WadDocument& doc);
nlohmann::ordered_json dumpLevel(const LevelDocument& doc);
// A WAD's .SFX/.SAM (map, infos with the field table's keys, samples) and .SWD.
nlohmann::ordered_json dumpSounds(const SoundSet& sounds);
nlohmann::ordered_json dumpSprites(const SpriteFile& sprites);
// 64-bit FNV-1a as 16 hex digits: stands in for large byte arrays.
std::string fnv1aHex(const std::uint8_t* data, std::size_t n);

}  // namespace wadsmith::cli
