// The pose gizmos' maths, without GL: a rotate gizmo on a bone (three rings about the bone's own
// axes) and a move gizmo on the root (three arrows along the model's axes). Picking works in
// the gizmo's own space (the ray taken through the inverse of its matrix), so the viewport's
// mirroring does not change which way a drag turns. A drag ends in one operation call whose
// values are what the words store: a rotation snapped to the word's steps in the form the
// stored one has (geometry::keepingForm), an offset in whole units.
#pragma once
#include <optional>

#include "editor/view/camera.h"
#include "model/keyframe.h"
#include "model/ops/operations.h"

namespace wadsmith::view {

// The ring (0 X, 1 Y, 2 Z) under the ray: `gizmo` places the bone (display space); rings have
// this radius, and are hit within `tolerance` of it (both in the bone's units).
std::optional<int> pickRing(const Ray& ray, const Mat4& gizmo, float radius, float tolerance);
// Where the ray meets the ring's plane, as an angle about the ring's axis (radians); none when
// the ray runs along the plane.
std::optional<float> ringAngle(const Ray& ray, const Mat4& gizmo, int axis);
// The stored rotation turned by `radians` about its own axis `axis`, snapped as the word stores
// it, in its form.
Rotation turnedRotation(const Rotation& stored, int axis, float radians, KeyframeFormat format = KeyframeFormat::Tr4);

// The arrow (0 X, 1 Y, 2 Z) under the ray, from the gizmo's origin out to `length`.
std::optional<int> pickArrow(const Ray& ray, const Mat4& gizmo, float length, float tolerance);
// How far along the arrow the point nearest the ray is (the gizmo's units); none when the ray
// runs along the arrow.
std::optional<float> arrowPosition(const Ray& ray, const Mat4& gizmo, int axis);

// The calls a drag ends in (movable and animation from the selection).
ops::Call boneRotationCall(std::size_t keyframe, std::size_t bone, const Rotation& r);
ops::Call keyframeOffsetCall(std::size_t keyframe, const Vec3s& offset);

}  // namespace wadsmith::view
