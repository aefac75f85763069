// What a merge does with sounds: every sound id the merged movables play (their animations'
// PlaySound commands, land/water bits masked, and what TR4's engine plays for the slot from its
// code: model/catalog.h engineSounds) is traced in the source, map -> info -> samples, and put
// into the destination in id order: its info among the infos, its samples (.SAM lines, or WAV
// bytes out of a level) after those of the info before it. An id the destination already
// defines keeps the destination's info (Keep) or takes the source's (Replace); each id is
// reported.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "model/draft.h"
#include "model/sound_use.h"

namespace wadsmith::merge {

enum class SoundMode { Keep, Replace, None };

struct SoundNote {
  enum class What {
    Added,          // the destination had no info for the id
    Same,           // the destination's info and sample names equal the source's
    Kept,           // the destination's differs and was kept (SoundMode::Keep)
    Replaced,       // the destination's differed and took the source's (SoundMode::Replace)
    NotInSource,    // the source has no info for the id (nothing to carry)
  };
  std::uint16_t id = 0;
  What what = What::Added;
  bool engine = false;                 // played by the engine's code for the slot, not an animation
  std::uint32_t slot = 0;              // the (first) merged movable that plays it
  std::vector<std::string> samples;    // the sample names the id plays in the result
  std::string difference;              // Kept / Replaced: what differed
};

struct SoundReport {
  std::vector<SoundNote> ids;
  std::size_t infosAdded = 0, samplesAdded = 0;
  bool sourceHasSounds = true;
  const char* modeName = "keep";
  std::size_t count(SoundNote::What w) const;
};

// `played`: the ids the merged movables play (see movableSounds), any order, duplicates allowed.
SoundReport transferSounds(Draft& d, std::uint32_t destinationVersion, const Shared<SoundSet>& source,
                           std::vector<PlayedSound> played, SoundMode mode);

}  // namespace wadsmith::merge
