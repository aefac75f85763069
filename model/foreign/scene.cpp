#include "model/foreign/scene.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>

namespace wadsmith::foreign {
namespace {

using geometry::Quat;
using geometry::Vec3;

// A vertex's bone: its heaviest (the first of equal weights), else the mesh's own.
int boneOf(const SceneMesh& m, std::uint32_t v) {
  if (m.joints.empty()) return m.bone;
  int best = -1;
  for (int k = 0; k < 4; ++k)
    if (m.joints[v][k] >= 0 && (best < 0 || m.weights[v][k] > m.weights[v][best])) best = k;
  return best < 0 ? m.bone : m.joints[v][best];
}

// Each bone's mesh, its vertices welded by position and normal.
class Meshes {
 public:
  Meshes(const Scene& s, imported::Model& out) : s_(s), out_(out), weld_(s.bones.size()) {
    out.meshes.assign(s.bones.size(), {});
    for (std::size_t b = 0; b < s.bones.size(); ++b) out.meshes[b].name = s.bones[b].name;
  }

  void add(const SceneMesh& m) {
    const Mat4& w = m.world;
    const Vec3 x{w.at(0, 0), w.at(1, 0), w.at(2, 0)}, y{w.at(0, 1), w.at(1, 1), w.at(2, 1)}, z{w.at(0, 2), w.at(1, 2), w.at(2, 2)};
    const bool mirrored = dot(cross(x, y), z) < 0;
    const std::size_t polygons = m.sizes.empty() ? m.corners.size() / 3 : m.sizes.size();
    for (std::size_t p = 0, at = 0; p < polygons; ++p) {
      const std::size_t n = m.sizes.empty() ? 3 : m.sizes[p];
      const std::uint32_t* c = m.corners.data() + at;
      at += n;
      if (n < 3) continue;
      const int bone = boneOf(m, c[0]);
      // Quads stay quads; larger polygons become fans (their last piece a quad).
      for (std::size_t start = 1; start + 1 < n;) {
        const int corners = n - start + 1 == 4 ? 4 : 3;
        face(m, bone, {c[0], c[start], c[start + 1], corners == 4 ? c[start + 2] : 0}, corners, mirrored);
        start += static_cast<std::size_t>(corners) - 2;
      }
    }
  }

  // Mixed sources (some meshes with normals, some without) leave counts unequal: dropped.
  void finish() {
    for (auto& mesh : out_.meshes) {
      if (mesh.normals.size() != mesh.positions.size()) mesh.normals.clear();
      if (mesh.shades.size() != mesh.positions.size() || !mesh.normals.empty()) mesh.shades.clear();
    }
  }

 private:
  // The source's front is counter-clockwise; TR's visible side faces cross(v2 - v0, v1 - v0):
  // the corners reversed, unless the mesh's placement mirrors it.
  void face(const SceneMesh& m, int bone, const std::array<std::uint32_t, 4>& src, int corners, bool mirrored) {
    imported::Face f{.corners = corners, .image = m.image, .color = m.color, .translucent = m.translucent};
    for (int c = 0; c < corners; ++c) {
      const std::uint32_t v = src[mirrored || c == 0 ? c : corners - c];
      f.vertices[c] = vertex(m, bone, v);
      if (!m.uvs.empty()) f.uv[c] = m.uvs[v];
    }
    out_.meshes[bone].faces.push_back(f);
  }

  int vertex(const SceneMesh& m, int bone, std::uint32_t v) {
    imported::Mesh& tm = out_.meshes[bone];
    const Vec3 p = s_.space.point(m.world.point(m.positions[v]) - geometry::translationOf(s_.bones[bone].bind));
    const Vec3 n = m.normals.empty() ? Vec3{} : s_.space.direction(normalize(m.world.direction(m.normals[v])));
    auto [it, added] = weld_[bone].try_emplace({p.x, p.y, p.z, n.x, n.y, n.z}, int(tm.positions.size()));
    if (added) {
      tm.positions.push_back(p);
      if (!m.normals.empty()) tm.normals.push_back(n);
      if (!m.colors.empty()) {
        const Vec3& c = m.colors[v];
        tm.shades.push_back(1.0f - std::clamp(0.2126f * c.x + 0.7152f * c.y + 0.0722f * c.z, 0.0f, 1.0f));
      }
    }
    return it->second;
  }

