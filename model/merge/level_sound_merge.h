// The sounds a merge carried into a TR4/TR5 level (sound_transfer.h decides id by id: added,
// the same, kept, replaced), written in the level's own tables so that nothing else moves:
// - an added id: a new sound detail after the level's, its samples after the level's embedded
//   samples (a sample index each: the source's sounds.txt number where known, as TRLE writes);
// - a replaced id: the source's detail in place of its own (a new one when other ids share it)
//   over new samples; the samples no detail plays any more then go, and the details after them
//   move their first sample down.
// Every other map entry, detail and sample keeps its bytes.
#pragma once
#include <cstddef>
#include <set>
#include <string>
#include <vector>

#include "model/level_document.h"
#include "model/merge/sound_transfer.h"

namespace wadsmith::merge {

// tomb4/tomb5 keep one sound buffer per sample in a table of 256, and read each sample into a
// buffer of 0x4005A bytes (both read in the TR4 decompilation, github.com/Trxyebeep/TOMB4
// specific/dxsound.cpp). TR1 is held to the same 256 samples (not checked against its code);
// the byte limit is theirs alone. The map's entries are 16-bit (a detail index).
constexpr std::size_t kMaxLevelSamples = 256, kMaxLevelSampleBytes = 0x4005A, kMaxLevelSoundDetails = 0x7FFF;

struct LevelSoundChange {
  std::size_t detailsAdded = 0, detailsReplaced = 0, samplesAdded = 0, samplesFreed = 0;
  std::size_t idsRemoved = 0, detailsRemoved = 0;  // --replace: what only the replaced objects played
};

// Writes the report's added and replaced ids from `source` (whose samples carry their WAV bytes)
// into `data`'s map, details and sample indices and into `samples`; the `dropped` ids (only
// replaced objects played them: level_replace.h freedSoundIds) leave the map, with the details
// and samples nothing else plays. Throws MergeError, before
// anything changes, for an id past the level's sound map, a sample without its bytes, or a
// result past the limits above (naming the limit and by how much).
LevelSoundChange mergeLevelSounds(LevelData& data, std::vector<LevelSample>& samples, const SoundSet& source,
                                  const SoundReport& report, const std::set<std::uint16_t>& dropped = {});

// How an id whose samples a TR2/3 level cannot take is reported: Kept (the level has the id)
// or NotInSource, its difference starting with this.
constexpr const char* kNotCarried = "not carried: ";

// A TR2/3 destination's MAIN.SFX (level_sounds.h splitMainSfx): a sample index there is the
// number of one of its WAVE files, shared by every level of the game.
struct MainSfxSamples {
  std::vector<SharedBytes> waves;  // in number order; empty: none was given
  // The source is a level of the same game: its sample indices are numbers in the same
  // MAIN.SFX, carried as they are.
  bool sourceNumbers = false;
  bool append = false;     // a sample MAIN.SFX lacks is appended (in its format), after the last number
  std::string sourceLabel;  // for the report: where the samples came from
  std::vector<SharedBytes> appended;  // set by the merge: the WAVE files to append, in number order
};

// The same into a TR1-3 level (details in the game's layout: level_sound_details.h gameSoundDetail).
// TR1: the samples go into the embedded block (appended; with `replace` the freed ones' bytes
// cut out), their indices the byte offsets. TR2/3 play theirs from MAIN.SFX (`sfx`): each
// sample of an added or replaced id is looked up there by its audio (sameAudio: the same format
// and PCM data), or appended (sfx.append), or, from a level of the same game, taken as the
// number it is; an id with a sample none of these finds is reported not carried (kNotCarried)
// saying which sample and why, and the rest still merges.
LevelSoundChange mergeClassicLevelSounds(LevelData& data, const SoundSet& source, SoundReport& report,
                                         const std::set<std::uint16_t>& dropped, MainSfxSamples& sfx);

}  // namespace wadsmith::merge
