// Three s16 coordinates (vertices, normals, offsets), read and written the same way everywhere.
#pragma once
#include "io/byte_reader.h"
#include "io/byte_writer.h"
#include "model/mesh.h"

namespace wadsmith {

inline Vec3s readVec3s(ByteReader& r) {
  Vec3s v;
  v.x = r.i16();
  v.y = r.i16();
  v.z = r.i16();
  return v;
}
inline void writeVec3s(ByteWriter& w, const Vec3s& v) {
  w.i16(v.x);
  w.i16(v.y);
  w.i16(v.z);
}

}  // namespace wadsmith
