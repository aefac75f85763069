#include "model/ops/mesh_ops.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "model/geometry/vector.h"
#include "model/texture_word.h"

namespace wadsmith::ops {
namespace {

using V = geometry::Vec3d;
V toV(const Vec3s& v) { return {double(v.x), double(v.y), double(v.z)}; }
std::int16_t clamp16(double v) { return static_cast<std::int16_t>(std::clamp(std::lround(v), -32768L, 32767L)); }
Vec3s toStored(V n) { return {clamp16(n.x), clamp16(n.y), clamp16(n.z)}; }

// The mesh entries an operation touches: one mesh of the object, or all of them.
std::vector<std::size_t> targetEntries(const ObjectView& v, const ObjectRef& object, std::optional<std::size_t> mesh) {
  if (mesh) return {meshEntryOf(v, object, *mesh)};
  std::vector<std::size_t> out;
  std::set<std::size_t> seen;  // each entry once, however many pointers land on it
  std::size_t count = 1;
  if (object.movable()) {
    const auto [first, end] = v.runRange(v.movables()[movableIndex(v, object.slot)].pointers);
    count = end - first;
  }
  for (std::size_t m = 0; m < count; ++m) {
    std::size_t e = meshEntryOf(v, object, m);
    if (seen.insert(e).second) out.push_back(e);
  }
  return out;
}

// Replaces mesh entries through `change(Mesh&)`; every other entry stays shared.
template <class F>
Edited changeMeshes(const Document& d, const std::vector<std::size_t>& entries, F change) {
  return {editDocument(d, [&](Draft& e) {
    auto& meshes = e.meshes.edit();
    for (std::size_t i : entries) {
      auto m = std::make_shared<Mesh>(*meshes[i].mesh);
      change(*m);
      meshes[i].mesh = m;
    }
  })};
}

}  // namespace

std::vector<Vec3s> computeNormals(const Mesh& m) {
  std::vector<V> sum(m.vertices.size());
  std::vector<bool> used(m.vertices.size(), false);
  for (const auto& p : m.polygons) {
    const int n = p.corners();
    bool valid = true;
    for (int c = 0; c < n; ++c) valid &= p.vertices[c] < m.vertices.size();
    if (!valid) continue;
    V pts[4];
    for (int c = 0; c < n; ++c) pts[c] = toV(m.vertices[p.vertices[c]]);
    // Newell's normal of the polygon, reversed: the files store cross(v2 - v0, v1 - v0).
    V face;
    for (int c = 0; c < n; ++c) face = face + cross(pts[(c + 1) % n], pts[c]);
    double len = length(face);
    if (len < 1e-9) continue;  // degenerate
    face = face * (1.0 / len);
    for (int c = 0; c < n; ++c) {
      V a = pts[(c + n - 1) % n] - pts[c], b = pts[(c + 1) % n] - pts[c];
      double la = length(a), lb = length(b);
      if (la < 1e-9 || lb < 1e-9) continue;
      double angle = std::acos(std::clamp(dot(a, b) / (la * lb), -1.0, 1.0));
      sum[p.vertices[c]] = sum[p.vertices[c]] + face * angle;
      used[p.vertices[c]] = true;
    }
  }
  std::vector<Vec3s> out(m.normals.begin(), m.normals.end());
  out.resize(std::max(out.size(), m.vertices.size()));
  for (std::size_t i = 0; i < m.vertices.size(); ++i) {
    double len = length(sum[i]);
    if (used[i] && len > 1e-9) out[i] = toStored(sum[i] * (kNormalLength / len));
  }
  return out;
}

Edited recomputeNormals(const Document& d, const ObjectRef& object, std::optional<std::size_t> mesh) {
  ObjectView v(objectsOf(d));
  auto entries = targetEntries(v, object, mesh);
  for (std::size_t e : entries)
    if ((*v.tables().meshes)[e].mesh->usesShades())
      throw EditError(object.text() + ": mesh entry " + std::to_string(e) +
                      " uses shades; convert it to normals first (convert_lighting)");
  return changeMeshes(d, entries, [](Mesh& m) {
    auto n = computeNormals(m);
    n.resize(m.normals.size());  // the stored count stays as it was
    m.normals = n;
  });
}

Edited flipNormals(const Document& d, const ObjectRef& object, std::optional<std::size_t> mesh) {
  return changeMeshes(d, targetEntries(ObjectView(objectsOf(d)), object, mesh), [](Mesh& m) {
    for (auto& n : m.normals) n = {clamp16(-double(n.x)), clamp16(-double(n.y)), clamp16(-double(n.z))};
  });
}

Edited convertToShades(const Document& d, const ObjectRef& object, std::optional<std::size_t> mesh, const Light& light) {
  ObjectView v(objectsOf(d));
  auto entries = targetEntries(v, object, mesh);
  V dir{light.x, light.y, light.z};
  double len = length(dir);
  if (len < 1e-9) throw EditError("the light direction is zero");
  if (light.ambient < 0 || light.ambient > 1) throw EditError("ambient must be within 0..1");
  dir = dir * (1.0 / len);
  return changeMeshes(d, entries, [&](Mesh& m) {
    auto normals = m.normals.size() >= m.vertices.size() && !m.normals.empty() ? m.normals : computeNormals(m);
    m.shades.assign(m.vertices.size(), 0);
    for (std::size_t i = 0; i < m.vertices.size(); ++i) {
      V n = toV(normals[i]);
      double nl = length(n);
      double lit = nl > 0 ? std::max(0.0, -dot(n, dir) / nl) : 0.0;
      double brightness = std::clamp(light.ambient + (1 - light.ambient) * lit, 0.0, 1.0);
      m.shades[i] = static_cast<std::int16_t>(std::lround((1.0 - brightness) * 0x1FFF));
    }
    m.normals.clear();
  });
}

Edited convertToNormals(const Document& d, const ObjectRef& object, std::optional<std::size_t> mesh) {
  return changeMeshes(d, targetEntries(ObjectView(objectsOf(d)), object, mesh), [](Mesh& m) {
    m.shades.clear();
    m.normals.clear();
    m.normals = computeNormals(m);
    // Vertices no face uses get a normal too: straight up (Y points down).
    for (auto& n : m.normals)
      if (n == Vec3s{}) n = {0, static_cast<std::int16_t>(-kNormalLength), 0};
  });
}

Edited setFaces(const Document& d, const ObjectRef& object, std::size_t mesh, const std::vector<std::size_t>& faces,
                const FaceChange& c) {
  ObjectView v(objectsOf(d));
  std::size_t entry = meshEntryOf(v, object, mesh);
  const Mesh& current = *(*v.tables().meshes)[entry].mesh;
  const bool wad = isWad(d);
  const int maxIntensity = wad ? 31 : 63;
  for (std::size_t f : faces)
    if (f >= current.polygons.size())
      throw EditError(object.text() + " mesh " + std::to_string(mesh) + " has " +
                      std::to_string(current.polygons.size()) + " faces, no face " + std::to_string(f));
  if (c.intensity && (*c.intensity < 0 || *c.intensity > maxIntensity))
    throw EditError("intensity must be within 0.." + std::to_string(maxIntensity));
  if (c.texture) {
    int limit = wad ? static_cast<int>(std::get<WadDocument>(d).samples->size())
                    : static_cast<int>(std::get<LevelDocument>(d).data->objectTextures->size());
    if (*c.texture < 0 || *c.texture >= std::min(limit, wad ? 4096 : 0x8000))
      throw EditError("texture " + std::to_string(*c.texture) + " is past the " + std::to_string(limit) +
                      (wad ? " texture samples" : " object textures"));
  }
  if (c.flip && !wad) throw EditError("flip is a WAD texture property; level faces map through object textures");
  if (const auto* level = std::get_if<LevelDocument>(&d); level && isClassic(level->game())) {
    if (c.translucent || c.shine || c.intensity)
      throw EditError(gameName(level->game()) + " faces store no translucency, shine or intensity (their object "
                      "texture's attribute sets the blending)");
    for (std::size_t f : faces)
      if (c.texture && current.polygons[f].coloured)
        throw EditError("face " + std::to_string(f) + " is coloured: its texture word holds palette indices");
  }

  Edited out;
  bool shineOn = c.shine.value_or(false);
  if (shineOn && current.usesShades())
    out.warnings.push_back(object.text() + " mesh " + std::to_string(mesh) +
                           ": shine on a mesh that uses shades is known to crash the engine");
  if (shineOn && object.kind == ObjectKind::Movable && object.slot == 9)  // LARA_SKIN_JOINTS
    out.warnings.push_back("shine on Lara's joint meshes is known to crash the engine");
  if (c.texture || c.flip) {
    // A mesh shared with other objects changes for all of them.
    auto users = meshUsers(v, entry);
    if (users.size() > 1) out.warnings.push_back("the mesh is shared: the change applies to " + std::to_string(users.size()) + " objects");
  }

  out.doc = changeMeshes(d, {entry}, [&](Mesh& m) {
    for (std::size_t f : faces) {
      Polygon& p = m.polygons[f];
      if (c.translucent) p.attributes = static_cast<std::uint8_t>((p.attributes & ~attr::kTranslucent) | (*c.translucent ? attr::kTranslucent : 0));
      if (c.shine) p.attributes = static_cast<std::uint8_t>((p.attributes & ~attr::kShine) | (*c.shine ? attr::kShine : 0));
      if (c.intensity) {
        std::uint8_t mask = wad ? 0x7C : 0xFC;  // bits 2-6 (bit 7 kept as stored) / 2-7
        p.attributes = static_cast<std::uint8_t>((p.attributes & ~mask) | ((*c.intensity << 2) & mask));
      }
      if (wad && (c.texture || c.flip)) {
        auto t = WadTextureWord::decode(p.texture, p.quad);
        if (c.texture) t.sample = static_cast<std::uint16_t>(*c.texture);
        if (c.flip) t.flipped = *c.flip;
        p.texture = t.encode(p.quad);
      } else if (c.texture) {
        p.texture = static_cast<std::uint16_t>((p.texture & 0x8000) | *c.texture);  // keep double-sided
      }
      if (c.rotate) {
        int n = p.corners();
        int k = ((*c.rotate % n) + n) % n;
        std::rotate(p.vertices.begin(), p.vertices.begin() + k, p.vertices.begin() + n);
      }
    }
  }).doc;
  return out;
}

MeshSphere boundingSphere(const std::vector<Vec3s>& vertices) {
  if (vertices.empty()) return {};
  const BoundingBox b = boundingBox(vertices);
  MeshSphere s;
  s.center = toStored((toV({b.minX, b.minY, b.minZ}) + toV({b.maxX, b.maxY, b.maxZ})) * 0.5);
  double r = 0;
  for (const auto& p : vertices) r = std::max(r, length(toV(p) - toV(s.center)));
  s.radius = static_cast<std::uint16_t>(std::min(65535.0, std::ceil(r)));
  return s;
}

BoundingBox boundingBox(const std::vector<Vec3s>& vertices) {
  BoundingBox b;
  if (vertices.empty()) return b;
  b = {vertices[0].x, vertices[0].x, vertices[0].y, vertices[0].y, vertices[0].z, vertices[0].z};
  for (const auto& p : vertices) {
    b.minX = std::min(b.minX, p.x), b.maxX = std::max(b.maxX, p.x);
    b.minY = std::min(b.minY, p.y), b.maxY = std::max(b.maxY, p.y);
    b.minZ = std::min(b.minZ, p.z), b.maxZ = std::max(b.maxZ, p.z);
  }
  return b;
}

Edited recomputeSphere(const Document& d, const ObjectRef& object, std::optional<std::size_t> mesh) {
  return changeMeshes(d, targetEntries(ObjectView(objectsOf(d)), object, mesh), [](Mesh& m) {
    auto s = boundingSphere(m.vertices);
    m.center = s.center;
    m.radius = s.radius;
  });
}

Edited recomputeStaticBoxes(const Document& d, std::uint32_t staticSlot) {
  ObjectView v(objectsOf(d));
  std::size_t si = staticIndex(v, staticSlot);
  std::size_t entry = meshEntryOf(v, {ObjectKind::Static, staticSlot}, 0);
  const BoundingBox b = boundingBox((*v.tables().meshes)[entry].mesh->vertices);
  return {editDocument(d, [&](Draft& e) {
    auto& s = e.statics.edit()[si];
    s.visibility = b;
    s.collision = b;
  })};
}

std::vector<std::string> meshUsers(const ObjectView& v, std::size_t entry) {
  std::vector<std::string> out;
  for (std::size_t m : v.movablesUsingMesh(static_cast<long>(entry)))
    out.push_back("movable " + std::to_string((*v.tables().movables)[m].objectId));
  for (std::size_t s : v.staticsUsingMesh(static_cast<long>(entry)))
    out.push_back("static " + std::to_string((*v.tables().statics)[s].objectId));
  return out;
}

}  // namespace wadsmith::ops
