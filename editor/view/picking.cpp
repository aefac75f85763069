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

// Calls visit(face, corners, n) for every face of the meshes whose vertex indices are all within
// its mesh, with its n corners in display space.
template <class Visit>
void eachFace(const std::vector<const Mesh*>& meshes, const std::vector<Mat4>& world, Visit&& visit) {
  for (std::size_t k = 0; k < meshes.size() && k < world.size(); ++k) {
    if (!meshes[k]) continue;
    const Mesh& m = *meshes[k];
    for (std::size_t f = 0; f < m.polygons.size(); ++f) {
      const Polygon& p = m.polygons[f];
      Vec3 corners[4];
      int n = 0;
      for (; n < p.corners() && p.vertices[n] < m.vertices.size(); ++n)
        corners[n] = world[k].point(toVec(m.vertices[p.vertices[n]]));
      if (n == p.corners()) visit(FaceRef{k, f}, corners, n);
    }
  }
}
}  // namespace

std::optional<Hit> pickFace(const Ray& ray, const std::vector<const Mesh*>& meshes, const std::vector<Mat4>& world) {
  std::optional<Hit> best;
  eachFace(meshes, world, [&](FaceRef face, const Vec3* v, int n) {
    for (int c = 1; c + 1 < n; ++c) {
      auto t = intersect(ray, v[0], v[c], v[c + 1]);
      if (t && (!best || *t < best->distance)) best = Hit{face, *t};
    }
  });
  return best;
}

std::vector<FaceRef> facesInRect(const Mat4& vp, float width, float height, float x0, float y0, float x1, float y1,
                                 const std::vector<const Mesh*>& meshes, const std::vector<Mat4>& world) {
  if (x0 > x1) std::swap(x0, x1);
  if (y0 > y1) std::swap(y0, y1);
  std::vector<FaceRef> out;
  eachFace(meshes, world, [&](FaceRef face, const Vec3* v, int n) {
    Vec3 c;
    for (int i = 0; i < n; ++i) c = c + v[i];
    c = c * (1.0f / n);
    float w = 0;
    Vec3 ndc = vp.project(c, &w);
    if (w <= 0) return;  // behind the camera
    float sx = (ndc.x + 1) / 2 * width, sy = (1 - ndc.y) / 2 * height;
    if (sx >= x0 && sx <= x1 && sy >= y0 && sy <= y1) out.push_back(face);
  });
  return out;
}

}  // namespace wadsmith::view
