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
    const std::size_t at = r.pos();
    const std::uint16_t shape = r.u16();
    if (shape != kTriangle && shape != kQuad)
      r.fail("polygon " + std::to_string(i) + " has shape " + std::to_string(shape) + " (expected 8 or 9)", at);
    p.quad = shape == kQuad;
    quads += p.quad;
    const auto* b = r.bytes(p.quad ? 12 : 10).data();  // the corners, the texture, two bytes: one check
    auto word = [&b] {
      const auto v = static_cast<std::uint16_t>(b[0] | (b[1] << 8));
      b += 2;
      return v;
    };
    for (int c = 0; c < p.corners(); ++c) p.vertices[c] = word();
    p.texture = word();
    p.attributes = b[0];
    p.unknown = b[1];
  }
  if (quads % 2) m.padding = r.u16();
  return m;
}

void writeWadMesh(ByteWriter& w, const Mesh& m) {
  writeMeshBody(w, m);
  w.u16(static_cast<std::uint16_t>(m.polygons.size()));
  const std::size_t quads = m.quadCount();
  std::uint8_t* out = w.extend(12 * m.polygons.size() + 2 * quads);  // shape, corners, texture, two bytes
  for (const auto& p : m.polygons) {
    ByteWriter::store16(out, p.quad ? kQuad : kTriangle);
    for (int c = 0; c < p.corners(); ++c) ByteWriter::store16(out, p.vertices[c]);
    ByteWriter::store16(out, p.texture);
    *out++ = p.attributes;
    *out++ = p.unknown;
  }
  if (quads % 2) w.u16(m.padding);
}

}  // namespace wadsmith
