#include "model/merge/level_sound_merge.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <string>

#include "model/catalog.h"
#include "model/level_sound_details.h"
#include "model/merge/main_sfx_lookup.h"
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

// The positions of the samples an info plays (those the set holds).
std::vector<std::size_t> sampleRun(const SoundSet& s, const SoundInfo& info) {
  std::vector<std::size_t> out;
  for (int k = 0; k < info.sampleCount() && static_cast<std::size_t>(info.sample + k) < s.samples.size(); ++k)
    out.push_back(static_cast<std::size_t>(info.sample + k));
  return out;
}

// Where a carried sample goes: its bytes (none for a MAIN.SFX number) and its sample index.
struct Placed {
  LevelSample sample;
  std::uint32_t index = 0;
};
using Place = std::function<Placed(std::size_t position, std::uint16_t id, std::size_t grown)>;

// TR1's new samples take their byte offsets once the embedded block is laid out again.
constexpr std::uint32_t kNewSample = 0xFFFFFFFF;

// A sample the level embeds: its WAV bytes (a WAV's size is its declared size); its index the
// source's sounds.txt number where known (TR4/5, as TRLE writes), or kNewSample (TR1).
Place embed(const SoundSet& source, Game g, bool offsets) {
  return [&source, g, offsets](std::size_t at, std::uint16_t id, std::size_t grown) {
    const SoundSample& s = source.samples[at];
    if (s.wav.empty())
      throw MergeError(soundName(id) + ": the sample " + (s.name.empty() ? std::to_string(at) : s.name) +
                       " is not in the samples folder; give the folder (--samples DIR) or leave the sounds out (--sounds none)");
    if (traits(g).samples == SampleStore::Level)  // the buffer tomb4/5 read a sample into
      fits(s.wav.size(), kMaxLevelSampleBytes, "bytes in the sample " + s.name + " of " + soundName(id));
    const auto size = s.uncompressedSize ? s.uncompressedSize : static_cast<std::uint32_t>(s.wav.size());
    return Placed{{size, s.wav}, offsets ? kNewSample : s.listIndex.value_or(static_cast<std::uint32_t>(grown))};
  };
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

// The ids only replaced objects played leave the map; a detail no id names any more goes (later
// ones move down), and the samples only it played go with freeSamples.
void dropIds(Tables& t, const std::set<std::uint16_t>& ids, LevelSoundChange& change) {
  std::set<std::int16_t> named;
  for (auto id : ids)
    if (id < t.map.size() && t.map[id] >= 0) named.insert(t.map[id]), t.map[id] = kNoSoundInfo, ++change.idsRemoved;
  std::set<std::int16_t> gone;
  for (auto d : named)
    if (static_cast<std::size_t>(d) < t.details.size() && std::find(t.map.begin(), t.map.end(), d) == t.map.end()) gone.insert(d);
  if (gone.empty()) return;
  std::vector<SoundDetail> kept;
  for (std::size_t i = 0; i < t.details.size(); ++i)
    if (!gone.count(static_cast<std::int16_t>(i))) kept.push_back(t.details[i]);
  for (auto& m : t.map)
    if (m >= 0) m = static_cast<std::int16_t>(m - std::distance(gone.begin(), gone.lower_bound(m)));
  t.details = std::move(kept);
  change.detailsRemoved = gone.size();
}

// The report's added and replaced ids into the map, details and sample indices, and `samples`
// (one a sample index), each sample where `place` puts it.
LevelSoundChange carry(LevelData& data, std::vector<LevelSample>& samples, const SoundSet& source,
                       const SoundReport& report, const std::set<std::uint16_t>& dropped, const Place& place) {
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
    const auto run = sampleRun(source, *from);
    SoundDetail d = gameSoundDetail(*from, data.game);
    d.flags = static_cast<std::uint16_t>((d.flags & ~soundflag::kCountMask) | (run.size() << 2 & soundflag::kCountMask));
    d.sample = static_cast<std::uint16_t>(std::min<std::size_t>(grown.size(), 0xFFFF));
    for (auto at : run) {
      Placed p = place(at, n.id, grown.size());
      if (t.indexed) t.indices.push_back(p.index);
      grown.push_back(std::move(p.sample));
    }
    change.samplesAdded += run.size();
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
  dropIds(t, dropped, change);
  if (!change.samplesAdded && !change.detailsAdded && !change.detailsReplaced && !change.idsRemoved) return change;
  change.samplesFreed = freeSamples(t, before);
  fits(t.details.size(), kMaxLevelSoundDetails, "sound details");
  // TRNG levels (a sound map longer than the game's) are read by an engine with more room.
  // TR2/3's sample indices number MAIN.SFX's samples, which the level does not load (the WAD
  // merge refused past the 16-bit sample field already).
  if (data.soundMap->size() <= traits(data.game).soundMapLength && traits(data.game).samples != SampleStore::MainSfx)
    fits(grown.size(), kMaxLevelSamples, "samples");
  data.soundMap = share<std::vector<std::int16_t>>(std::move(t.map));
  data.soundDetails = share<std::vector<SoundDetail>>(std::move(t.details));
  if (t.indexed) data.sampleIndices = share<std::vector<std::uint32_t>>(std::move(t.indices));
  samples = std::move(grown);
  return change;
}

// TR1's embedded block again: the freed samples' bytes cut out (later offsets move down), the
// new ones' appended; every other byte as it was. `before`: the level's sample offsets and
// their WAVE files' lengths (0 where none starts).
void layOutEmbedded(LevelData& data, const std::map<std::uint32_t, std::size_t>& before, const std::vector<LevelSample>& samples) {
  auto indices = *data.sampleIndices;
  std::set<std::uint32_t> kept(indices.begin(), indices.end());
  std::map<std::uint32_t, std::size_t> cut;  // freed offset -> its length
  for (auto [o, n] : before)
    if (!kept.count(o) && n) cut[o] = n;
  std::vector<std::uint8_t> bytes;
  const SharedBytes& old = data.embeddedSamples;
  std::size_t from = 0;
  for (auto [o, n] : cut) {
    if (o < from) continue;
    bytes.insert(bytes.end(), old.data() + from, old.data() + o);
    from = o + n;
  }
  if (from < old.size()) bytes.insert(bytes.end(), old.data() + from, old.data() + old.size());
  for (std::size_t i = 0; i < indices.size(); ++i) {
    auto& index = indices[i];
    if (index != kNewSample) {
      std::uint32_t shift = 0;
      for (auto [o, n] : cut) shift += o < index ? static_cast<std::uint32_t>(n) : 0;
      index -= shift;
      continue;
    }
    index = static_cast<std::uint32_t>(bytes.size());
    bytes.insert(bytes.end(), samples[i].bytes.data(), samples[i].bytes.data() + samples[i].bytes.size());
  }
  data.embeddedSamples = SharedBytes(std::move(bytes));
  data.sampleIndices = share<std::vector<std::uint32_t>>(std::move(indices));
}

}  // namespace

