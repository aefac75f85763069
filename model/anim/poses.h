// Poses made from other poses: a keyframe between two (rotations by quaternion slerp, in the
// form of the first's words where they can stay so), the pose at any frame, and a keyframe
// mirrored left to right (bone pairs from the skeleton's symmetry, Lara's by name).
#pragma once
#include <string>
#include <vector>

#include "model/geometry/poser.h"
#include "model/keyframe.h"
#include "model/object_view.h"

namespace wadsmith::anim {

// t = 0 gives a, t = 1 gives b, exactly.
Keyframe between(const Keyframe& a, const Keyframe& b, double t, KeyframeFormat format);
// The pose at `frame` (from the animation's first) of keyframes `duration` frames apart.
Keyframe poseAt(const std::vector<Keyframe>& keyframes, int duration, int frame, KeyframeFormat format);

// Each bone's mirror partner (itself for a bone on the middle plane): Lara's pairs when the
// object is named LARA (or one of the slots over her skeleton) and has her 15 meshes, else bones
// whose parents are partners and whose offsets mirror across x = 0.
std::vector<std::size_t> mirrorPairs(const geometry::Skeleton& s, const std::string& name);
// The keyframe seen in the x = 0 mirror: offset x and the box negated, partners' rotations
// swapped and mirrored. Mirroring twice gives the keyframe back.
Keyframe mirroredKeyframe(const Keyframe& k, const std::vector<std::size_t>& pairs);

// The box around `meshes` (one per bone, model/anim/drawn_bones.h) posed by `k` on `s`, each side
// moved out by `grow` units (in when negative).
BoundingBox posedBox(const geometry::Skeleton& s, const std::vector<MeshSlot>& meshes, const Keyframe& k, int grow);

}  // namespace wadsmith::anim
