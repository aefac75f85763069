#include "model/level_sounds.h"

#include "model/level_sound_details.h"

#include <algorithm>

namespace wadsmith {

namespace {

std::uint16_t u16At(std::span<const std::uint8_t> b, std::size_t at) { return static_cast<std::uint16_t>(b[at] | (b[at + 1] << 8)); }
bool riffAt(std::span<const std::uint8_t> b, std::size_t at) {
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
    if (numbers) s.name = "MAIN.SFX " + std::to_string(index), s.listIndex = index;
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

std::optional<WavAudio> parseWav(std::span<const std::uint8_t> b) {
  if (!riffAt(b, 0)) return std::nullopt;
  WavAudio w;
  bool fmt = false, data = false;
  for (std::size_t at = 12; at + 8 <= b.size();) {
    const std::uint32_t size = u32At(b, at + 4);
    const std::size_t body = at + 8;
    const std::size_t avail = std::min<std::size_t>(size, b.size() - body);
    if (b[at] == 'f' && b[at + 1] == 'm' && b[at + 2] == 't' && avail >= 16) {
      w.format = u16At(b, body), w.channels = u16At(b, body + 2), w.rate = u32At(b, body + 4), w.bits = u16At(b, body + 14);
      fmt = true;
    } else if (b[at] == 'd' && b[at + 1] == 'a' && b[at + 2] == 't' && b[at + 3] == 'a') {
      w.data = b.subspan(body, avail);  // a data chunk that claims more than the file keeps what is there
      data = true;
    }
    if (size > b.size() - body) break;
    at = body + size + (size & 1);
  }
  if (!fmt || !data) return std::nullopt;
  return w;
}

bool sameAudio(std::span<const std::uint8_t> a, std::span<const std::uint8_t> b) {
  auto x = parseWav(a), y = parseWav(b);
  if (!x || !y) return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin());
  return x->format == y->format && x->channels == y->channels && x->rate == y->rate && x->bits == y->bits &&
         x->data.size() == y->data.size() && std::equal(x->data.begin(), x->data.end(), y->data.begin());
}

std::optional<std::vector<std::uint8_t>> pcmWave(const WavAudio& from, const WavAudio& to) {
  auto plain = [](const WavAudio& w) { return w.format == 1 && (w.bits == 8 || w.bits == 16) && (w.channels == 1 || w.channels == 2); };
  if (!plain(from) || !plain(to) || from.rate != to.rate) return std::nullopt;
  const std::size_t in = from.bits / 8u, frames = from.data.size() / (in * from.channels), out = to.bits / 8u;
  const std::uint32_t bytes = static_cast<std::uint32_t>(frames * out * to.channels), align = out * to.channels;
  std::vector<std::uint8_t> w;
  auto put = [&w](std::uint32_t v, int n) {
    for (int k = 0; k < n; ++k) w.push_back(static_cast<std::uint8_t>(v >> (8 * k)));
  };
  w = {'R', 'I', 'F', 'F'};
  put(36 + bytes, 4), w.insert(w.end(), {'W', 'A', 'V', 'E', 'f', 'm', 't', ' '}), put(16, 4), put(1, 2), put(to.channels, 2);
  put(to.rate, 4), put(to.rate * align, 4), put(align, 2), put(to.bits, 2), w.insert(w.end(), {'d', 'a', 't', 'a'}), put(bytes, 4);
  const auto* d = from.data.data();
  for (std::size_t f = 0; f < frames; ++f) {
    int sum = 0;  // 16-bit values
    for (std::size_t c = 0; c < from.channels; ++c, d += in) sum += in == 1 ? (d[0] - 128) * 256 : static_cast<std::int16_t>(d[0] | d[1] << 8);
    const int v = sum / static_cast<int>(from.channels);
    for (std::size_t c = 0; c < to.channels; ++c) out == 1 ? put(static_cast<std::uint32_t>((v >> 8) + 128), 1) : put(static_cast<std::uint16_t>(v), 2);
  }
  return w;
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
