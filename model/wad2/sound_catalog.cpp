#include "model/wad2/sound_catalog.h"

#include <algorithm>
#include <cmath>

#include "model/catalog.h"

namespace wadsmith::wad2 {
namespace {

std::uint8_t byteOfPercent(std::int64_t percent) {
  return static_cast<std::uint8_t>(std::clamp<std::int64_t>((percent * 255 + 50) / 100, 0, 255));
}
std::int64_t percentOfByte(int value) { return static_cast<std::int64_t>(std::lround(value * 100.0 / 255.0)); }

SoundInfo classicInfo(const CatalogSound& s, std::size_t firstSample, std::size_t count) {
  SoundInfo i;
  i.sample = static_cast<std::uint16_t>(firstSample);
  i.volume = byteOfPercent(s.volume);
  i.range = static_cast<std::uint8_t>(std::clamp<std::int64_t>(s.rangeInSectors, 0, 255));
  i.chance = s.chance >= 100 ? 0 : byteOfPercent(s.chance);
  const auto pitch = std::clamp<std::int64_t>(std::llround(double(std::clamp<std::int64_t>(s.pitchFactor, -1000, 1000)) * 128.0 / 100.0), -128, 127);
  i.pitch = static_cast<std::int8_t>(pitch);
  i.flags = static_cast<std::uint16_t>((static_cast<unsigned>(s.loop) & soundflag::kLoopMask) | (count << 2) |
                                       (s.disablePanning ? soundflag::kNoPan : 0) |
                                       (s.randomizePitch ? soundflag::kRandomPitch : 0) |
                                       (s.randomizeVolume ? soundflag::kRandomVolume : 0));
  return i;
}

}  // namespace

const CatalogSound* SoundCatalog::find(std::int64_t id) const {
  auto it = std::find_if(sounds.begin(), sounds.end(), [&](const CatalogSound& s) { return s.id == id; });
  return it == sounds.end() ? nullptr : &*it;
}

std::set<std::int64_t> playedSounds(const Document& doc) {
  std::set<std::int64_t> out;
  for (const auto& m : doc.movables)
    for (const auto& a : m ? m->animations : std::vector<Shared<Animation>>{})
      for (const auto& c : a ? a->commands : std::vector<Command>{})
        if (c.type == command::kSound) out.insert(c.version == 1 ? (c.p2 & 0x3FFF) : c.p2);
  return out;
}

ClassicSounds classicSounds(const SoundCatalog& catalog, const std::set<std::int64_t>& ids, std::size_t mapLength) {
  ClassicSounds out;
  out.set.map.assign(mapLength, kNoSoundInfo);
  for (auto id : ids) {
    const CatalogSound* s = catalog.find(id);
    const std::string who = "sound " + std::to_string(id);
    if (!s) {
      out.report.push_back(who + ": played, but the sound catalog has no info for it");
      continue;
    }
    if (id < 0 || static_cast<std::size_t>(id) >= mapLength) {
      out.report.push_back(who + " (" + s->name + "): past the WAD's " + std::to_string(mapLength) + " sound ids: not carried");
      continue;
    }
    std::size_t count = s->samples.size();
    if (count > static_cast<std::size_t>(kMaxSamplesPerInfo)) {
      out.report.push_back(who + " (" + s->name + "): " + std::to_string(count) + " samples, a WAD's info holds " +
                           std::to_string(kMaxSamplesPerInfo) + ": the rest left out");
      count = kMaxSamplesPerInfo;
    }
    if (out.set.samples.size() + count > 0xFFFF) {
      out.report.push_back(who + ": past the 65535 samples a WAD numbers: not carried");
      continue;
    }
    out.set.map[static_cast<std::size_t>(id)] = static_cast<std::int16_t>(out.set.infos.size());
    out.set.infos.push_back(classicInfo(*s, out.set.samples.size(), count));
    for (std::size_t k = 0; k < count; ++k) {
      SoundSample sample;
      sample.name = s->samples[k];
      sample.listIndex = static_cast<std::uint32_t>(out.set.samples.size());
      out.set.samples.push_back(std::move(sample));
    }
  }
  return out;
}

SoundCatalog catalogOf(const SoundSet& sounds) {
  SoundCatalog out;
  for (std::size_t id = 0; id < sounds.map.size(); ++id) {
    const SoundInfo* i = sounds.info(id);
    if (!i) continue;
    CatalogSound s;
    s.id = static_cast<std::int64_t>(id);
    s.name = catalog::soundName(static_cast<std::uint32_t>(id)).value_or("SOUND_" + std::to_string(id));
    s.volume = percentOfByte(i->volume);
    s.rangeInSectors = i->range;
    s.chance = i->chance == 0 ? 100 : percentOfByte(i->chance);
    s.pitchFactor = std::lround(i->pitch * 100.0 / 128.0);
    s.disablePanning = (i->flags & soundflag::kNoPan) != 0;
    s.randomizePitch = (i->flags & soundflag::kRandomPitch) != 0;
    s.randomizeVolume = (i->flags & soundflag::kRandomVolume) != 0;
    s.loop = static_cast<SoundLoop>(i->loopMode());
    for (int k = 0; k < i->sampleCount(); ++k)
      if (std::size_t at = std::size_t(i->sample) + std::size_t(k); at < sounds.samples.size())
        s.samples.push_back(sounds.samples[at].name);
    out.sounds.push_back(std::move(s));
  }
  return out;
}

}  // namespace wadsmith::wad2
