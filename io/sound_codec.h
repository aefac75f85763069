// A WAD's sound files, read and written side by side: the .SFX (the sound map, the sound infos
// and the sample block) and the .SAM (one WAV file name per line). Writing what was read gives
// the same bytes, whatever the files hold past what the format defines.
//
// .SFX: int16 map[370 | 2048] (the count follows the WAD's version: 129 TRLE, 130 TRNG),
// u32 N + N infos of 8 bytes, u32 M + M u32 (each sample's index in the sounds.txt list that
// made the file), then whatever follows (kept). An info is a level's sound detail record
// (io/level_record_io.h).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "io/byte_reader.h"
#include "io/byte_writer.h"
#include "model/sound.h"

namespace wadsmith {

// Either file may be absent (nullptr). Throws ParseError naming the .SFX (`sfxName`) for a
// truncated file, counts past its end, or an info whose samples run past the .SAM's lines.
SoundSet readWadSounds(const std::vector<std::uint8_t>* sfx, const std::vector<std::uint8_t>* sam,
                       std::uint32_t wadVersion, const std::string& sfxName);
std::vector<std::uint8_t> writeSfx(const SoundSet& s);
std::vector<std::uint8_t> writeSam(const SoundSet& s);

}  // namespace wadsmith
