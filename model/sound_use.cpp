#include "model/sound_use.h"

#include <algorithm>

#include "model/catalog.h"
#include "model/command.h"

namespace wadsmith {

std::vector<PlayedSound> animationSounds(const ObjectView& v, std::size_t movable) {
  std::map<std::uint16_t, PlayedSound> ids;
  const std::uint32_t slot = v.movables()[movable].objectId;
  const auto [first, end] = v.animationRange(movable);
  for (std::size_t a = first; a < end; ++a)
    for (const auto& c : v.commands(a).commands)
      if (auto id = soundId(c)) ids.try_emplace(*id, PlayedSound{*id, slot, a - first});
  std::vector<PlayedSound> out;
  for (auto& [id, p] : ids) out.push_back(p);
  return out;
}

std::vector<PlayedSound> movableSounds(const ObjectView& v, std::size_t movable) {
  auto out = animationSounds(v, movable);
  const std::uint32_t slot = v.movables()[movable].objectId;
  std::set<std::uint16_t> have;
  for (const auto& p : out) have.insert(p.id);
  for (auto id : catalog::engineSounds(slot))
    if (have.insert(id).second) out.push_back({id, slot, std::nullopt});
  std::sort(out.begin(), out.end(), [](const PlayedSound& a, const PlayedSound& b) { return a.id < b.id; });
  return out;
}

Shared<SoundSet> documentSounds(const Document& d) {
  if (const auto* w = std::get_if<WadDocument>(&d)) return w->sounds;
  return levelSounds(std::get<LevelDocument>(d));
}

Shared<SoundSet> levelSounds(const LevelDocument& level) {
  // TR1-3 keep their samples elsewhere (TR1 in the level data, TR2/3 in MAIN.SFX) and their
  // details index a table of offsets: model/level_sounds.h reads those.
  if (isClassic(level.game())) return nullptr;
  auto s = std::make_shared<SoundSet>();
  s->map = *level.data->soundMap;
  s->infos = *level.data->soundDetails;
  for (const auto& sample : *level.samples) {
    SoundSample out;
    out.wav = sample.bytes;
    out.uncompressedSize = sample.uncompressedSize;
    out.inSam = false;
    s->samples.push_back(std::move(out));
  }
  s->hasSfx = s->hasSam = false;
  return s;
}

}  // namespace wadsmith
