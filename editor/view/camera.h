// An orbit camera around a target point, in display space: the model turned so objects stand
// upright (the TR engines' Y axis points down).
#pragma once
#include "model/geometry/matrix.h"

namespace wadsmith::view {

using geometry::cross;
using geometry::dot;
using geometry::kPi;
using geometry::length;
using geometry::normalize;
using geometry::Mat4;
using geometry::radians;
using geometry::Vec3;

// Model (TR) space to display space: half a turn about Z, so Y points up and the object still
// faces +Z, towards the default camera. A turn, not a mirror: flipping Y alone would swap an
// object's left and right and show the inside of its faces.
inline Mat4 uprightMatrix() { return Mat4::scale({-1, -1, 1}); }

struct Ray {
  Vec3 origin, direction;
};

class OrbitCamera {
 public:
  Vec3 target;
  float yaw = 0.6f, pitch = 0.35f;  // radians
  float distance = 2000;
  float fovY = radians(45);

  Vec3 eye() const;
  Mat4 view() const { return geometry::lookAt(eye(), target, {0, 1, 0}); }
  Mat4 projection(float aspect) const { return geometry::perspective(fovY, aspect, distance * 0.01f, distance * 20 + 10000); }

  void orbit(float dYaw, float dPitch);
  // Moves the target in the view plane by a drag of (dx, dy) pixels in a viewport `height` tall.
  void pan(float dx, float dy, float height);
  void zoom(float steps);  // positive = closer
  // Centres a sphere (display space) and backs off until it fills the view.
  void frame(const Vec3& center, float radius, float aspect);
  // A ray through a viewport pixel, in display space.
  Ray ray(float px, float py, float width, float height) const;
};

}  // namespace wadsmith::view
