#include "editor/view/pose.h"

namespace wadsmith::view {
namespace {

Pose matrices(const Skeleton& s, const geometry::LocalPose& local) {
  Pose p;
  p.keyframe = local.keyframe;
  p.blend = local.blend;
  for (const auto& m : geometry::poseSkeleton(s, local)) p.meshes.push_back(geometry::matrixOf(m.rotation, m.translation));
  return p;
}

}  // namespace

Pose restPose(const Skeleton& s) { return matrices(s, geometry::keyframePose({}, s.bones.size(), 1, 0)); }

Pose animationPose(const Skeleton& s, const std::vector<Keyframe>& keys, int frameDuration, float frame) {
  return matrices(s, geometry::keyframePose(keys, s.bones.size(), frameDuration, frame));
}

}  // namespace wadsmith::view
