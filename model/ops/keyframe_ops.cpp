#include "model/ops/keyframe_ops.h"

#include <stdexcept>

#include "model/anim/keyframes.h"

namespace wadsmith::ops {
namespace {

// Runs `edit` on keyframe k of a movable's animation; refuses a keyframe the animation lacks.
template <class Edit>
Edited onKeyframe(const Document& d, std::uint32_t slot, std::size_t animation, std::size_t k, Edit edit) {
  const ObjectView v(objectsOf(d));
  const std::size_t movable = movableIndex(v, slot);
  const std::size_t anim = animationOf(v, slot, animation);
  const std::size_t count = v.keyframeCount(anim);
  if (k >= count)
    throw EditError("keyframe " + std::to_string(k) + " is not a keyframe of the animation (it has " + std::to_string(count) + ")");
  const KeyframeFormat format = v.tables().keyframeFormat;
  try {
    return {anim::editKeyframes(d, movable, anim, [&](anim::KeyframeRun& run, Animation&) { edit(run.keyframes[k].pose, format); })};
  } catch (const std::length_error& e) {
    throw EditError(e.what());
  }
}

}  // namespace

Edited setKeyframe(const Document& d, std::uint32_t slot, std::size_t animation, std::size_t k, const KeyframeChange& c) {
  return onKeyframe(d, slot, animation, k, [&](Keyframe& pose, KeyframeFormat) {
    std::int16_t* box[] = {&pose.box.minX, &pose.box.maxX, &pose.box.minY, &pose.box.maxY, &pose.box.minZ, &pose.box.maxZ};
    for (std::size_t i = 0; i < 6; ++i)
      if (c.box[i]) *box[i] = *c.box[i];
    std::int16_t* offset[] = {&pose.offset.x, &pose.offset.y, &pose.offset.z};
    for (std::size_t i = 0; i < 3; ++i)
      if (c.offset[i]) *offset[i] = *c.offset[i];
  });
}

Edited setBoneRotation(const Document& d, std::uint32_t slot, std::size_t animation, std::size_t k, std::size_t bone,
                       const RotationChange& c) {
  return onKeyframe(d, slot, animation, k, [&](Keyframe& pose, KeyframeFormat format) {
    if (bone >= pose.rotations.size())
      throw EditError("bone " + std::to_string(bone) + " has no rotation in the keyframe (it has " +
                      std::to_string(pose.rotations.size()) + ")");
    Rotation& r = pose.rotations[bone];
    Rotation wanted = r;
    wanted.x = static_cast<float>(c.x.value_or(r.x)), wanted.y = static_cast<float>(c.y.value_or(r.y)),
    wanted.z = static_cast<float>(c.z.value_or(r.z));
    r = geometry::keepingForm(r, geometry::rotationQuat(wanted), format);
  });
}

}  // namespace wadsmith::ops
