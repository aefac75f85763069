// The semantic model as JSON (schema in README.md, "JSON dump"). Deterministic: same document,
// same text.
#pragma once
#include <map>

#include <nlohmann/json.hpp>

#include "model/object_view.h"
#include "model/visited_ranges.h"
#include "model/level_document.h"
#include "model/wad_document.h"

namespace wadsmith::cli {

nlohmann::ordered_json dumpMesh(const Mesh& m, bool wadTextures);
// Movables and statics of any object tables; `names` may be empty (catalog names are used).
// What is already written, per table or package: a run is written in full by the first owner
// that names any of it; a later owner names that owner instead ({"same_as_animation": N} for
// the same run, {"overlaps_animation": N, "first": I, "count": C} for one that overlaps), so a
// file whose owners all claim the same or overlapping huge runs dumps at the size of its tables.
class Written {
 public:
  explicit Written(std::size_t size) : visited_(size) {}
  // Null when [first, end) is for `owner` to write in full (it is marked written), else the
  // reference; `what` names the owners ("animation", "state_change", "movable").
  nlohmann::ordered_json reference(std::size_t first, std::size_t end, std::size_t owner, const std::string& what);
  const VisitedRanges& visited() const { return visited_; }
  VisitedRanges& visited() { return visited_; }

 private:
  std::map<std::pair<std::size_t, std::size_t>, std::size_t> exact_;
  VisitedRanges visited_;
};
struct DumpedRuns {
  explicit DumpedRuns(const ObjectView& v);
  Written stateChanges, dispatches, pointers, links, keyframes, commands;
  std::map<std::pair<std::size_t, std::size_t>, std::size_t> commandLists;  // (word, count) -> animation
  std::vector<std::uint16_t> commandWords;  // the command package, flat
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
