// A rigid motion x' = rotation * x + translation: a posed mesh, a source engine's track key.
#pragma once
#include "model/geometry/quaternion.h"

namespace wadsmith::geometry {

struct Rigid {
  Quat rotation;
  Vec3 translation;
  Vec3 apply(Vec3 v) const { return rotate(rotation, v) + translation; }
  Rigid then(const Rigid& child) const {  // this * child: child's motion inside this one
    return {rotation * child.rotation, apply(child.translation)};
  }
  Rigid inverse() const {
    Quat c = conjugate(rotation);
    return {c, rotate(c, translation) * -1.0f};
  }
};

}  // namespace wadsmith::geometry
