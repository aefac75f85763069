// The sound checks of validation (model/validate.h).
#include <set>

#include "model/catalog.h"
#include "model/sound_use.h"
#include "model/validate.h"

namespace wadsmith {

std::vector<ValidationWarning> validateSounds(const Document& doc, const ValidationOptions& options) {
  std::vector<ValidationWarning> out;
  const auto* wad = std::get_if<WadDocument>(&doc);
  if (wad)
    for (const auto& c : wad->companions)
      out.push_back({{}, "the ." + c.extension + " could not be read (" + c.problem + "): kept unchanged, " +
                             (c.extension == "SWD" ? "sprites unavailable" : "sounds unavailable")});
  const auto sounds = documentSounds(doc);
  const ObjectView v(objectsOf(doc));
  auto named = [](std::size_t id) {
    auto n = catalog::soundName(static_cast<std::uint32_t>(id));
    return n ? " (" + *n + ")" : std::string();
  };

  // Ids the animations play.
  std::size_t unmapped = 0;
  for (std::size_t m = 0; m < v.movables().size(); ++m)
    for (const auto& p : animationSounds(v, m)) {
      const Location at{.object = movableRef(p.slot), .animation = p.animation, .soundId = p.id};
      if (!sounds) {
        ++unmapped;
        continue;
      }
      if (p.id >= sounds->map.size())
        out.push_back({at, "played, but past the sound map's " + std::to_string(sounds->map.size()) + " ids" +
                               (wad && wad->version == 129 ? " (TRLE's limit for a version 129 WAD)" : "")});
      else if (sounds->map[p.id] < 0)
        out.push_back({at, "played" + named(p.id) + ", but the id has no sound info"});
    }
  if (unmapped && wad && wad->companions.empty())
    out.push_back({{}, "the WAD has no .SFX: " + std::to_string(unmapped) + " sound ids its animations play have no sound info"});
  if (!sounds) return out;

  // Map entries past the infos, once (an all-zero map names info 0 from every id).
  std::size_t past = 0, first = 0;
  for (std::size_t id = 0; id < sounds->map.size(); ++id)
    if (sounds->map[id] >= 0 && static_cast<std::size_t>(sounds->map[id]) >= sounds->infos.size() && past++ == 0) first = id;
  if (past) {
    const Location at{.soundId = first};
    out.push_back({at, "names info " + std::to_string(sounds->map[first]) + ", past the " + std::to_string(sounds->infos.size()) +
                           " sound infos" + (past > 1 ? " (and " + std::to_string(past - 1) + " more ids do the same)" : "")});
  }
  for (std::size_t i = 0; i < sounds->infos.size(); ++i) {
    const auto& info = sounds->infos[i];
    const Location at{.soundInfo = i};
    if (info.sampleCount() > kMaxSamplesPerInfo)
      out.push_back({at, std::to_string(info.sampleCount()) + " samples: TRLE's 4 bits hold " +
                             std::to_string(kMaxSamplesPerInfo)});
    if (std::size_t{info.sample} + info.sampleCount() > sounds->samples.size())
      out.push_back({at, "plays samples " + std::to_string(info.sample) + ".." +
                             std::to_string(info.sample + info.sampleCount() - 1) + ", past the " +
                             std::to_string(sounds->samples.size()) + " samples"});
  }
  if (options.sampleExists) {
    std::set<std::string> reported;
    for (std::size_t k = 0; k < sounds->samples.size(); ++k) {
      const auto& s = sounds->samples[k];
      if (s.name.empty() || !s.wav.empty() || options.sampleExists(s.name) || !reported.insert(s.name).second) continue;
      out.push_back({{.sample = k}, s.name + " is missing from the samples folder"});
    }
  }
  return out;
}

}  // namespace wadsmith
