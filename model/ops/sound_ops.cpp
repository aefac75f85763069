#include "model/ops/sound_ops.h"

#include "model/catalog.h"
#include "model/sound_edit.h"
#include "model/sound_use.h"

namespace wadsmith::ops {

namespace {

// The WAD's sound set as the draft holds it; refuses levels and WADs whose .SFX is unreadable.
SoundSet& editableSounds(Draft& e, const Document& d, bool create) {
  const auto* w = std::get_if<WadDocument>(&d);
  if (!w) throw EditError("sound edits work on a WAD's .SFX/.SAM (a level's sounds are read-only)");
  for (const auto& c : w->companions)
    if (c.extension == "SFX") throw EditError("the WAD's .SFX could not be read (" + c.problem + "): nothing to edit");
  if (!w->sounds && !create) throw EditError("the WAD has no .SFX/.SAM");
  auto& s = e.sounds.edit();
  if (!w->sounds) {
    s.map.assign(wadSoundMapLength(w->version), kNoSoundInfo);
    s.hasSfx = s.hasSam = true;
  }
  return s;
}

void checkId(const SoundSet& s, std::size_t id) {
  if (id >= s.map.size())
    throw EditError("sound id " + std::to_string(id) + " is past the sound map (" + std::to_string(s.map.size()) + " ids)");
}

std::vector<SoundSample> samplesNamed(const SoundSet& s, const std::vector<std::string>& names) {
  if (names.size() > static_cast<std::size_t>(kMaxSamplesPerInfo))
    throw EditError("an info plays at most " + std::to_string(kMaxSamplesPerInfo) + " samples, got " +
                    std::to_string(names.size()));
  std::vector<SoundSample> out;
  SoundSet grown = s;  // each new line's sounds.txt index follows the ones before it
  for (const auto& n : names) {
    if (n.empty() || n.find_first_of("\r\n") != std::string::npos)
      throw EditError("a sample name is one line of text, got \"" + n + "\"");
    out.push_back(sounds::wadSample(grown, n));
    grown.samples.push_back(out.back());
  }
  return out;
}

void applyFields(SoundInfo& info, const SoundInfoChange& c) {
  auto flag = [&](std::uint16_t bit, std::optional<bool> v) {
    if (v) info.flags = static_cast<std::uint16_t>(*v ? info.flags | bit : info.flags & ~bit);
  };
  if (c.volume) info.volume = static_cast<std::uint8_t>(*c.volume);
  if (c.range) info.range = static_cast<std::uint8_t>(*c.range);
  if (c.chance) info.chance = static_cast<std::uint8_t>(*c.chance);
  if (c.pitch) info.pitch = static_cast<std::int8_t>(*c.pitch);
  if (c.loop) info.flags = static_cast<std::uint16_t>((info.flags & ~soundflag::kLoopMask) | (*c.loop & 3));
  flag(soundflag::kNoPan, c.noPan);
  flag(soundflag::kRandomPitch, c.randomPitch);
  flag(soundflag::kRandomVolume, c.randomVolume);
}

// One sound edit: `f(sounds, warnings)` on the draft's sound set.
template <class F>
Edited editSounds(const Document& d, bool create, F&& f) {
  Edited out;
  out.doc = editDocument(d, [&](Draft& e) { f(editableSounds(e, d, create), out.warnings); });
  return out;
}

// The index of the id's info; throws EditError naming what is missing.
std::size_t infoIndexOf(const SoundSet& s, std::size_t id) {
  checkId(s, id);
  if (!s.info(id)) throw EditError("sound id " + std::to_string(id) + " has no sound info");
  return static_cast<std::size_t>(s.map[id]);
}

}  // namespace

Edited addSoundInfo(const Document& d, std::size_t id, const SoundInfoChange& c) {
  return editSounds(d, true, [&](SoundSet& s, auto&) {
    checkId(s, id);
    if (s.map[id] >= 0) throw EditError("sound id " + std::to_string(id) + " already has a sound info");
    SoundInfo info;
    applyFields(info, c);
    sounds::defineId(s, id, info, samplesNamed(s, c.samples.value_or(std::vector<std::string>{})));
  });
}

Edited removeSoundInfo(const Document& d, std::size_t id) {
  return editSounds(d, false, [&](SoundSet& s, std::vector<std::string>& warnings) {
    const auto index = infoIndexOf(s, id);
    if (const auto ids = s.idsOf(index); ids.size() > 1)
      warnings.push_back(std::to_string(ids.size() - 1) + " other ids played the same info: now unused");
    sounds::removeInfo(s, index);
  });
}

Edited setSoundInfo(const Document& d, std::size_t id, const SoundInfoChange& c) {
  return editSounds(d, false, [&](SoundSet& s, std::vector<std::string>& warnings) {
    const auto index = infoIndexOf(s, id);
    applyFields(s.infos[index], c);
    if (c.samples) sounds::setInfoSamples(s, index, samplesNamed(s, *c.samples));
    if (s.idsOf(index).size() > 1) warnings.push_back("the info is shared by other ids: they changed too");
  });
}

Edited assignSoundId(const Document& d, std::size_t id, std::optional<std::size_t> fromId) {
  return editSounds(d, false, [&](SoundSet& s, auto&) {
    checkId(s, id);
    s.map[id] = fromId ? static_cast<std::int16_t>(infoIndexOf(s, *fromId)) : kNoSoundInfo;
  });
}

Edited setSample(const Document& d, std::size_t sample, const std::string& name) {
  return editSounds(d, false, [&](SoundSet& s, auto&) {
    if (sample >= s.samples.size())
      throw EditError("the .SAM has " + std::to_string(s.samples.size()) + " samples, no sample " + std::to_string(sample));
    if (name.empty() || name.find_first_of("\r\n") != std::string::npos) throw EditError("a sample name is one line of text");
    s.samples[sample].name = name;
    s.samples[sample].inSam = true;
  });
}

std::string soundLabel(std::size_t id) {
  const auto name = catalog::soundName(static_cast<std::uint32_t>(id));
  return "sound " + std::to_string(id) + (name ? " " + *name : "");
}

std::vector<std::string> infoSampleNames(const SoundSet* s, std::size_t id) {
  std::vector<std::string> out;
  const SoundInfo* info = s ? s->info(id) : nullptr;
  for (int k = 0; info && k < info->sampleCount(); ++k)
    if (const std::size_t i = std::size_t{info->sample} + static_cast<std::size_t>(k); i < s->samples.size())
      out.push_back(s->samples[i].name);
  return out;
}

Edited addSample(const Document& d, std::size_t id, const std::string& name) {
  SoundInfoChange c;
  c.samples = infoSampleNames(documentSounds(d).get(), id);
  c.samples->push_back(name);
  return setSoundInfo(d, id, c);
}

Edited removeSample(const Document& d, std::size_t id, std::size_t k) {
  SoundInfoChange c;
  c.samples = infoSampleNames(documentSounds(d).get(), id);
  if (k >= c.samples->size()) throw EditError("sound id " + std::to_string(id) + "'s info has no sample " + std::to_string(k));
  c.samples->erase(c.samples->begin() + static_cast<std::ptrdiff_t>(k));
  return setSoundInfo(d, id, c);
}

}  // namespace wadsmith::ops
