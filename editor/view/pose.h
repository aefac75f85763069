// Posing a movable: each mesh's transform for a frame of an animation, keyframes interpolated
// by frameDuration, rotations applied in the TR engines' order (Y, then X, then Z), the root
// offset on the first mesh, children placed by the mesh tree.
#pragma once
#include <vector>

#include "model/geometry/matrix.h"
#include "model/keyframe.h"
#include "model/object_view.h"

namespace wadsmith::view {

using geometry::Mat4;
using geometry::radians;
using geometry::Quat;
using geometry::Vec3;

// The rotation a keyframe gives one mesh.
Mat4 rotationMatrix(const Rotation& r);

// A frame as local transforms: the root offset and each mesh's rotation, interpolated between
// keyframes as the editor plays them (what exports sample).
struct LocalPose {
  Vec3 offset;
  std::vector<Quat> rotations;  // one per mesh
  std::size_t keyframe = 0;
  float blend = 0;
};
LocalPose localPose(const std::vector<Keyframe>& keyframes, std::size_t meshes, int frameDuration, float frame);

struct Pose {
  std::vector<Mat4> meshes;  // model space
  std::size_t keyframe = 0;  // the keyframe at or before the frame
  float blend = 0;           // towards the next keyframe
};

// The skeleton without any animation (every rotation zero).
Pose restPose(const Skeleton& skeleton);
// `frame` counts from the animation's first frame; fractional frames interpolate smoothly.
Pose animationPose(const Skeleton& skeleton, const std::vector<Keyframe>& keyframes, int frameDuration, float frame);
// Frames in an animation as shown to users (frameEnd - frameStart + 1, at least 1).
int frameCount(const Animation& a);

}  // namespace wadsmith::view
