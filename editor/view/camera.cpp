#include "editor/view/camera.h"

#include <algorithm>

namespace wadsmith::view {

Vec3 OrbitCamera::eye() const {
  float cp = std::cos(pitch);
  return target + Vec3{std::sin(yaw) * cp, std::sin(pitch), std::cos(yaw) * cp} * distance;
}

void OrbitCamera::orbit(float dYaw, float dPitch) {
  yaw += dYaw;
  pitch = std::clamp(pitch + dPitch, -1.55f, 1.55f);
}

void OrbitCamera::pan(float dx, float dy, float height) {
  Vec3 f = normalize(target - eye()), right = normalize(cross(f, {0, 1, 0})), up = cross(right, f);
  float perPixel = 2 * distance * std::tan(fovY / 2) / std::max(height, 1.0f);
  target = target - right * (dx * perPixel) + up * (dy * perPixel);
}

void OrbitCamera::zoom(float steps) { distance = std::clamp(distance * std::pow(0.85f, steps), 10.0f, 200000.0f); }

void OrbitCamera::frame(const Vec3& center, float radius, float aspect) {
  target = center;
  float r = std::max(radius, 1.0f);
  float half = std::min(fovY / 2, std::atan(std::tan(fovY / 2) * aspect));
  distance = r / std::sin(half) * 1.05f;
}

Ray OrbitCamera::ray(float px, float py, float width, float height) const {
  float aspect = width / std::max(height, 1.0f);
  float ndcX = 2 * px / width - 1, ndcY = 1 - 2 * py / height;
  float t = std::tan(fovY / 2);
  Vec3 f = normalize(target - eye()), right = normalize(cross(f, {0, 1, 0})), up = cross(right, f);
  return {eye(), normalize(f + right * (ndcX * t * aspect) + up * (ndcY * t))};
}

}  // namespace wadsmith::view
