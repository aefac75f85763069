#include "model/catalog.h"

#include <algorithm>
#include <map>
#include <string_view>

namespace wadsmith::catalog_data {
extern const std::string_view tr4_movables, tr4_statics, tr4_sounds, tr4_lara_states, tr4_lara_animations, tr4_engine_sounds;
extern const std::string_view tr1_movables, tr2_movables, tr3_movables, tr5_movables, classic_statics;
extern const std::string_view tr1_sounds, tr2_sounds, tr3_sounds, tr5_sounds;
extern const std::string_view tombengine_movables, tr4_mesh_swaps, tr4_sprites, tr5_sprites, tombengine_sprites;
}

namespace wadsmith::catalog {
namespace {

namespace data = catalog_data;
using Table = std::map<std::uint32_t, std::string>;

// "id,name" lines after a header; names may contain spaces but not commas.
Table parse(std::string_view csv) {
  Table t;
  std::size_t at = csv.find('\n');
  while (at != std::string_view::npos && at + 1 < csv.size()) {
    std::size_t end = csv.find('\n', at + 1);
    std::string_view line = csv.substr(at + 1, end == std::string_view::npos ? csv.npos : end - at - 1);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    std::size_t comma = line.find(',');
    if (comma != std::string_view::npos && comma > 0) {
      std::uint32_t id = 0;
      for (char c : line.substr(0, comma)) id = id * 10 + static_cast<std::uint32_t>(c - '0');
      t[id] = std::string(line.substr(comma + 1));
    }
    at = end;
  }
  return t;
}

// The table of one CSV, parsed on first use.
template <const std::string_view& csv>
const Table& parsed() {
  static const Table t = parse(csv);
  return t;
}

std::optional<std::string> lookup(const Table& t, std::uint32_t id) {
  auto it = t.find(id);
  if (it == t.end()) return std::nullopt;
  return it->second;
}

// Each game's slot names: its movables, and its statics up to a limit (TR5 has TR4's static
// slots 0-59; the higher ones are TRNG's).
struct GameTables {
  Table movables, statics, sounds;
};
const GameTables& tablesOf(Game g) {
  static const GameTables tables[] = {
      {parse(catalog_data::tr1_movables), parse(catalog_data::classic_statics), parse(catalog_data::tr1_sounds)},
      {parse(catalog_data::tr2_movables), parse(catalog_data::classic_statics), parse(catalog_data::tr2_sounds)},
      {parse(catalog_data::tr3_movables), parse(catalog_data::classic_statics), parse(catalog_data::tr3_sounds)},
      {parse(catalog_data::tr4_movables), parse(catalog_data::tr4_statics), parse(catalog_data::tr4_sounds)},
      {parse(catalog_data::tr5_movables), [] {
         Table t = parse(catalog_data::tr4_statics);
         t.erase(t.lower_bound(60), t.end());
         return t;
       }(), parse(catalog_data::tr5_sounds)},
  };
  return tables[static_cast<std::size_t>(g) - 1];
}
const Table& movables(Game g) { return tablesOf(g).movables; }
const Table& statics(Game g) { return tablesOf(g).statics; }

std::optional<std::uint32_t> slotByName(const Table& t, const std::string& name) {
  for (const auto& [id, n] : t)
    if (n == name) return id;
  return std::nullopt;
}

// The whole numbers in a cell ("10 13").
std::vector<std::uint32_t> numbers(std::string_view cell) {
  std::vector<std::uint32_t> out;
  std::uint32_t v = 0;
  bool digits = false;
  for (std::size_t i = 0; i <= cell.size(); ++i) {
    const char c = i < cell.size() ? cell[i] : ' ';
    if (c >= '0' && c <= '9') {
      v = v * 10 + static_cast<std::uint32_t>(c - '0');
      digits = true;
    } else if (digits) {
      out.push_back(v);
      v = 0;
      digits = false;
    }
  }
  return out;
}

}  // namespace

std::optional<std::string> movableName(std::uint32_t slot, Game g) { return lookup(movables(g), slot); }
std::optional<std::string> staticName(std::uint32_t slot, Game g) { return lookup(statics(g), slot); }
std::optional<std::string> tombEngineMovableName(std::uint32_t slot) {
  return lookup(parsed<data::tombengine_movables>(), slot);
}
const Table& spriteTable(Game g) {
  return g == Game::TR4 ? parsed<data::tr4_sprites>() : g == Game::TR5 ? parsed<data::tr5_sprites>() : movables(g);
}
const Table& tombEngineSprites() { return parsed<data::tombengine_sprites>(); }
std::optional<std::string> spriteSequenceName(std::uint32_t slot, Game g) { return lookup(spriteTable(g), slot); }
std::optional<std::uint32_t> spriteSequenceSlot(const std::string& name, Game g) { return slotByName(spriteTable(g), name); }
std::optional<std::string> tombEngineSpriteSequenceName(std::uint32_t slot) { return lookup(tombEngineSprites(), slot); }
std::optional<std::uint32_t> tombEngineSpriteSequenceSlot(const std::string& name) { return slotByName(tombEngineSprites(), name); }
std::string spriteSequenceLabel(std::uint32_t slot, Game g) {
  return spriteSequenceName(slot, g).value_or("SPRITES_" + std::to_string(slot));
}
std::optional<std::string> soundName(std::uint32_t id, Game game) { return lookup(tablesOf(game).sounds, id); }
std::optional<std::uint32_t> soundId(const std::string& name, Game game) { return slotByName(tablesOf(game).sounds, name); }
std::optional<std::string> laraStateName(std::uint32_t id) { return lookup(parsed<data::tr4_lara_states>(), id); }
std::optional<std::string> laraAnimationName(std::uint32_t id) { return lookup(parsed<data::tr4_lara_animations>(), id); }
std::vector<std::uint16_t> engineSounds(std::uint32_t slot) {
  std::vector<std::uint16_t> out;
  if (auto row = lookup(parsed<data::tr4_engine_sounds>(), slot))
    for (auto v : numbers(*row)) out.push_back(static_cast<std::uint16_t>(v));
  return out;
}
std::optional<MeshSwap> meshSwap(const std::string& movable) {
  static const std::map<std::string, MeshSwap, std::less<>> table = [] {
    std::map<std::string, MeshSwap, std::less<>> t;
    std::string_view csv = catalog_data::tr4_mesh_swaps;
    csv.remove_prefix(std::min(csv.size(), csv.find('\n') + 1));  // the header
    while (!csv.empty()) {
      std::string_view line = csv.substr(0, csv.find('\n'));
      csv.remove_prefix(std::min(csv.size(), line.size() + 1));
      if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
      std::vector<std::string> cells(1);
      for (char c : line)
        if (c == ',') cells.emplace_back();
        else cells.back().push_back(c);
      if (cells.size() != 5) continue;
      MeshSwap& m = t[cells[0]];
      m.meshes = cells[1], m.joints = cells[2], m.hair = cells[3];
      m.ownWhereFilled = cells[4] == "filled";
      for (auto bone : numbers(cells[4])) m.ownBones.push_back(bone);
    }
    return t;
  }();
  auto it = table.find(movable);
  if (it == table.end()) return std::nullopt;
  return it->second;
}
std::optional<std::uint32_t> movableSlot(const std::string& name, Game g) { return slotByName(movables(g), name); }
std::optional<std::uint32_t> staticSlot(const std::string& name, Game g) { return slotByName(statics(g), name); }
std::string movableLabel(std::uint32_t slot, Game g) {
  return movableName(slot, g).value_or("MOVABLE_" + std::to_string(slot));
}
std::string staticLabel(std::uint32_t slot, Game g) { return staticName(slot, g).value_or("STATIC_" + std::to_string(slot)); }

}  // namespace wadsmith::catalog
