#include "io/tr4_mesh.h"
#include "io/mesh_body.h"

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
  readMeshBody(r, m);
  readFaces(r, m, true);
  readFaces(r, m, false);
  if ((r.pos() - start) % 4) m.padding = r.u16();  // the filler that aligns the next mesh
  return m;
}

void writeLevelMesh(ByteWriter& w, const Mesh& m) {
  const std::size_t start = w.pos();
  writeMeshBody(w, m);
  writeFaces(w, m, true);
  writeFaces(w, m, false);
  if ((w.pos() - start) % 4) w.u16(m.padding);
}

}  // namespace wadsmith
