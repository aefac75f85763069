// Pose edits of one keyframe: its root offset, its bounding box and a bone's rotation. Each
// writes only the words it must (model/anim/keyframes.h); a rotation keeps its word's form
// while it can (geometry::keepingForm).
#pragma once
#include <array>
#include <optional>

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

}  // namespace wadsmith::ops
