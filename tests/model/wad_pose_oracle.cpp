#include "tests/model/wad_pose_oracle.h"

#include <cmath>
#include <stdexcept>

namespace wadsmith::test {

M3 rotationYXZ(double xd, double yd, double zd) {
  const double k = 3.14159265358979323846 / 180.0;
  const double cx = std::cos(xd * k), sx = std::sin(xd * k), cy = std::cos(yd * k), sy = std::sin(yd * k);
  const double cz = std::cos(zd * k), sz = std::sin(zd * k);
  const M3 rx{{{1, 0, 0}, {0, cx, -sx}, {0, sx, cx}}};
  const M3 ry{{{cy, 0, sy}, {0, 1, 0}, {-sy, 0, cy}}};
  const M3 rz{{{cz, -sz, 0}, {sz, cz, 0}, {0, 0, 1}}};
  Xform a, b, c;
  a.r = ry, b.r = rx, c.r = rz;
  return (a * b * c).r;
}

std::vector<Xform> poseWadKeyframe(const ObjectView& v, std::size_t movable, std::size_t animation, std::size_t keyframe) {
  const std::size_t meshes = v.meshCount(movable);
  const auto keys = v.keyframes(animation, meshes);
  if (keyframe >= keys.size()) throw std::out_of_range("keyframe past the animation");
  const Keyframe& k = keys[keyframe];
  if (k.rotations.size() != meshes) throw std::runtime_error("keyframe without a rotation per mesh");
  const Skeleton s = v.skeleton(movable);
  std::vector<Xform> world(meshes);
  for (std::size_t i = 0; i < meshes; ++i) {
    Xform local;
    local.r = rotationYXZ(k.rotations[i].x, k.rotations[i].y, k.rotations[i].z);
    if (i == 0) {
      local.t = {double(k.offset.x), double(k.offset.y), double(k.offset.z)};
      world[0] = local;
      continue;
    }
    Xform offset;
    offset.t = {double(s.bones[i].offset.x), double(s.bones[i].offset.y), double(s.bones[i].offset.z)};
    world[i] = world[static_cast<std::size_t>(s.bones[i].parent)] * offset * local;
  }
  return world;
}

std::vector<D3> storedVertices(const Mesh& m) {
  std::vector<D3> out;
  for (const auto& p : m.vertices) out.push_back({double(p.x), double(p.y), double(p.z)});
  return out;
}

}  // namespace wadsmith::test
