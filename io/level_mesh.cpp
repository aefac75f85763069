#include "io/level_mesh.h"

#include <algorithm>
#include <span>

#include "io/mesh_body.h"

namespace wadsmith {
namespace {

struct FaceGroup {
  bool quad, coloured;
  const char* what;
};
constexpr FaceGroup kClassicGroups[] = {{true, false, "textured quad"}, {false, false, "textured triangle"},
                                        {true, true, "coloured quad"},  {false, true, "coloured triangle"}};
constexpr FaceGroup kTr4Groups[] = {{true, false, "quad"}, {false, false, "triangle"}};

// `effects`: TR4/TR5 faces, with an effects word and no coloured group (a face's shape alone
// says its group).
Mesh readMesh(ByteReader& r, std::span<const FaceGroup> groups, bool effects) {
  const std::size_t start = r.pos();
  Mesh m;
  readMeshBody(r, m);
  for (const auto& g : groups) {
    const int corners = g.quad ? 4 : 3;
    const std::size_t n = r.count(r.u16(), 2 * corners + (effects ? 4 : 2), g.what);
    m.polygons.reserve(m.polygons.size() + n + (g.quad ? 8 : 0));
    for (std::size_t i = 0; i < n; ++i) {
      Polygon& p = m.polygons.emplace_back();
      p.quad = g.quad;
      p.coloured = g.coloured;
      for (int c = 0; c < corners; ++c) p.vertices[c] = r.u16();
      p.texture = r.u16();
      if (!effects) continue;
      // The effects word's low byte has the WAD attribute bits (translucency, shine, strength).
      p.attributes = r.u8();
      p.unknown = r.u8();
    }
  }
  if ((r.pos() - start) % 4) m.padding = r.u16();  // the filler that aligns the next mesh
  return m;
}

void writeMesh(ByteWriter& w, const Mesh& m, std::span<const FaceGroup> groups, bool effects) {
  const std::size_t start = w.pos();
  writeMeshBody(w, m);
  for (const auto& g : groups) {
    auto inGroup = [&](const Polygon& p) { return p.quad == g.quad && (effects || p.coloured == g.coloured); };
    w.u16(static_cast<std::uint16_t>(std::count_if(m.polygons.begin(), m.polygons.end(), inGroup)));
    for (const auto& p : m.polygons) {
      if (!inGroup(p)) continue;
      for (int c = 0; c < p.corners(); ++c) w.u16(p.vertices[c]);
      w.u16(p.texture);
      if (effects) w.u8(p.attributes), w.u8(p.unknown);
    }
  }
  if ((w.pos() - start) % 4) w.u16(m.padding);
}

}  // namespace

Mesh readClassicMesh(ByteReader& r) { return readMesh(r, kClassicGroups, false); }
void writeClassicMesh(ByteWriter& w, const Mesh& m) { writeMesh(w, m, kClassicGroups, false); }
Mesh readLevelMesh(ByteReader& r) { return readMesh(r, kTr4Groups, true); }
void writeLevelMesh(ByteWriter& w, const Mesh& m) { writeMesh(w, m, kTr4Groups, true); }

}  // namespace wadsmith
