// The part of a mesh the WAD and a TR4 level store alike: bounding sphere, vertices, and the
// normals or shades (a positive count = normals, a negative one = shades). The faces that
// follow differ per format (io/wad_mesh.cpp, io/level_mesh.cpp).
#pragma once
#include "io/vec_io.h"

namespace wadsmith {

inline void readMeshBody(ByteReader& r, Mesh& m) {
  m.center = readVec3s(r);
  m.radius = r.u16();  // the level's s32 radius: low half here, high half in sphereUnknown
  m.sphereUnknown = r.u16();
  readS16Array(r, m.vertices, r.count(r.u16(), 6, "vertex"));
  std::int16_t lighting = r.i16();
  if (lighting > 0)
    readS16Array(r, m.normals, r.count(static_cast<std::uint32_t>(lighting), 6, "normal"));
  else if (lighting < 0)
    readS16Array(r, m.shades, r.count(static_cast<std::uint32_t>(-lighting), 2, "shade"));
}

inline void writeMeshBody(ByteWriter& w, const Mesh& m) {
  writeVec3s(w, m.center);
  w.u16(m.radius);
  w.u16(m.sphereUnknown);
  w.u16(static_cast<std::uint16_t>(m.vertices.size()));
  writeS16Array(w, m.vertices);
  if (!m.normals.empty()) {
    w.i16(static_cast<std::int16_t>(m.normals.size()));
    writeS16Array(w, m.normals);
  } else {
    w.i16(static_cast<std::int16_t>(-static_cast<int>(m.shades.size())));
    writeS16Array(w, m.shades);
  }
}

}  // namespace wadsmith
