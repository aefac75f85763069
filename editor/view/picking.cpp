#include "editor/view/picking.h"

#include <algorithm>

namespace wadsmith::view {
namespace {

// Möller-Trumbore; returns the distance along the ray, if it hits the triangle (both sides).
std::optional<float> intersect(const Ray& ray, const Vec3& a, const Vec3& b, const Vec3& c) {
  const Vec3 e1 = b - a, e2 = c - a;
  const Vec3 p = cross(ray.direction, e2);
  float det = dot(e1, p);
  if (std::abs(det) < 1e-9f) return std::nullopt;
  float inv = 1.0f / det;
  Vec3 s = ray.origin - a;
  float u = dot(s, p) * inv;
  if (u < 0 || u > 1) return std::nullopt;
  Vec3 q = cross(s, e1);
  float v = dot(ray.direction, q) * inv;
  if (v < 0 || u + v > 1) return std::nullopt;
  float t = dot(e2, q) * inv;
  if (t < 0) return std::nullopt;
  return t;
}

Vec3 vertex(const Mesh& m, std::uint16_t i, const Mat4& world) {
  return world.point(toVec(m.vertices[i]));
}
bool valid(const Mesh& m, const Polygon& p) {
  for (int c = 0; c < p.corners(); ++c)
    if (p.vertices[c] >= m.vertices.size()) return false;
  return true;
}
}  // namespace

std::optional<Hit> pickFace(const Ray& ray, const std::vector<const Mesh*>& meshes, const std::vector<Mat4>& world) {
  std::optional<Hit> best;
  for (std::size_t k = 0; k < meshes.size() && k < world.size(); ++k) {
    if (!meshes[k]) continue;
    const Mesh& m = *meshes[k];
    for (std::size_t f = 0; f < m.polygons.size(); ++f) {
      const Polygon& p = m.polygons[f];
      if (!valid(m, p)) continue;
      Vec3 v0 = vertex(m, p.vertices[0], world[k]);
      for (int c = 1; c + 1 < p.corners(); ++c) {
        auto t = intersect(ray, v0, vertex(m, p.vertices[c], world[k]), vertex(m, p.vertices[c + 1], world[k]));
        if (t && (!best || *t < best->distance)) best = Hit{{k, f}, *t};
      }
    }
  }
  return best;
}

std::vector<FaceRef> facesInRect(const Mat4& vp, float width, float height, float x0, float y0, float x1, float y1,
                                 const std::vector<const Mesh*>& meshes, const std::vector<Mat4>& world) {
  if (x0 > x1) std::swap(x0, x1);
  if (y0 > y1) std::swap(y0, y1);
  std::vector<FaceRef> out;
  for (std::size_t k = 0; k < meshes.size() && k < world.size(); ++k) {
    if (!meshes[k]) continue;
    const Mesh& m = *meshes[k];
    for (std::size_t f = 0; f < m.polygons.size(); ++f) {
      const Polygon& p = m.polygons[f];
      if (!valid(m, p)) continue;
      Vec3 c;
      for (int i = 0; i < p.corners(); ++i) c = c + vertex(m, p.vertices[i], world[k]);
      c = c * (1.0f / p.corners());
      float w = 0;
      Vec3 ndc = vp.project(c, &w);
      if (w <= 0) continue;  // behind the camera
      float sx = (ndc.x + 1) / 2 * width, sy = (1 - ndc.y) / 2 * height;
      if (sx >= x0 && sx <= x1 && sy >= y0 && sy <= y1) out.push_back({k, f});
    }
  }
  return out;
}

}  // namespace wadsmith::view
