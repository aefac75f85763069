#include "io/tr4_mesh.h"
#include "io/vec_io.h"

namespace wadsmith {
namespace {
void readFaces(ByteReader& r, Mesh& m, bool quads) {
  const int corners = quads ? 4 : 3;
  std::size_t n = r.count(r.u16(), quads ? 12 : 10, quads ? "quad" : "triangle");
  m.polygons.reserve(m.polygons.size() + n + (quads ? 8 : 0));
  for (std::size_t i = 0; i < n; ++i) {
    Polygon p;
    p.quad = quads;
    for (int c = 0; c < corners; ++c) p.vertices[c] = r.u16();
    p.texture = r.u16();
    // The effects word's low byte has the WAD attribute bits (translucency, shine, strength).
    p.attributes = r.u8();
    p.unknown = r.u8();
    m.polygons.push_back(p);
  }
}
void writeFaces(ByteWriter& w, const Mesh& m, bool quads) {
  int n = quads ? m.quadCount() : static_cast<int>(m.polygons.size()) - m.quadCount();
  w.u16(static_cast<std::uint16_t>(n));
  for (const auto& p : m.polygons) {
    if (p.quad != quads) continue;
    for (int c = 0; c < p.corners(); ++c) w.u16(p.vertices[c]);
    w.u16(p.texture);
    w.u8(p.attributes);
    w.u8(p.unknown);
  }
}
}  // namespace

Mesh readLevelMesh(ByteReader& r) {
  const std::size_t start = r.pos();
  Mesh m;
  m.center = readVec3s(r);
  // The level stores the radius as s32; its halves map onto the WAD's radius and sphere word.
  m.radius = r.u16();
  m.sphereUnknown = r.u16();
  m.vertices.resize(r.count(r.u16(), 6, "vertex"));
  for (auto& v : m.vertices) v = readVec3s(r);
  std::int16_t lighting = r.i16();
  if (lighting > 0) {
    m.normals.resize(r.count(static_cast<std::uint32_t>(lighting), 6, "normal"));
    for (auto& n : m.normals) n = readVec3s(r);
  } else if (lighting < 0) {
    m.shades.resize(r.count(static_cast<std::uint32_t>(-lighting), 2, "light"));
    for (auto& s : m.shades) s = r.i16();
  }
  readFaces(r, m, true);
  readFaces(r, m, false);
  if ((r.pos() - start) % 4) m.padding = r.u16();  // the filler that aligns the next mesh
  return m;
}

void writeLevelMesh(ByteWriter& w, const Mesh& m) {
  const std::size_t start = w.pos();
  writeVec3s(w, m.center);
  w.u16(m.radius);
  w.u16(m.sphereUnknown);
  w.u16(static_cast<std::uint16_t>(m.vertices.size()));
  for (const auto& v : m.vertices) writeVec3s(w, v);
  if (!m.normals.empty()) {
    w.i16(static_cast<std::int16_t>(m.normals.size()));
    for (const auto& n : m.normals) writeVec3s(w, n);
  } else {
    w.i16(static_cast<std::int16_t>(-static_cast<int>(m.shades.size())));
    for (auto s : m.shades) w.i16(s);
  }
  writeFaces(w, m, true);
  writeFaces(w, m, false);
  if ((w.pos() - start) % 4) w.u16(m.padding);
}

}  // namespace wadsmith
