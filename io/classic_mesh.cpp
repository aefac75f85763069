#include "io/classic_mesh.h"

#include "io/mesh_body.h"

namespace wadsmith {
namespace {

constexpr struct {
  bool quad, coloured;
  const char* what;
} kGroups[] = {{true, false, "textured quad"}, {false, false, "textured triangle"},
               {true, true, "coloured quad"},  {false, true, "coloured triangle"}};

}  // namespace

Mesh readClassicMesh(ByteReader& r) {
  const std::size_t start = r.pos();
  Mesh m;
  readMeshBody(r, m);
  for (const auto& g : kGroups) {
    const int corners = g.quad ? 4 : 3;
    const std::size_t n = r.count(r.u16(), 2 * corners + 2, g.what);
    for (std::size_t i = 0; i < n; ++i) {
      Polygon p;
      p.quad = g.quad;
      p.coloured = g.coloured;
      for (int c = 0; c < corners; ++c) p.vertices[c] = r.u16();
      p.texture = r.u16();
      m.polygons.push_back(p);
    }
  }
  if ((r.pos() - start) % 4) m.padding = r.u16();  // the filler that aligns the next mesh
  return m;
}

void writeClassicMesh(ByteWriter& w, const Mesh& m) {
  const std::size_t start = w.pos();
  writeMeshBody(w, m);
  for (const auto& g : kGroups) {
    std::size_t n = 0;
    for (const auto& p : m.polygons) n += p.quad == g.quad && p.coloured == g.coloured;
    w.u16(static_cast<std::uint16_t>(n));
    for (const auto& p : m.polygons) {
      if (p.quad != g.quad || p.coloured != g.coloured) continue;
      for (int c = 0; c < p.corners(); ++c) w.u16(p.vertices[c]);
      w.u16(p.texture);
    }
  }
  if ((w.pos() - start) % 4) w.u16(m.padding);
}

}  // namespace wadsmith
