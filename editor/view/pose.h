// A movable posed for drawing: the model's poser (model/geometry/poser.h) as one matrix per
// mesh, in model space (the viewport turns it upright).
#pragma once
#include <vector>

#include "model/geometry/matrix.h"
#include "model/geometry/poser.h"

namespace wadsmith::view {

using geometry::frameCount;
using geometry::Skeleton;
using geometry::Mat4;

struct Pose {
  std::vector<Mat4> meshes;  // model space
  std::size_t keyframe = 0;  // the keyframe at or before the frame
  float blend = 0;           // towards the next keyframe
};

// The skeleton without any animation (every rotation zero).
Pose restPose(const Skeleton& skeleton);
// `frame` counts from the animation's first frame; fractional frames interpolate smoothly.
Pose animationPose(const Skeleton& skeleton, const std::vector<Keyframe>& keyframes, int frameDuration, float frame);

}  // namespace wadsmith::view
