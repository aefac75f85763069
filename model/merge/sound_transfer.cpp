#include "model/merge/sound_transfer.h"

#include <algorithm>
#include <cctype>
#include <map>

#include "model/catalog.h"
#include "model/sound_edit.h"

namespace wadsmith::merge {

namespace {

constexpr std::uint16_t kCountless = static_cast<std::uint16_t>(~soundflag::kCountMask);

std::vector<SoundSample> samplesOf(const SoundSet& s, const SoundInfo& info) {
  std::vector<SoundSample> out;
  for (int k = 0; k < info.sampleCount() && info.sample + k < static_cast<int>(s.samples.size()); ++k)
    out.push_back(s.samples[static_cast<std::size_t>(info.sample + k)]);
  return out;
}

std::vector<std::string> names(const std::vector<SoundSample>& v) {
  std::vector<std::string> out;
  for (const auto& s : v) out.push_back(s.name);
  return out;
}

// What differs between two infos (their samples by name), for the report; empty when the same.
std::string difference(const SoundInfo& a, const std::vector<SoundSample>& as, const SoundInfo& b,
                       const std::vector<SoundSample>& bs) {
  std::string d;
  auto field = [&](const char* name, long x, long y) {
    if (x != y) d += (d.empty() ? "" : ", ") + std::string(name) + " " + std::to_string(x) + " / " + std::to_string(y);
  };
  field("volume", a.volume, b.volume);
  field("range", a.range, b.range);
  field("chance", a.chance, b.chance);
  field("pitch", a.pitch, b.pitch);
  field("flags", a.flags & kCountless, b.flags & kCountless);
  bool sameSamples = as.size() == bs.size();
  for (std::size_t k = 0; sameSamples && k < as.size(); ++k)
    sameSamples = as[k].wav.empty() && bs[k].wav.empty() ? as[k].name == bs[k].name : as[k].wav == bs[k].wav;
  if (!sameSamples) {
    std::string x, y;
    for (const auto& s : as) x += (x.empty() ? "" : " ") + (s.name.empty() ? "(embedded WAV)" : s.name);
    for (const auto& s : bs) y += (y.empty() ? "" : " ") + (s.name.empty() ? "(embedded WAV)" : s.name);
    d += (d.empty() ? "" : ", ") + std::string("samples ") + (x.empty() ? "none" : x) + " / " + (y.empty() ? "none" : y);
  }
  return d;
}

// The name a sample that arrived as WAV bytes gets (a level's samples have none): the sound's
// catalog name in lower case, numbered when the info plays several ("dog_bite_2.wav").
std::string embeddedSampleName(std::uint16_t id, std::size_t k, std::size_t count) {
  std::string base = catalog::soundName(id).value_or("sound_" + std::to_string(id));
  for (auto& c : base) c = std::isalnum(static_cast<unsigned char>(c)) ? static_cast<char>(std::tolower(static_cast<unsigned char>(c))) : '_';
  return base + (count > 1 ? "_" + std::to_string(k + 1) : "") + ".wav";
}

// The source's samples as lines of the destination: a WAD sample keeps its name and sounds.txt
// index; a level's embedded WAV gets a name (the CLI writes the bytes to the samples folder).
std::vector<SoundSample> destinationSamples(const SoundSet& dst, std::vector<SoundSample> from, std::uint16_t id) {
  SoundSet grown = dst;
  for (std::size_t k = 0; k < from.size(); ++k) {
    auto& s = from[k];
    const std::string name = s.name.empty() ? embeddedSampleName(id, k, from.size()) : s.name;
    SoundSample line = sounds::wadSample(grown, name);
    if (s.listIndex && dst.hasSfx) line.listIndex = s.listIndex;
    line.wav = s.wav;
    line.uncompressedSize = s.uncompressedSize;
    s = line;
    grown.samples.push_back(line);
  }
  return from;
}

}  // namespace

std::size_t SoundReport::count(SoundNote::What w) const {
  return static_cast<std::size_t>(std::count_if(ids.begin(), ids.end(), [&](const SoundNote& n) { return n.what == w; }));
}

SoundReport transferSounds(Draft& d, std::uint32_t version, const Shared<SoundSet>& source, std::vector<PlayedSound> played,
                           SoundMode mode) {
  SoundReport rep;
  rep.modeName = mode == SoundMode::Keep ? "keep" : mode == SoundMode::Replace ? "replace" : "none";
  if (mode == SoundMode::None || played.empty()) return rep;
  // One note per id, the first movable (and whether an animation plays it) wins.
  std::map<std::uint16_t, PlayedSound> byId;
  for (const auto& p : played) {
    auto [it, fresh] = byId.try_emplace(p.id, p);
    if (!fresh && !it->second.animation && p.animation) it->second = p;
  }
  if (!source) {
    rep.sourceHasSounds = false;
    for (const auto& [id, p] : byId) rep.ids.push_back({id, SoundNote::What::NotInSource, !p.animation, p.slot, {}, {}});
    return rep;
  }
  // The destination's set is read as it stands and copied only when an id changes it (a WAD
  // without sounds gets a new set then).
  SoundSet fresh;
  fresh.map.assign(wadSoundMapLength(version), kNoSoundInfo);
  auto current = [&]() -> const SoundSet& { return d.sounds.absent() ? fresh : *d.sounds; };
  auto edit = [&]() -> SoundSet& {
    if (d.sounds.absent()) d.sounds.edit() = fresh;
    return d.sounds.edit();
  };
  for (const auto& [id, p] : byId) {
    SoundNote note{id, SoundNote::What::Added, !p.animation, p.slot, {}, {}};
    const SoundInfo* from = source->info(id);
    const SoundSet& have = current();
    if (from && id >= have.map.size())
      note.difference = "past the destination's sound map (" + std::to_string(have.map.size()) + " ids)";
    if (!from || !note.difference.empty()) {
      note.what = SoundNote::What::NotInSource;
      rep.ids.push_back(note);
      continue;
    }
    const auto fromSamples = samplesOf(*source, *from);
    const auto lines = destinationSamples(have, fromSamples, id);
    if (const SoundInfo* old = have.info(id)) {
      const auto index = static_cast<std::size_t>(have.map[id]);
      const auto oldSamples = samplesOf(have, *old);
      note.difference = difference(*old, oldSamples, *from, fromSamples);
      note.what = note.difference.empty() ? SoundNote::What::Same
                  : mode == SoundMode::Keep ? SoundNote::What::Kept
                                            : SoundNote::What::Replaced;
      note.samples = names(oldSamples);
      if (note.what == SoundNote::What::Replaced) {
        SoundInfo info = *from;
        const std::uint16_t first = old->sample, count = static_cast<std::uint16_t>(old->flags & soundflag::kCountMask);
        SoundSet& s = edit();
        if (s.idsOf(index).size() > 1) {
          // Other ids play the destination's info: they keep it, this id gets its own.
          s.map[id] = kNoSoundInfo;
          sounds::defineId(s, id, info, lines);
          ++rep.infosAdded;
        } else {
          info.sample = first;
          info.flags = static_cast<std::uint16_t>((info.flags & kCountless) | count);
          s.infos[index] = info;
          sounds::setInfoSamples(s, index, lines);
        }
      }
    } else {
      sounds::defineId(edit(), id, *from, lines);
      ++rep.infosAdded;
    }
    if (note.what == SoundNote::What::Added || note.what == SoundNote::What::Replaced) {
      rep.samplesAdded += lines.size();
      note.samples = names(lines);
    }
    rep.ids.push_back(note);
  }
  return rep;
}

}  // namespace wadsmith::merge