LevelSoundChange mergeLevelSounds(LevelData& data, std::vector<LevelSample>& samples, const SoundSet& source,
                                  const SoundReport& report, const std::set<std::uint16_t>& dropped) {
  return carry(data, samples, source, report, dropped, embed(source, data.game, false));
}

LevelSoundChange mergeClassicLevelSounds(LevelData& data, const SoundSet& source, SoundReport& report,
                                         const std::set<std::uint16_t>& dropped, MainSfxSamples& sfx) {
  if (traits(data.game).samples == SampleStore::MainSfx) {
    const auto numbers = mainSfxNumbers(data, source, report, sfx);
    std::vector<LevelSample> slots(data.sampleIndices->size());  // the level holds numbers, not samples
    const auto change = carry(data, slots, source, report, dropped,
                              [&numbers](std::size_t at, std::uint16_t, std::size_t) { return Placed{{}, numbers.at(at)}; });
    report.infosAdded = change.detailsAdded, report.samplesAdded = change.samplesAdded;
    return change;
  }
  const SoundSet have = classicLevelSoundSet(data);
  std::vector<LevelSample> samples;
  std::map<std::uint32_t, std::size_t> before;
  for (std::size_t i = 0; i < have.samples.size(); ++i) {
    const auto& wav = have.samples[i].wav;
    samples.push_back({static_cast<std::uint32_t>(wav.size()), wav});
    before[(*data.sampleIndices)[i]] = wav.size();
  }
  auto change = carry(data, samples, source, report, dropped, embed(source, data.game, true));
  if (change.samplesAdded || change.samplesFreed) layOutEmbedded(data, before, samples);
  return change;
}

}  // namespace wadsmith::merge
