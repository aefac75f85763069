#include "model/merge/level_sound_merge.h"

#include <algorithm>
#include <string>

#include "model/catalog.h"
#include "model/merge/merge.h"

namespace wadsmith::merge {

namespace {

std::string soundName(std::uint16_t id) {
  return "sound " + std::to_string(id) + " (" + catalog::soundName(id).value_or("?") + ")";
}

void fits(std::size_t n, std::size_t limit, const std::string& what) {
  if (n > limit)
    throw MergeError("the merged level would have " + std::to_string(n) + " " + what + ", " + std::to_string(n - limit) +
                     " more than the engine's limit of " + std::to_string(limit) + ": nothing was changed");
}

// Which samples some detail plays.
std::vector<bool> playedSamples(const std::vector<SoundDetail>& details, std::size_t samples) {
  std::vector<bool> out(samples, false);
  for (const auto& d : details)
    for (std::size_t k = d.sample; k < std::size_t{d.sample} + std::max(1, d.sampleCount()) && k < samples; ++k) out[k] = true;
  return out;
}

// The source's samples for an id, as the level stores them (a WAV's size is its declared size).
std::vector<LevelSample> levelSamplesOf(const SoundSet& source, const SoundInfo& info, std::uint16_t id) {
  std::vector<LevelSample> out;
  for (int k = 0; k < info.sampleCount(); ++k) {
    const auto at = static_cast<std::size_t>(info.sample + k);
    if (at >= source.samples.size()) break;
    const SoundSample& s = source.samples[at];
    if (s.wav.empty())
      throw MergeError(soundName(id) + ": the sample " + (s.name.empty() ? std::to_string(at) : s.name) +
                       " is not in the samples folder; give the folder (--samples DIR) or leave the sounds out (--sounds none)");
    fits(s.wav.size(), kMaxLevelSampleBytes, "bytes in the sample " + s.name + " of " + soundName(id));
    out.push_back({s.uncompressedSize ? s.uncompressedSize : static_cast<std::uint32_t>(s.wav.size()), s.wav});
  }
  return out;
}

struct Tables {
  std::vector<std::int16_t> map;
  std::vector<SoundDetail> details;
  std::vector<std::uint32_t> indices;
  std::vector<LevelSample>& samples;
  bool indexed = false;  // one sample index per sample (every TRLE level): they move together
};

// Samples no detail plays after the merge but did before go; later details' first sample moves down.
std::size_t freeSamples(Tables& t, const std::vector<bool>& before) {
  const auto after = playedSamples(t.details, t.samples.size());
  std::vector<std::size_t> shift(t.samples.size() + 1, 0);
  std::vector<LevelSample> kept;
  std::vector<std::uint32_t> keptIndices;
  std::size_t freed = 0;
  for (std::size_t i = 0; i < t.samples.size(); ++i) {
    shift[i] = freed;
    if (i < before.size() && before[i] && !after[i]) {
      ++freed;
      continue;
    }
    kept.push_back(t.samples[i]);
    if (t.indexed) keptIndices.push_back(t.indices[i]);
  }
  shift[t.samples.size()] = freed;
  if (!freed) return 0;
  for (auto& d : t.details) d.sample = static_cast<std::uint16_t>(d.sample - shift[std::min<std::size_t>(d.sample, t.samples.size())]);
  t.samples = std::move(kept);
  if (t.indexed) t.indices = std::move(keptIndices);
  return freed;
}

}  // namespace

LevelSoundChange mergeLevelSounds(LevelData& data, std::vector<LevelSample>& samples, const SoundSet& source,
                                  const SoundReport& report) {
  LevelSoundChange change;
  std::vector<LevelSample> grown = samples;
  Tables t{*data.soundMap, *data.soundDetails, *data.sampleIndices, grown, data.sampleIndices->size() == samples.size()};
  const auto before = playedSamples(t.details, grown.size());
  for (const auto& n : report.ids) {
    const SoundInfo* from = source.info(n.id);
    if (n.what == SoundNote::What::NotInSource && from && n.id >= t.map.size())
      throw MergeError(soundName(n.id) + ", which a merged movable plays, is past the level's sound map of " +
                       std::to_string(t.map.size()) + " ids (by " + std::to_string(n.id + 1 - t.map.size()) +
                       "): nothing was changed; --sounds none leaves the sounds out");
    if (n.what != SoundNote::What::Added && n.what != SoundNote::What::Replaced) continue;
    const auto wavs = levelSamplesOf(source, *from, n.id);
    SoundDetail d = *from;
    d.flags = static_cast<std::uint16_t>((d.flags & ~soundflag::kCountMask) | (wavs.size() << 2 & soundflag::kCountMask));
    d.sample = static_cast<std::uint16_t>(std::min<std::size_t>(grown.size(), 0xFFFF));
    for (std::size_t k = 0; k < wavs.size(); ++k) {
      const auto& s = source.samples[static_cast<std::size_t>(from->sample) + k];
      if (t.indexed) t.indices.push_back(s.listIndex.value_or(static_cast<std::uint32_t>(grown.size())));
      grown.push_back(wavs[k]);
    }
    change.samplesAdded += wavs.size();
    const std::int16_t old = t.map[n.id];
    const bool own = old >= 0 && std::count(t.map.begin(), t.map.end(), old) == 1;
    if (n.what == SoundNote::What::Replaced && own) {
      t.details[static_cast<std::size_t>(old)] = d;
      ++change.detailsReplaced;
    } else {
      t.map[n.id] = static_cast<std::int16_t>(std::min<std::size_t>(t.details.size(), 0x7FFF));
      t.details.push_back(d);
      ++change.detailsAdded;
    }
  }
  if (!change.samplesAdded && !change.detailsAdded && !change.detailsReplaced) return change;
  change.samplesFreed = freeSamples(t, before);
  fits(t.details.size(), kMaxLevelSoundDetails, "sound details");
  // TRNG levels (a sound map longer than the game's) are read by an engine with more room.
  if (data.soundMap->size() <= traits(data.game).soundMapLength) fits(grown.size(), kMaxLevelSamples, "samples");
  data.soundMap = share<std::vector<std::int16_t>>(std::move(t.map));
  data.soundDetails = share<std::vector<SoundDetail>>(std::move(t.details));
  if (t.indexed) data.sampleIndices = share<std::vector<std::uint32_t>>(std::move(t.indices));
  samples = std::move(grown);
  return change;
}

}  // namespace wadsmith::merge
