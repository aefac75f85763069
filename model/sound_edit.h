// Edits of a SoundSet that keep its indices consistent: the map's info indices, each info's
// first sample, the .SAM lines and the .SFX sample block move together. New infos and their
// samples go where TRLE puts them: infos in sound id order, each info's samples after those of
// the info before it (the order of every real .SFX), so an unedited id keeps its info and its
// sample names (only indices shift). The ops (model/ops/sound_ops.h) and the merge use these.
#pragma once
#include <cstddef>
#include <vector>

#include "model/sound.h"

namespace wadsmith::sounds {

// Gives info `index` these samples: its own samples are replaced in place when no other info
// plays them, else new samples are added; the sample count in its flags follows.
void setInfoSamples(SoundSet& s, std::size_t index, const std::vector<SoundSample>& samples);
// Removes info `index` with the samples no other info plays; ids that named it become unused.
void removeInfo(SoundSet& s, std::size_t index);
// Defines `id` with a new info and its samples (the map grows to hold the id if it must).
void defineId(SoundSet& s, std::size_t id, SoundInfo info, const std::vector<SoundSample>& samples);

// A new .SAM line: its sounds.txt index follows the set's (the same name's index if the set
// has it, else one past the highest), so the .SFX sample block stays a list of indices.
SoundSample wadSample(const SoundSet& s, const std::string& name);

}  // namespace wadsmith::sounds
