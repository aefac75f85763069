// Whole animations of a movable: add, duplicate, delete and move. Next animations and dispatch
// targets are references to records (model/refs.h), so every one in the document, in this
// movable or in another that jumps into it, keeps pointing at the same animation when others
// move; only a target of a deleted animation needs a choice (Targets). An animation's keyframe
// words move with it (its keyframe count runs to the next animation's); its state changes and
// command words stay where they are (the record names them by index).
#pragma once
#include <optional>

#include "model/keyframe.h"
#include "model/ops/edit_context.h"

namespace wadsmith::anim {

// What becomes of a next animation or dispatch target that has nothing to point at (a deleted
// animation; one past the destination's animations, or outside a copied set): kept as the raw
// number (Keep), pointed at the edited animation's own (Own), or dropped (a dispatch removed, a
// next animation pointed at its own animation). Each is reported.
enum class Targets { Keep, Own, Drop };

// A new one-keyframe animation at `at` (default: last) in `pose`, else the rest pose (every
// rotation zero): one frame, its next animation itself, no state changes or commands.
ops::Edited addAnimation(const Document& d, std::uint32_t slot, std::optional<std::size_t> at, const std::optional<Keyframe>& pose);
// A copy right after the animation: its own keyframe words, the same state changes and commands
// (shared until one is edited); a next animation that was itself is the copy.
ops::Edited duplicateAnimation(const Document& d, std::uint32_t slot, std::size_t animation);
// Keep or Drop for the targets that named it.
ops::Edited deleteAnimation(const Document& d, std::uint32_t slot, std::size_t animation, Targets targets);
ops::Edited moveAnimation(const Document& d, std::uint32_t slot, std::size_t animation, std::size_t to);

// Animations of movable `sourceSlot` of `source` (from `first`, `count` of them, default: to its
// last) copied onto movable `slot` from its animation `at` on (default: after its last), with the
// merge's rules for keyframes, commands and sounds (model/merge/object_copy.h); refused unless both
// have the same number of bones. Targets within the copied animations point at the copies; the
// others go as `targets` says: Keep names the destination's animation of the same number, Own the
// copy that holds them, Drop drops them. `source` may be `d` itself.
ops::Edited copyAnimations(const Document& d, std::uint32_t slot, std::optional<std::size_t> at, const Document& source,
                           std::uint32_t sourceSlot, std::size_t first, std::optional<std::size_t> count, Targets targets);

// Where a movable's animation `at` (counted in its run `run`) sits, or goes when `at` is its count.
RecordSlot animationPlace(const RecordTable<Animation>& animations, const RunRef& run, std::size_t at);

// The command runs of every animation in table order, with `extra` places before `at`: only
// lists that hold commands order the command words (an empty list names a position).
std::vector<RunRef> commandRuns(const RecordTable<Animation>& animations, std::size_t at = 0, std::size_t extra = 0);

}  // namespace wadsmith::anim
