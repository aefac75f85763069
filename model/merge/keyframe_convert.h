// TR1-3 keyframes as TR4 keyframe words, for objects taken out of those levels.
//
// TR2/3 store one-axis angles in 10 bits (1024 a turn), TR4 in 12 (4096): the word keeps its
// axis bits and takes the angle times 4, which is the same angle exactly. Three-axis rotations
// (three 10-bit angles in two words) are the same in both. Each rotation word is converted once,
// however many animations' keyframes cover it; padding words after a keyframe's rotations stay.
//
// TR1 keyframes store their rotation count after the root offset and always two words per
// rotation, the second first: each becomes a TR4 keyframe of the movable's mesh count, its
// rotations as three-axis words in TR4's order (the same angles), a mesh past the stored count
// a zero rotation (as TR1 draws it). The animations get the keyframe size TR1 leaves at 0; every
// offset into the keyframes starts a segment, so it moves with the keyframes before it.
#pragma once
#include <cstdint>
#include <map>

#include "model/tables.h"

namespace wadsmith::merge {

// What could not be carried exactly, per movable slot.
struct KeyframeLosses {
  std::size_t highBits = 0;          // TR2/3 one-axis words with bits 10-13 set (the game ignores them)
  std::size_t extraRotations = 0;    // TR1 rotations past the movable's mesh count (dropped)
  std::size_t unconverted = 0;       // keyframe words no keyframe of the movable's own parses (kept as stored)
  std::size_t conflicts = 0;         // TR2/3 words two animations read as different rotations (converted once)
};

// The tables with TR4 keyframe words (keyframeFormat Tr4); record ids stay the same. `losses`
// receives, per movable slot, what was not representable.
ObjectTables toTr4Keyframes(const ObjectTables& tables, std::map<std::uint32_t, KeyframeLosses>& losses);

// The other way, for objects merged into a TR1-3 level (`level`: its tables as read): keyframe
// segments the level had take its words back, new ones (each started by an animation of a
// movable) are converted from TR4 words: one-axis angles to the nearest of the game's 1024
// steps; TR1: the rotation count first, every rotation as three axes with the words swapped,
// and the animations' keyframe size 0 as TR1 stores it (the level's own keep theirs).
ObjectTables fromTr4Keyframes(const ObjectTables& merged, const ObjectTables& level);

}  // namespace wadsmith::merge
