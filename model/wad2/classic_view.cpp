#include "model/wad2/classic_view.h"

#include "model/wad2/from_classic.h"
#include "model/wad2/to_classic.h"
#include "model/wad2/write_back.h"

namespace wadsmith::wad2 {
WadDocument classicView(Shared<Document> file, std::optional<SoundCatalog> sounds, std::vector<std::string> notes) {
  auto origin = std::make_shared<Origin>();
  ClassicOptions options;
  if (sounds) options.sounds = &*sounds;
  auto classic = toClassic(*file, options);
  origin->file = std::move(file);
  origin->sounds = std::move(sounds);
  origin->slots = std::move(classic.slots);
  origin->report = std::move(notes);
  origin->report.insert(origin->report.end(), classic.report.begin(), classic.report.end());
  origin->converted = classic.wad;
  classic.wad.wad2 = std::move(origin);
  return std::move(classic.wad);
}

bool unchangedView(const WadDocument& wad) {
  if (!wad.wad2) return false;
  const WadDocument& c = wad.wad2->converted;
  return wad.objects == c.objects && wad.samples == c.samples && wad.pixels == c.pixels &&
         wad.was == c.was && wad.sounds == c.sounds && wad.sprites == c.sprites && wad.trailer == c.trailer &&
         wad.version == c.version && wad.companions.empty();
}

Document wad2Of(const WadDocument& wad, std::vector<std::string>* notes) {
  if (unchangedView(wad)) return *wad.wad2->file;
  if (wad.wad2) return writeBack(*wad.wad2, wad, notes);
  WadDocument plain = wad;
  plain.wad2 = nullptr;
  return fromClassic(plain, {}, notes);
}

std::map<std::string, std::size_t> chunkVariants(const Document& doc) {
  static const char* const kAnimations[] = {"W2Anm", "W2Ani", "W2Ani2", "W2Ani3"};
  std::map<std::string, std::size_t> out;
  const auto polygons = [&](const Shared<Mesh>& m) {
    if (!m) return;
    for (const auto& p : m->polygons)
      ++out[std::string(p.quad ? "W2Uq" : "W2Tr") + (p.version == 2 ? "2" : "")];
  };
  for (const auto& m : doc.movables) {
    if (!m) continue;
    for (const auto& mesh : m->meshes) polygons(mesh);
    for (const auto& a : m->animations) {
      if (!a) continue;
      if (a->version >= 0 && a->version <= 3) ++out[kAnimations[a->version]];
      for (const auto& s : a->stateChanges)
        for (const auto& d : s.dispatches) ++out[d.version == 2 ? "W2Disp2" : "W2Disp"];
      for (const auto& c : a->commands) ++out[c.version == 2 ? "W2Cmd2" : "W2Cmd"];
    }
  }
  for (const auto& s : doc.statics) {
    if (!s) continue;
    polygons(s->mesh);
    ++out[s->version == 2 ? "W2Static2" : "W2Static"];
  }
  return out;
}

}  // namespace wadsmith::wad2
