// The samples behind a level's sound ids: a sound id indexes the sound map, whose entry names a
// sound detail, whose sample field and count (characteristics bits 2-7) name a run of sample
// indices. TR1 embeds its samples: an index is a byte offset into the WAVE files after the sound
// details. TR2 and TR3 keep theirs in MAIN.SFX, WAVE files back to back: an index is a number
// in that file. (TR4/5 store theirs after the level data, one by one.)
#pragma once
#include <cstdint>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "model/bytes.h"
#include "model/level_document.h"

namespace wadsmith {

// The positions in the sample index table a sound id plays (empty when the map has no detail
// for it).
std::vector<std::size_t> soundSamplePositions(const LevelData& d, std::uint16_t soundId);
// The sample indices (TR1: byte offsets; TR2/3: MAIN.SFX numbers) at those positions.
std::vector<std::uint32_t> soundSampleIndices(const LevelData& d, std::uint16_t soundId);

struct SoundWave {
  std::uint16_t soundId = 0;
  std::size_t position = 0;       // in the sample index table
  std::uint32_t sampleIndex = 0;  // TR1: the byte offset; TR2/3: the MAIN.SFX number
  SharedBytes wave;               // a RIFF/WAVE file
};

// The WAVE files of the sound ids, each sample once per id, in id and sample order. TR1: cut
// from the embedded samples; TR2/3: from `mainSfx` (the game's MAIN.SFX bytes), or nothing when
// it is not given. `problems` receives what could not be cut (an offset or number past the
// samples, bytes that are no RIFF/WAVE file).
std::vector<SoundWave> levelSoundWaves(const LevelData& d, const std::set<std::uint16_t>& soundIds,
                                       const SharedBytes& mainSfx, std::vector<std::string>& problems);

// The RIFF/WAVE files of a MAIN.SFX, back to back (its RIFF sizes cut them); a tail that is no
// RIFF file ends the list, and `problems` says where.
std::vector<SharedBytes> splitMainSfx(const SharedBytes& mainSfx, std::vector<std::string>& problems);

// A WAV's audio: format tag, channels, rate, bits and the data chunk, if it parses as RIFF WAVE.
struct WavAudio {
  std::uint16_t format = 0, channels = 0, bits = 0;
  std::uint32_t rate = 0;
  std::span<const std::uint8_t> data;
};
std::optional<WavAudio> parseWav(std::span<const std::uint8_t> bytes);
// Same audio (format, channels, rate, bits and samples), whatever else the headers say (TRLE
// rewrites a WAV's byte rate when it embeds it).
bool sameAudio(std::span<const std::uint8_t> a, std::span<const std::uint8_t> b);
// PCM audio as a WAVE file of `to`'s channels and bits (8 or 16): the same samples (8 to 16 bits
// exactly; 16 to 8 keeps the high byte), channels mixed or copied. None when either is not mono
// or stereo PCM of 8 or 16 bits or the rates differ (resampling is no exact conversion).
std::optional<std::vector<std::uint8_t>> pcmWave(const WavAudio& from, const WavAudio& to);

}  // namespace wadsmith
