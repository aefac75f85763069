// Pose edits of one keyframe: its root offset, its bounding box and a bone's rotation. Each
// writes only the words it must (model/anim/keyframes.h); a rotation keeps its word's form
// while it can (geometry::keepingForm).
#pragma once
#include <array>
#include <optional>
#include <vector>

#include "model/ops/edit_context.h"

namespace wadsmith::ops {

struct KeyframeChange {
  std::array<std::optional<std::int16_t>, 6> box;  // min x, max x, min y, max y, min z, max z
  std::array<std::optional<std::int16_t>, 3> offset;
};
// Angles in degrees, the rotation's order (Ry * Rx * Rz); the ones not given stay.
struct RotationChange {
  std::optional<double> x, y, z;
};

// The global index of keyframe `keyframe` of a movable's animation is checked here.
Edited setKeyframe(const Document& d, std::uint32_t slot, std::size_t animation, std::size_t keyframe, const KeyframeChange& c);
Edited setBoneRotation(const Document& d, std::uint32_t slot, std::size_t animation, std::size_t keyframe, std::size_t bone,
                       const RotationChange& c);

// Keyframe operations of a movable's animation (keyframe_run_ops.cpp). Each keeps the frame
// numbers of this and other animations on their moments (model/anim/retime.h) and keeps the
// frame end on the last keyframe as before.
// The pose at `frame` (from the animation's first) inserted after the keyframe at or before it.
Edited insertKeyframe(const Document& d, std::uint32_t slot, std::size_t animation, int frame);
// A copy of keyframe k (its words as stored) after it.
Edited duplicateKeyframe(const Document& d, std::uint32_t slot, std::size_t animation, std::size_t k);
Edited deleteKeyframes(const Document& d, std::uint32_t slot, std::size_t animation, std::size_t first, std::size_t count);
// Keyframe `from` taken out and put back at index `to` (of the keyframes without it).
Edited moveKeyframe(const Document& d, std::uint32_t slot, std::size_t animation, std::size_t from, std::size_t to);
// `count` keyframes between keyframes k and k + 1, slerped at even steps.
Edited interpolateKeyframes(const Document& d, std::uint32_t slot, std::size_t animation, std::size_t k, std::size_t count);
Edited reverseKeyframes(const Document& d, std::uint32_t slot, std::size_t animation);
// Keyframes [first, first + count) mirrored left to right (count 0: to the last).
Edited mirrorKeyframes(const Document& d, std::uint32_t slot, std::size_t animation, std::size_t first, std::size_t count);
// Poses inserted before keyframe `at` (at = the count: appended), or put over the keyframes from
// `at` on when `replace`.
Edited pasteKeyframes(const Document& d, std::uint32_t slot, std::size_t animation, std::size_t at,
                      const std::vector<Keyframe>& poses, bool replace);

}  // namespace wadsmith::ops
