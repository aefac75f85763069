// The sound and sprite parts of `wadsmith info`.
#include <set>

#include "editor/cli/info_json.h"

#include "model/catalog.h"
#include "model/sound_use.h"

namespace wadsmith::cli {

using nlohmann::ordered_json;

namespace {

// "0-11 17 18 24" for a sorted list of ids.
std::string idRanges(const std::vector<std::size_t>& ids) {
  std::string out;
  for (std::size_t i = 0; i < ids.size();) {
    std::size_t j = i;
    while (j + 1 < ids.size() && ids[j + 1] == ids[j] + 1) ++j;
    out += (out.empty() ? "" : " ") + std::to_string(ids[i]) + (j > i ? "-" + std::to_string(ids[j]) : "");
    i = j + 1;
  }
  return out;
}

}  // namespace

ordered_json soundsInfo(const Document& doc, const SampleFolder* samples) {
  const auto sounds = documentSounds(doc);
  if (!sounds) return nullptr;
  ordered_json j;
  const auto* wad = std::get_if<WadDocument>(&doc);
  if (wad) j["files"] = std::string(sounds->hasSfx ? ".SFX" : "") + (sounds->hasSfx && sounds->hasSam ? " + " : "") + (sounds->hasSam ? ".SAM" : "");
  else j["files"] = "embedded in the level";
  j["map_ids"] = sounds->map.size();
  std::vector<std::size_t> used;
  for (std::size_t id = 0; id < sounds->map.size(); ++id)
    if (sounds->map[id] >= 0) used.push_back(id);
  j["ids_in_use"] = used.size();
  j["infos"] = sounds->infos.size();
  j["samples"] = sounds->samples.size();
  if (wad) j["sfx_trailing_bytes"] = sounds->sfxTrailer.size();
  j["ids"] = idRanges(used);
  std::set<std::size_t> played;
  const ObjectView v(objectsOf(doc));
  for (std::size_t m = 0; m < v.movables().size(); ++m)
    for (const auto& p : movableSounds(v, m)) played.insert(p.id);
  j["played_ids"] = idRanges(std::vector<std::size_t>(played.begin(), played.end()));
  if (samples && samples->exists()) {
    j["samples_folder"] = samples->dir().generic_string();
    std::size_t missing = 0;
    for (const auto& s : sounds->samples) missing += !s.name.empty() && !samples->has(s.name);
    j["missing_wavs"] = missing;
  }
  auto& list = j["sounds"] = ordered_json::array();
  for (std::size_t id : used) {
    const SoundInfo* info = sounds->info(id);
    ordered_json& e = list.emplace_back(ordered_json{
        {"id", id}, {"name", catalog::soundName(static_cast<std::uint32_t>(id)).value_or("")}, {"info", sounds->map[id]}});
    if (info) {
      e.update({{"volume", info->volume}, {"range", info->range}, {"chance", info->chance}, {"pitch", info->pitch},
                {"loop", info->loopMode()}, {"flags", info->flags}});
      auto& names = e["samples"] = ordered_json::array();
      for (int k = 0; k < info->sampleCount(); ++k) {
        const std::size_t s = std::size_t{info->sample} + static_cast<std::size_t>(k);
        if (s >= sounds->samples.size()) break;
        const auto& x = sounds->samples[s];
        names.push_back(x.name.empty() ? "(embedded " + std::to_string(x.wav.size()) + " bytes)" : x.name);
      }
    }
  }
  return j;
}

ordered_json spritesInfo(const SpriteFile& f) {
  ordered_json j{{"version", f.version}, {"textures", f.textures.size()}, {"pages", f.pages.pages.size()}};
  auto& seqs = j["sequences"] = ordered_json::array();
  for (const auto& s : f.sequences)
    seqs.push_back({{"id", s.spriteId},
                    {"name", catalog::spriteSequenceName(static_cast<std::uint32_t>(s.spriteId)).value_or("")},
                    {"textures", sequenceLength(s)},
                    {"first", s.offset}});
  return j;
}

}  // namespace wadsmith::cli