  const Scene& s_;
  imported::Model& out_;
  std::vector<std::map<std::array<float, 6>, int>> weld_;
};

// One TR frame from the bones' world matrices at that time: each bone's turn from its bind
// pose relative to its parent's, and the root bone's position less the origin as the offset.
imported::Frame trFrame(const std::vector<Mat4>& boneWorld, const std::vector<Quat>& bindRotation, const Scene& s) {
  imported::Frame frame;
  std::vector<Quat> worldRotation(boneWorld.size());
  for (std::size_t b = 0; b < boneWorld.size(); ++b) {
    worldRotation[b] = geometry::rotationOf(boneWorld[b]) * conjugate(bindRotation[b]);
    const int p = s.bones[b].parent;
    frame.rotations.push_back(s.space.rotation(p >= 0 ? conjugate(worldRotation[p]) * worldRotation[b] : worldRotation[b]));
  }
  if (!boneWorld.empty()) frame.offset = s.space.point(geometry::translationOf(boneWorld[0]) - s.origin);
  return frame;
}

imported::Animation sample(const Scene& s, const SceneAnimation& a) {
  imported::Animation out{.name = a.name, .framesPerSecond = kSampleFps};
  const double frames = std::floor(a.seconds * kSampleFps + 0.5) + 1;
  if (!(frames <= kMaxSampledFrames))
    throw std::runtime_error(s.file + ": animation " + std::to_string(a.index) + ": lasts longer than ten minutes");
  std::vector<Quat> bindRotation;
  for (const auto& b : s.bones) bindRotation.push_back(geometry::rotationOf(b.bind));
  for (std::size_t f = 0; f < std::size_t(frames); ++f) out.frames.push_back(trFrame(a.boneWorld(float(f) / kSampleFps), bindRotation, s));
  return out;
}

}  // namespace

imported::Model sceneModel(const Scene& s) {
  imported::Model out{.name = s.name, .movable = s.movable, .images = s.images};
  Meshes meshes(s, out);
  for (const auto& m : s.meshes) meshes.add(m);
  meshes.finish();
  out.bones.resize(s.bones.size());
  for (std::size_t b = 0; b < s.bones.size(); ++b) {
    const int p = s.bones[b].parent;
    out.bones[b].name = s.bones[b].name;
    out.bones[b].parent = p;
    if (p >= 0) out.bones[b].offset = s.space.point(geometry::translationOf(s.bones[b].bind) - geometry::translationOf(s.bones[p].bind));
  }
  if (!s.movable) return asStatic(out);
  for (const auto& a : s.animations) out.animations.push_back(sample(s, a));
  return out;
}

imported::Model asStatic(const imported::Model& m) {
  imported::Model out = m;
  out.movable = false;
  out.bones.clear();
  out.animations.clear();
  imported::Mesh all{.name = m.name};
  std::vector<imported::Vec3> at(m.meshes.size());
  bool normals = true, shades = true;
  for (std::size_t i = 0; i < m.meshes.size(); ++i) {
    if (i < m.bones.size() && m.bones[i].parent >= 0 && std::size_t(m.bones[i].parent) < i) at[i] = at[m.bones[i].parent] + m.bones[i].offset;
    const auto& mesh = m.meshes[i];
    const int base = static_cast<int>(all.positions.size());
    for (const auto& v : mesh.positions) all.positions.push_back(v + at[i]);
    normals &= mesh.normals.size() == mesh.positions.size();
    shades &= mesh.shades.size() == mesh.positions.size();
    all.normals.insert(all.normals.end(), mesh.normals.begin(), mesh.normals.end());
    all.shades.insert(all.shades.end(), mesh.shades.begin(), mesh.shades.end());
    for (auto f : mesh.faces) {
      for (int c = 0; c < f.corners; ++c) f.vertices[c] += base;
      all.faces.push_back(f);
    }
  }
  if (!normals) all.normals.clear();
  if (!shades) all.shades.clear();
  out.meshes = {std::move(all)};
  if (m.meshes.size() > 1) out.notes.push_back("its " + std::to_string(m.meshes.size()) + " meshes as one static mesh, in the rest pose");
  return out;
}

}  // namespace wadsmith::foreign
