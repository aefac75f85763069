#include "model/wad2/write_back_mesh.h"

#include <algorithm>
#include <cmath>
#include <optional>

#include "model/wad2/list_pairs.h"

namespace wadsmith::wad2::detail {
namespace {

std::unordered_map<Id, const Texture*> pagesOf(const Document& d) {
  std::unordered_map<Id, const Texture*> out;
  for (const auto& t : d.textures)
    if (t) out[t->id] = t.get();
  return out;
}

// The rectangle a face's corners span on its page, from its top left pixel.
struct Rect {
  std::int64_t x0 = 0, y0 = 0, x1 = 0, y1 = 0;
};
Rect rectOf(const Polygon& p, const Texture& t) {
  float u0 = p.uv[0].x, u1 = u0, v0 = p.uv[0].y, v1 = v0;
  for (int i = 1; i < p.corners(); ++i) {
    const auto& c = p.uv[static_cast<std::size_t>(i)];
    u0 = std::min(u0, c.x), u1 = std::max(u1, c.x), v0 = std::min(v0, c.y), v1 = std::max(v1, c.y);
  }
  const auto at = [](float v, std::int64_t n) { return std::clamp<std::int64_t>(static_cast<std::int64_t>(v), 0, n); };
  const Rect r{at(std::floor(u0), t.width), at(std::floor(v0), t.height), at(std::ceil(u1), t.width), at(std::ceil(v1), t.height)};
  return {r.x0, r.y0, std::max(r.x1, std::min(r.x0 + 1, t.width)), std::max(r.y1, std::min(r.y0 + 1, t.height))};
}

// O's corners are W's, maybe starting at another corner (the conversion turns some faces).
bool sameCorners(const Polygon& w, const Polygon& o) {
  if (w.quad != o.quad) return false;
  const int n = w.corners();
  for (int r = 0; r < n; ++r) {
    bool all = true;
    for (int k = 0; k < n && all; ++k) all = w.vertices[static_cast<std::size_t>(k)] == o.vertices[static_cast<std::size_t>((k + r) % n)];
    if (all) return true;
  }
  return false;
}

// O's face for each of W's, when W's vertices and faces line up with O's: the conversion keeps
// their order and count, a double-sided face followed by its back face (or not doubled).
std::optional<std::vector<std::size_t>> faceMap(const Mesh& w, const Mesh& o) {
  if (w.positions.size() != o.positions.size()) return std::nullopt;
  for (std::size_t i = 0; i < w.positions.size(); ++i) {
    const auto& a = w.positions[i];
    const auto& b = o.positions[i];
    if (std::fabs(a.x - b.x) > 1 || std::fabs(a.y - b.y) > 1 || std::fabs(a.z - b.z) > 1) return std::nullopt;
  }
  for (const bool doubled : {true, false}) {
    std::vector<std::size_t> out;
    std::size_t j = 0;
    for (const auto& p : w.polygons) {
      if (j >= o.polygons.size() || !sameCorners(p, o.polygons[j])) break;
      out.push_back(j);
      j += doubled && p.doubleSided ? 2 : 1;
    }
    if (out.size() == w.polygons.size() && j == o.polygons.size()) return out;
  }
  return std::nullopt;
}

// The per-vertex lists along one pairing of O's vertices with N's (a vertex: its position,
// normal and colour). A list of W that O and N do not have (shades, attributes, weights) keeps
// its paired elements, new vertices taking the default.
void vertices(Mesh& m, const Mesh& o, const Mesh& n) {
  const auto same = [](const std::vector<Vec3>& a, std::size_t k, const std::vector<Vec3>& b, std::size_t j) {
    return (k < a.size()) == (j < b.size()) && (k >= a.size() || a[k] == b[j]);
  };
  const auto pairs = pairUp(o.positions.size(), n.positions.size(), [&](std::size_t k, std::size_t j) {
    return same(o.positions, k, n.positions, j) && same(o.normals, k, n.normals, j) && same(o.colors, k, n.colors, j);
  });
  const std::size_t count = n.positions.size();
  const auto follow = [&](std::vector<Vec3>& w, const std::vector<Vec3>& ow, const std::vector<Vec3>& nw) {
    if (ow == nw) return;
    if (w.size() != pairs.size() || ow.size() != pairs.size() || nw.size() != count) {
      w = nw;
      return;
    }
    w = alongN(w, pairs, count, [&](Vec3& x, std::size_t k, std::size_t j) { pick(x, ow[k], nw[j]); },
               [&](std::size_t j) { return nw[j]; });
  };
  follow(m.positions, o.positions, n.positions);
  follow(m.normals, o.normals, n.normals);
  follow(m.colors, o.colors, n.colors);
  const auto keep = [&](auto& w) {
    using T = typename std::decay_t<decltype(w)>::value_type;
    if (w.size() == pairs.size() && count != pairs.size())
      w = alongN(w, pairs, count, [](T&, std::size_t, std::size_t) {}, [](std::size_t) { return T{}; });
  };
  keep(m.shades), keep(m.attributes);
  if (m.weights) keep(*m.weights);
}

}  // namespace

MeshSplice::MeshSplice(const Document& o, const Document& n) : o_(pagesOf(o)), n_(pagesOf(n)) {
  for (const auto& [id, page] : o_)
    if (auto it = n_.find(id); it != n_.end() && !(page->pixels == it->second->pixels)) changed_.insert(id);
}

// O's face and N's show the same pixels: on the same page at the same place (and the page
// unchanged there), or moved to another place or page by a merge repacking the pages.
bool MeshSplice::samePicture(const Polygon& o, const Polygon& n) const {
  if (!o.texture.isRecord() || !n.texture.isRecord()) return o.texture == n.texture && o.uv == n.uv;
  if (o.texture == n.texture && o.uv == n.uv && !changed_.count(n.texture.id)) return true;
  const auto a = o_.find(o.texture.id), b = n_.find(n.texture.id);
  if (a == o_.end() || b == n_.end()) return false;
  const Texture& x = *a->second;
  const Texture& y = *b->second;
  const Rect r = rectOf(o, x), q = rectOf(n, y);
  if (r.x1 - r.x0 != q.x1 - q.x0 || r.y1 - r.y0 != q.y1 - q.y0) return false;
  for (int i = 0; i < o.corners(); ++i) {
    const auto& c = o.uv[static_cast<std::size_t>(i)];
    const auto& d = n.uv[static_cast<std::size_t>(i)];
    if (c.x - float(r.x0) != d.x - float(q.x0) || c.y - float(r.y0) != d.y - float(q.y0)) return false;
  }
  const auto rowX = static_cast<std::size_t>(x.width) * 4, rowY = static_cast<std::size_t>(y.width) * 4;
  if (x.pixels.size() < rowX * static_cast<std::size_t>(x.height) || y.pixels.size() < rowY * static_cast<std::size_t>(y.height))
    return false;
  const auto width = static_cast<std::size_t>(r.x1 - r.x0) * 4;
  for (std::int64_t k = 0; k < r.y1 - r.y0; ++k) {
    const auto from = x.pixels.begin() + static_cast<long>(static_cast<std::size_t>(r.y0 + k) * rowX + static_cast<std::size_t>(r.x0) * 4);
    const auto to = y.pixels.begin() + static_cast<long>(static_cast<std::size_t>(q.y0 + k) * rowY + static_cast<std::size_t>(q.x0) * 4);
    if (!std::equal(from, from + static_cast<long>(width), to)) return false;
  }
  return true;
}

bool MeshSplice::repainted(const std::vector<Shared<Mesh>>& meshes) const {
  for (const auto& m : meshes)
    if (m)
      for (const auto& p : m->polygons)
        if (repainted(p)) return true;
  return false;
}

Shared<Mesh> MeshSplice::mesh(const Shared<Mesh>& w, const Shared<Mesh>& o, const Shared<Mesh>& n) const {
  if (!o || !n) return w;
  if (samePart(o, n) && !repainted({o})) return w;
  const auto faces = w ? faceMap(*w, *o) : std::nullopt;
  if (!faces) return n;
  Mesh m = *w;
  pick(m.sphereCenter, o->sphereCenter, n->sphereCenter), pick(m.sphereRadius, o->sphereRadius, n->sphereRadius);
  pick(m.boxMin, o->boxMin, n->boxMin), pick(m.boxMax, o->boxMax, n->boxMax);
  vertices(m, *o, *n);
  pick(m.lightingType, o->lightingType, n->lightingType);
  m.polygons = polygons(*w, *faces, *o, *n);
  return share<Mesh>(std::move(m));
}

// W's faces in N's order: each whose O face (and back face, when doubled) is paired with N's
// keeps its bytes where O and N agree; N's new faces, and those of a W face only half paired,
// come from N.
std::vector<Polygon> MeshSplice::polygons(const Mesh& w, const std::vector<std::size_t>& faces, const Mesh& o, const Mesh& n) const {
  const auto& op = o.polygons;
  const auto& np = n.polygons;
  const auto pairs = pairUp(op.size(), np.size(), [&](std::size_t k, std::size_t j) {
    const Polygon& a = op[k];
    const Polygon& b = np[j];
    return a.quad == b.quad && a.vertices == b.vertices && a.shine == b.shine && a.blendMode == b.blendMode &&
           a.doubleSided == b.doubleSided && samePicture(a, b);
  });
  std::vector<std::optional<std::size_t>> owner(op.size()), from(np.size());
  std::vector<bool> back(op.size()), kept(faces.size());
  for (std::size_t i = 0; i < faces.size(); ++i) {
    const std::size_t end = i + 1 < faces.size() ? faces[i + 1] : op.size();
    for (std::size_t k = faces[i]; k < end; ++k) owner[k] = i, back[k] = k != faces[i];
    kept[i] = true;
    for (std::size_t k = faces[i]; k < end; ++k) kept[i] = kept[i] && pairs[k];
  }
  for (std::size_t k = 0; k < op.size(); ++k)
    if (pairs[k]) from[*pairs[k]] = k;
  std::vector<Polygon> out;
  for (std::size_t j = 0; j < np.size(); ++j) {
    const auto k = from[j];
    const auto i = k ? owner[*k] : std::nullopt;
    if (!i || !kept[*i]) {
      out.push_back(np[j]);
    } else if (!back[*k]) {
      out.push_back(w.polygons[*i]);
      polygon(out.back(), op[*k], np[j]);
    }
  }
  return out;
}

void MeshSplice::polygon(Polygon& w, const Polygon& o, const Polygon& n) const {
  const bool picture = samePicture(o, n);
  if (o == n && picture) return;
  pick(w.quad, o.quad, n.quad), pick(w.vertices, o.vertices, n.vertices);
  pick(w.shine, o.shine, n.shine), pick(w.blendMode, o.blendMode, n.blendMode);
  pick(w.doubleSided, o.doubleSided, n.doubleSided);
  if (!picture) {
    w.texture = n.texture, w.uv = n.uv, w.version = n.version, w.vertices = n.vertices;  // N's corners with N's uv
    w.parentStart = n.parentStart, w.parentEnd = n.parentEnd;
  }
}

}  // namespace wadsmith::wad2::detail
