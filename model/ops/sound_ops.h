// Sound edits of a WAD's .SFX/.SAM (one undo step each): sound infos are addressed by the sound
// id that plays them, samples by their .SAM line. A level's sounds are read-only here (they are
// carried by merges and shown).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "model/ops/edit_context.h"
#include "model/sound.h"

namespace wadsmith::ops {

// A sound info's editable fields (model/ops/fields.h soundInfoFields(): their ranges are
// checked where the arguments are read, model/ops/args.h) and its sample list.
struct SoundInfoChange {
  std::optional<int> volume, range, chance, pitch, loop;
  std::optional<bool> noPan, randomPitch, randomVolume;
  std::optional<std::vector<std::string>> samples;  // .SAM names, in order
};

// Defines an unused id with a new info (inserted in id order, its samples after the previous
// info's). Creates the WAD's .SFX/.SAM when it has none.
Edited addSoundInfo(const Document& d, std::size_t id, const SoundInfoChange& info);
// The id's info goes (with the samples no other info plays); every id that named it is unused.
Edited removeSoundInfo(const Document& d, std::size_t id);
// Changes the info the id plays (shared by every id that names it).
Edited setSoundInfo(const Document& d, std::size_t id, const SoundInfoChange& change);
// Makes `id` play the info `fromId` plays (or nothing, when `fromId` is empty).
Edited assignSoundId(const Document& d, std::size_t id, std::optional<std::size_t> fromId);
// Names another WAV on a .SAM line (rename or replace a sample).
Edited setSample(const Document& d, std::size_t sample, const std::string& name);
// One more sample for the id's info (after its others), or its k-th sample removed.
Edited addSample(const Document& d, std::size_t id, const std::string& name);
Edited removeSample(const Document& d, std::size_t id, std::size_t k);

// How labels and messages name a sound id: "sound 71 GENERIC_SWOOSH".
std::string soundLabel(std::size_t id);

// The .SAM names of the samples the id's info plays (none when it has no info).
std::vector<std::string> infoSampleNames(const SoundSet* s, std::size_t id);

}  // namespace wadsmith::ops
