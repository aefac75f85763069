#include "model/sound_edit.h"

#include <algorithm>

namespace wadsmith::sounds {

namespace {
std::size_t end(const SoundInfo& i) { return std::size_t{i.sample} + i.sampleCount(); }
void setCount(SoundInfo& i, std::size_t n) {
  i.flags = static_cast<std::uint16_t>((i.flags & ~soundflag::kCountMask) | ((n << 2) & soundflag::kCountMask));
}

// Where a new info for `id` goes: after the infos of every lower id.
std::size_t infoPositionFor(const SoundSet& s, std::size_t id) {
  std::size_t at = 0;
  for (std::size_t k = 0; k < std::min(id, s.map.size()); ++k)
    if (s.map[k] >= 0) at = std::max(at, static_cast<std::size_t>(s.map[k]) + 1);
  return std::min(at, s.infos.size());
}

// Where the samples of a new info at `infoPosition` go: after the samples of the info before
// it, unless another info's samples run across that point (then at the end).
std::size_t samplePositionFor(const SoundSet& s, std::size_t infoPosition) {
  std::size_t at = infoPosition == 0 ? 0 : end(s.infos[infoPosition - 1]);
  at = std::min(at, s.samples.size());
  for (const auto& i : s.infos)
    if (i.sampleCount() && i.sample < at && end(i) > at) return s.samples.size();
  return at;
}

// Inserts samples before `at`; infos whose first sample is at or after it move along.
void insertSamples(SoundSet& s, std::size_t at, const std::vector<SoundSample>& samples) {
  if (samples.empty()) return;
  for (auto& i : s.infos)
    if (i.sample >= at && (i.sampleCount() || i.sample > at)) i.sample = static_cast<std::uint16_t>(i.sample + samples.size());
  s.samples.insert(s.samples.begin() + static_cast<long>(at), samples.begin(), samples.end());
}

// Inserts an info before `at`; map entries at or after it move along.
void insertInfo(SoundSet& s, std::size_t at, const SoundInfo& info) {
  for (auto& m : s.map)
    if (m >= 0 && static_cast<std::size_t>(m) >= at) ++m;
  s.infos.insert(s.infos.begin() + static_cast<long>(at), info);
}

// Whether another info plays any of info `index`'s samples.
bool samplesShared(const SoundSet& s, std::size_t index) {
  const auto& me = s.infos[index];
  for (std::size_t k = 0; k < s.infos.size(); ++k) {
    const auto& o = s.infos[k];
    if (k != index && o.sampleCount() && me.sampleCount() && o.sample < end(me) && end(o) > me.sample) return true;
  }
  return false;
}

}  // namespace

// Removes samples [first, first + n) and moves later first samples back.
static void eraseSamples(SoundSet& s, std::size_t first, std::size_t n) {
  if (n == 0) return;
  s.samples.erase(s.samples.begin() + static_cast<long>(first), s.samples.begin() + static_cast<long>(first + n));
  for (auto& i : s.infos)
    if (i.sample >= first + n) i.sample = static_cast<std::uint16_t>(i.sample - n);
}

void setInfoSamples(SoundSet& s, std::size_t index, const std::vector<SoundSample>& samples) {
  auto& info = s.infos[index];
  const bool own = !samplesShared(s, index) && end(info) <= s.samples.size() && info.sampleCount();
  const std::size_t at = own ? info.sample : samplePositionFor(s, index);
  const std::size_t old = own ? static_cast<std::size_t>(info.sampleCount()) : 0;
  setCount(info, 0);  // out of the way of the moves below
  eraseSamples(s, at, old);
  insertSamples(s, at, samples);
  info.sample = static_cast<std::uint16_t>(at);
  setCount(info, samples.size());
}

void removeInfo(SoundSet& s, std::size_t index) {
  const SoundInfo info = s.infos[index];
  const bool shared = samplesShared(s, index);
  s.infos.erase(s.infos.begin() + static_cast<long>(index));
  for (auto& m : s.map)
    if (m >= 0 && static_cast<std::size_t>(m) == index)
      m = kNoSoundInfo;
    else if (m >= 0 && static_cast<std::size_t>(m) > index)
      --m;
  if (!shared && info.sampleCount() && end(info) <= s.samples.size()) eraseSamples(s, info.sample, info.sampleCount());
}

void defineId(SoundSet& s, std::size_t id, SoundInfo info, const std::vector<SoundSample>& samples) {
  if (id >= s.map.size()) s.map.resize(id + 1, kNoSoundInfo);
  const std::size_t at = infoPositionFor(s, id);
  const std::size_t sampleAt = samplePositionFor(s, at);
  setCount(info, 0);
  info.sample = static_cast<std::uint16_t>(sampleAt);
  insertInfo(s, at, info);
  insertSamples(s, sampleAt, samples);  // not moving the new info: it plays no sample yet
  setCount(s.infos[at], samples.size());
  s.map[id] = static_cast<std::int16_t>(at);
}

SoundSample wadSample(const SoundSet& s, const std::string& name) {
  // Line endings follow the file's.
  SoundSample out{.name = name, .crlf = !s.samples.empty() && s.samples.back().crlf};
  std::optional<std::uint32_t> highest;
  for (const auto& x : s.samples) {
    if (x.listIndex && x.name == name) {
      out.listIndex = x.listIndex;
      return out;
    }
    if (x.listIndex) highest = std::max(highest.value_or(0), *x.listIndex);
  }
  if (s.hasSfx) out.listIndex = highest ? *highest + 1 : 0;
  return out;
}

}  // namespace wadsmith::sounds
