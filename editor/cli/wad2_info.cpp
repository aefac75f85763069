// What `info` and `dump` add for a wad2 (model/wad2/classic_view.h): the file's own terms (its
// target game, the chunk variants its records were read from, its sound catalog) beside the
// TR4 WAD its objects convert to, where each object went and what the conversion lost.
#include <iostream>

#include "editor/cli/info_json.h"
#include "model/wad2/classic_view.h"

namespace wadsmith::cli {

using nlohmann::ordered_json;

namespace {

ordered_json slotList(const std::vector<wad2::SlotChoice>& choices) {
  ordered_json out = ordered_json::array();
  for (const auto& c : choices)
    out.push_back({{"id", c.from}, {"slot", c.to ? ordered_json(*c.to) : ordered_json(nullptr)}, {"why", c.why}});
  return out;
}

}  // namespace

ordered_json wad2Info(const wad2::Origin& origin) {
  const auto& f = *origin.file;
  ordered_json j = {{"target_game", wad2::gameName(f.game)}, {"compressed", f.compressed()},
                    {"textures", f.textures.size()}, {"sprites", f.sprites.size()},
                    {"sprite_sequences", f.sequences.size()}, {"movables", f.movables.size()},
                    {"statics", f.statics.size()},
                    {"animated_texture_sets", f.animatedTextures ? f.animatedTextures->size() : 0},
                    {"sound_catalog", origin.sounds ? ordered_json(origin.sounds->sounds.size()) : nullptr}};
  auto& variants = j["chunk_variants"] = ordered_json::object();
  for (const auto& [id, n] : wad2::chunkVariants(f)) variants[id] = n;
  j["movable_slots"] = slotList(origin.slots.movables);
  j["static_slots"] = slotList(origin.slots.statics);
  j["conversion"] = origin.report;
  return j;
}

void printWad2Text(const ordered_json& w) {
  std::cout << "  wad2 for " << w["target_game"].get<std::string>() << (w["compressed"].get<bool>() ? ", compressed" : "")
            << ": " << w["movables"] << " movables, " << w["statics"] << " statics, " << w["textures"] << " textures, "
            << w["sprites"] << " sprites; sound catalog beside it: "
            << (w["sound_catalog"].is_null() ? std::string("none") : w["sound_catalog"].dump() + " sounds") << "\n";
  std::cout << "  chunk variants:";
  for (const auto& [id, n] : w["chunk_variants"].items()) std::cout << " " << id << " x" << n;
  std::cout << "\n  as a TR4 WAD (the objects below):\n";
  for (const auto& line : w["conversion"]) std::cout << "    " << line.get<std::string>() << "\n";
}

}  // namespace wadsmith::cli
