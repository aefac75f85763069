// A TR1-3 level's sounds in a WAD's terms, for a merge into the level to decide id by id
// (model/merge/level_sound_merge.h), and its sound details in the game's layout.
#pragma once
#include "model/level_document.h"
#include "model/sound.h"

namespace wadsmith {

// A level's sound detail in a WAD's terms (TR3 on: as stored; TR1/2: the 16-bit volume and
// chance scaled to a byte, range and pitch 0), and a WAD's info in the game's (TR1/2: range and
// pitch dropped; those games play every sound about 8 sectors far, at its own pitch).
SoundInfo wadSoundInfo(const SoundDetail& d, Game g);
SoundDetail gameSoundDetail(const SoundInfo& info, Game g);

// A TR1-3 level's sounds as a WAD's, one sample per sample index: TR1's the embedded WAVE file
// at its offset (empty when none is there), TR2/3's named by its MAIN.SFX number ("MAIN.SFX 12").
SoundSet classicLevelSoundSet(const LevelData& d);

}  // namespace wadsmith
