#include "io/wad_mesh.h"

#include <string>
#include "io/mesh_body.h"

namespace wadsmith {
namespace {
constexpr std::uint16_t kTriangle = 8;
constexpr std::uint16_t kQuad = 9;

}  // namespace

Mesh readWadMesh(ByteReader& r) {
  Mesh m;
  readMeshBody(r, m);
  std::size_t np = r.count(r.u16(), 12, "polygon");
  m.polygons.resize(np);
  int quads = 0;
  for (std::size_t i = 0; i < np; ++i) {
    Polygon& p = m.polygons[i];
    std::size_t at = r.pos();
    std::uint16_t shape = r.u16();
    if (shape != kTriangle && shape != kQuad)
      r.fail("polygon " + std::to_string(i) + " has shape " + std::to_string(shape) + " (expected 8 or 9)", at);
    p.quad = shape == kQuad;
    quads += p.quad;
    for (int c = 0; c < p.corners(); ++c) p.vertices[c] = r.u16();
    p.texture = r.u16();
    p.attributes = r.u8();
    p.unknown = r.u8();
  }
  if (quads % 2) m.padding = r.u16();
  return m;
}

void writeWadMesh(ByteWriter& w, const Mesh& m) {
  writeMeshBody(w, m);
  w.u16(static_cast<std::uint16_t>(m.polygons.size()));
  for (const auto& p : m.polygons) {
    w.u16(p.quad ? kQuad : kTriangle);
    for (int c = 0; c < p.corners(); ++c) w.u16(p.vertices[c]);
    w.u16(p.texture);
    w.u8(p.attributes);
    w.u8(p.unknown);
  }
  if (m.quadCount() % 2) w.u16(m.padding);
}

}  // namespace wadsmith
