// Which sounds a document's objects play, and a document's sounds in the general form
// (model/sound.h) whatever file they came from.
#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <vector>

#include "model/document.h"
#include "model/object_view.h"

namespace wadsmith {

// A sound id a movable plays, where it first does (an animation's PlaySound command, or the
// engine's code for the slot: animation is empty then).
struct PlayedSound {
  std::uint16_t id = 0;
  std::uint32_t slot = 0;
  std::optional<std::size_t> animation;  // within the movable
};

// The ids the movable's animations play (PlaySound commands, land/water bits masked), in id
// order, each with the first animation that plays it.
std::vector<PlayedSound> animationSounds(const ObjectView& v, std::size_t movable);
// The same plus the ids TR4's engine plays for the slot from its code (model/catalog).
std::vector<PlayedSound> movableSounds(const ObjectView& v, std::size_t movable);

// The document's sounds: a WAD's .SFX/.SAM; a level's map, infos and embedded samples (with
// their WAV bytes). Null when the WAD has none (or they did not parse).
Shared<SoundSet> documentSounds(const Document& d);
// A TR4/TR5 level's sounds with their embedded WAVs; null for TR1-3 (model/level_sounds.h).
Shared<SoundSet> levelSounds(const LevelDocument& level);

}  // namespace wadsmith
