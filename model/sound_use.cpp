#include "model/sound_use.h"

#include <algorithm>
#include <unordered_map>
#include <utility>

#include "model/catalog.h"
#include "model/command.h"

namespace wadsmith {

// Command lists are walked over the package's words, each word at most once per movable
// whatever the lists claim (a file can make 8,192 animations each claim 65,535 commands over the
// same words): `walked` sends a word an earlier list already took to the next one no list took
// yet (with path compression). Lists go in animation order, so an id's animation is the first.
std::vector<PlayedSound> animationSounds(const ObjectView& v, std::size_t movable) {
  const CommandReach& reach = v.commandReach();
  std::unordered_map<std::size_t, std::size_t> walked;
  auto unwalked = [&walked](std::size_t p) {
    std::size_t root = p;
    for (auto it = walked.find(root); it != walked.end(); it = walked.find(root)) root = it->second;
    while (p != root) {
      auto& to = walked[p];
      p = std::exchange(to, root);
    }
    return root;
  };
  std::map<std::uint16_t, PlayedSound> ids;
  const std::uint32_t slot = v.movables()[movable].objectId;
  const auto range = v.animationRange(movable);
  for (std::size_t a = range.first; a < range.second; ++a) {
    const Animation& anim = v.animations()[a];
    const auto at = anim.numCommands ? v.runStart(anim.commands) : std::nullopt;
    if (!at) continue;
    const std::size_t count = reach.parsable(*at, anim.numCommands);
    // The list's commands are the words from `at` down to this depth (depth falls by one per command).
    const std::size_t last = reach.depth(*at) - count;
    for (std::size_t p = unwalked(*at); count && reach.depth(p) > last; p = unwalked(p)) {
      if (auto id = soundId(reach.commandAt(p))) ids.try_emplace(*id, PlayedSound{*id, slot, a - range.first});
      walked[p] = reach.next(p);
    }
  }
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
  if (traits(level.game()).samples != SampleStore::Level) return nullptr;
  auto s = std::make_shared<SoundSet>();
  s->map = *level.data->soundMap;
  s->infos = *level.data->soundDetails;
  for (const auto& sample : *level.samples)
    s->samples.push_back({.wav = sample.bytes, .uncompressedSize = sample.uncompressedSize, .inSam = false});
  s->hasSfx = s->hasSam = false;
  return s;
}

}  // namespace wadsmith
