// Sounds as every Tomb Raider game from TR3 on plays them: a sound map from sound id to sound
// info, the infos (how an id plays and which samples it picks from), and the samples (a WAV
// file's name, as a WAD's .SAM lists them, or the WAV bytes, as a level embeds them).
// A PlaySound command names a sound id; the map gives its info; the info's `sample` is the
// first of `sampleCount()` consecutive samples the engine picks one of at random.
#pragma once
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/bytes.h"

namespace wadsmith {

namespace soundflag {
constexpr std::uint16_t kLoopMask = 0x0003;    // 0 normal, 1 one-shot wait, 2 one-shot rewind, 3 loop
constexpr std::uint16_t kCountMask = 0x00FC;   // bits 2-7: sample count (TR4 uses bits 2-5: at most 15)
constexpr std::uint16_t kNoPan = 0x1000;
constexpr std::uint16_t kRandomPitch = 0x2000;
constexpr std::uint16_t kRandomVolume = 0x4000;
}  // namespace soundflag

constexpr int kMaxSamplesPerInfo = 15;  // what TRLE's 4 bits hold
constexpr std::int16_t kNoSoundInfo = -1;

struct SoundInfo {  // tr3_sound_details, 8 bytes
  std::uint16_t sample = 0;  // first sample
  std::uint8_t volume = 0, range = 0, chance = 0;
  std::int8_t pitch = 0;
  std::uint16_t flags = 0;
  int loopMode() const { return flags & soundflag::kLoopMask; }
  int sampleCount() const { return (flags & soundflag::kCountMask) >> 2; }
  friend bool operator==(const SoundInfo&, const SoundInfo&) = default;
};

struct SoundSample {
  std::string name;  // the WAV file's name (a .SAM line); empty when only the bytes are known
  SharedBytes wav;   // the RIFF bytes a level embeds; empty for a WAD
  std::uint32_t uncompressedSize = 0;  // a level's declared PCM size
  // WAD: the sample's index in the sounds.txt list that made the .SFX (the game ignores it);
  // absent when the .SFX's sample block is shorter than the .SAM.
  std::optional<std::uint32_t> listIndex;
  bool inSam = true;  // WAD: the sample has a .SAM line (false past its end)
  bool crlf = false;  // WAD: the .SAM line ended in CR LF
  friend bool operator==(const SoundSample&, const SoundSample&) = default;
};

struct SoundSet {
  std::vector<std::int16_t> map;  // sound id -> info index, kNoSoundInfo when unused
  std::vector<SoundInfo> infos;
  std::vector<SoundSample> samples;
  // A WAD's files: which exist, and what their formats leave open (kept so they write back).
  bool hasSfx = true, hasSam = true;
  bool samFinalNewline = true;
  std::vector<std::uint8_t> sfxTrailer;  // bytes after the sample block (WadMerger writes 12)
  friend bool operator==(const SoundSet&, const SoundSet&) = default;

  // The info an id plays, if the map names one that exists.
  const SoundInfo* info(std::size_t id) const {
    if (id >= map.size() || map[id] < 0 || static_cast<std::size_t>(map[id]) >= infos.size()) return nullptr;
    return &infos[static_cast<std::size_t>(map[id])];
  }
  // The ids whose map entry names info `index`.
  std::vector<std::size_t> idsOf(std::size_t index) const {
    std::vector<std::size_t> out;
    for (std::size_t id = 0; id < map.size(); ++id)
      if (map[id] >= 0 && static_cast<std::size_t>(map[id]) == index) out.push_back(id);
    return out;
  }
  std::size_t idsInUse() const {
    return static_cast<std::size_t>(std::ranges::count_if(map, [](std::int16_t m) { return m >= 0; }));
  }
};

// The sound map length of a TR4 WAD's .SFX: TRLE's 370 ids for version 129, TRNG's 2048 for 130.
inline std::size_t wadSoundMapLength(std::uint32_t wadVersion) { return wadVersion == 130 ? 2048 : 370; }

}  // namespace wadsmith
