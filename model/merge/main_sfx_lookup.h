// The MAIN.SFX numbers of the samples merged sounds play in a TR2/3 level (level_sound_merge.h
// MainSfxSamples): a WAVE file of the same audio (sameAudio: format, channels, rate, bits and
// PCM data; the rest of a header does not change what plays), a sample appended in MAIN.SFX's
// format, or the number itself from a level of the same game.
#pragma once
#include <cstdint>
#include <map>

#include "model/level_document.h"
#include "model/merge/level_sound_merge.h"

namespace wadsmith::merge {

// By the source's sample position. An added or replaced id with a sample that has no number is
// reported not carried (kNotCarried, saying which sample and why: Kept when the level has the
// id, else NotInSource) and gets none; the samples appended go into sfx.waves and sfx.appended.
std::map<std::size_t, std::uint32_t> mainSfxNumbers(const LevelData& data, const SoundSet& source, SoundReport& report,
                                                    MainSfxSamples& sfx);

}  // namespace wadsmith::merge
