#include "model/level_sounds.h"

#include "model/level_sound_details.h"

#include <algorithm>

namespace wadsmith {

namespace {

std::uint32_t u32At(const SharedBytes& b, std::size_t at) {
  return b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (static_cast<std::uint32_t>(b[at + 3]) << 24);
}
bool riffAt(const SharedBytes& b, std::size_t at) {
  return at + 12 <= b.size() && b[at] == 'R' && b[at + 1] == 'I' && b[at + 2] == 'F' && b[at + 3] == 'F' &&
         b[at + 8] == 'W' && b[at + 9] == 'A' && b[at + 10] == 'V' && b[at + 11] == 'E';
}
// The RIFF file at `at`: its declared size, within `limit`.
std::size_t riffSize(const SharedBytes& b, std::size_t at, std::size_t limit) {
  return std::min<std::size_t>(8 + std::size_t{u32At(b, at + 4)}, limit - at);
}

// TR1: the WAVE file at `index`, running to the next sample's offset (or the end) or as far as
// its RIFF size says; empty when no RIFF/WAVE file starts there.
SharedBytes embeddedWave(const SharedBytes& embedded, const std::vector<std::uint32_t>& sortedOffsets, std::uint32_t index) {
  if (!riffAt(embedded, index)) return {};
  auto next = std::upper_bound(sortedOffsets.begin(), sortedOffsets.end(), index);
  const std::size_t limit = next == sortedOffsets.end() ? embedded.size() : *next;
  return embedded.slice(index, riffSize(embedded, index, limit));
}

std::vector<std::uint32_t> sortedIndices(const LevelData& d) {
  std::vector<std::uint32_t> offsets(d.sampleIndices->begin(), d.sampleIndices->end());
  std::sort(offsets.begin(), offsets.end());
  return offsets;
}

// TR1 and TR2 store a sound detail's volume and chance as 16-bit words (0-0x7FFF), with no range
// or pitch (io/level_layout.h soundDetailWords); TR3 on a byte each (0-255).
bool detailWords(Game g) { return g == Game::TR1 || g == Game::TR2; }

std::uint8_t toByte(std::uint8_t low, std::uint8_t high) {
  return static_cast<std::uint8_t>(std::min<std::uint32_t>(255, ((high << 8 | low) * 255u + 0x3FFF) / 0x7FFF));
}

}  // namespace

SoundInfo wadSoundInfo(const SoundDetail& d, Game g) {
  if (!detailWords(g)) return d;
  SoundInfo out = d;
  out.volume = toByte(d.volume, d.range), out.chance = toByte(d.chance, static_cast<std::uint8_t>(d.pitch));
  out.range = 0, out.pitch = 0;
  return out;
}

SoundDetail gameSoundDetail(const SoundInfo& info, Game g) {
  if (!detailWords(g)) return info;
  SoundDetail out = info;
  const auto word = [](std::uint8_t b) { return static_cast<std::uint16_t>((b * 0x7FFFu + 127) / 255); };
  const std::uint16_t volume = word(info.volume), chance = word(info.chance);
  out.volume = static_cast<std::uint8_t>(volume & 0xFF), out.range = static_cast<std::uint8_t>(volume >> 8);
  out.chance = static_cast<std::uint8_t>(chance & 0xFF), out.pitch = static_cast<std::int8_t>(chance >> 8);
  return out;
}

SoundSet classicLevelSoundSet(const LevelData& d) {
  SoundSet out;
  out.map = *d.soundMap;
  for (const auto& detail : *d.soundDetails) out.infos.push_back(wadSoundInfo(detail, d.game));
  const bool numbers = traits(d.game).samples == SampleStore::MainSfx;
  const auto offsets = sortedIndices(d);
  for (auto index : *d.sampleIndices) {
    SoundSample s;
    s.inSam = false;
    if (numbers) s.name = "MAIN.SFX " + std::to_string(index);
    else s.wav = embeddedWave(d.embeddedSamples, offsets, index);
    s.uncompressedSize = static_cast<std::uint32_t>(s.wav.size());
    out.samples.push_back(std::move(s));
  }
  out.hasSfx = out.hasSam = false;
  return out;
}

std::vector<std::size_t> soundSamplePositions(const LevelData& d, std::uint16_t soundId) {
  if (soundId >= d.soundMap->size()) return {};
  const std::int16_t detail = (*d.soundMap)[soundId];
  if (detail < 0 || static_cast<std::size_t>(detail) >= d.soundDetails->size()) return {};
  const SoundDetail& s = (*d.soundDetails)[static_cast<std::size_t>(detail)];
  const std::size_t count = std::max(1, (s.flags >> 2) & 0x3F);  // bits 2-7
  std::vector<std::size_t> out;
  for (std::size_t i = s.sample; i < std::size_t{s.sample} + count && i < d.sampleIndices->size(); ++i) out.push_back(i);
  return out;
}

std::vector<std::uint32_t> soundSampleIndices(const LevelData& d, std::uint16_t soundId) {
  std::vector<std::uint32_t> out;
  for (auto i : soundSamplePositions(d, soundId)) out.push_back((*d.sampleIndices)[i]);
  return out;
}

std::vector<SharedBytes> splitMainSfx(const SharedBytes& sfx, std::vector<std::string>& problems) {
  std::vector<SharedBytes> out;
  for (std::size_t at = 0; at < sfx.size();) {
    if (!riffAt(sfx, at)) {
      problems.push_back("MAIN.SFX: byte " + std::to_string(at) + " starts no RIFF/WAVE file; " +
                         std::to_string(out.size()) + " samples read before it");
      break;
    }
    const std::size_t n = riffSize(sfx, at, sfx.size());
    out.push_back(sfx.slice(at, n));
    at += n;
  }
  return out;
}

std::vector<SoundWave> levelSoundWaves(const LevelData& d, const std::set<std::uint16_t>& soundIds,
                                       const SharedBytes& mainSfx, std::vector<std::string>& problems) {
  std::vector<SoundWave> out;
  const SampleStore store = traits(d.game).samples;
  if (store == SampleStore::Level || (store == SampleStore::MainSfx && mainSfx.empty())) return out;
  const bool numbers = store == SampleStore::MainSfx;
  std::vector<SharedBytes> numbered;
  if (numbers) numbered = splitMainSfx(mainSfx, problems);
  const auto offsets = sortedIndices(d);
  const SharedBytes& embedded = d.embeddedSamples;
  for (auto id : soundIds) {
    std::set<std::uint32_t> seen;
    for (auto position : soundSamplePositions(d, id)) {
      const std::uint32_t index = (*d.sampleIndices)[position];
      if (!seen.insert(index).second) continue;
      if (numbers) {
        if (index >= numbered.size()) {
          problems.push_back("sound " + std::to_string(id) + ": MAIN.SFX sample " + std::to_string(index) + " is past its " +
                             std::to_string(numbered.size()) + " samples");
          continue;
        }
        out.push_back({id, position, index, numbered[index]});
        continue;
      }
      SharedBytes wave = embeddedWave(embedded, offsets, index);
      if (wave.empty()) {
        problems.push_back("sound " + std::to_string(id) + ": no RIFF/WAVE file at byte " + std::to_string(index) +
                           " of the level's " + std::to_string(embedded.size()) + " sample bytes");
        continue;
      }
      out.push_back({id, position, index, std::move(wave)});
    }
  }
  return out;
}

}  // namespace wadsmith
