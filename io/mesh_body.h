// The part of a mesh the WAD and the levels store alike: bounding sphere, vertices, and the
// normals or shades (a positive count = normals, a negative one = shades). The faces that
// follow differ per format (io/wad_mesh.cpp, io/level_mesh.cpp).
#pragma once
#include <bit>
#include <cstring>
#include <type_traits>
#include <vector>

#include "io/byte_reader.h"
#include "io/byte_writer.h"
#include "io/table_io.h"
#include "model/mesh.h"

namespace wadsmith {

// Arrays of s16 triples or of s16s (vertices, normals, shades): one bounds check and,
// on little-endian hosts, one copy for the whole array.
template <class T>
void readS16Array(ByteReader& r, std::vector<T>& out, std::size_t n) {
  static_assert(sizeof(T) % 2 == 0 && std::is_trivially_copyable_v<T>);
  const auto bytes = r.bytes(n * sizeof(T));
  out.resize(n);
  if constexpr (std::endian::native == std::endian::little) {
    if (n) std::memcpy(out.data(), bytes.data(), bytes.size());
  } else {
    auto* words = reinterpret_cast<std::int16_t*>(out.data());
    for (std::size_t i = 0; i < bytes.size() / 2; ++i) words[i] = static_cast<std::int16_t>(bytes[2 * i] | (bytes[2 * i + 1] << 8));
  }
}
template <class T>
void writeS16Array(ByteWriter& w, const std::vector<T>& v) {
  static_assert(sizeof(T) % 2 == 0 && std::is_trivially_copyable_v<T>);
  appendWords<std::int16_t>(w, {reinterpret_cast<const std::int16_t*>(v.data()), v.size() * sizeof(T) / 2});
}
static_assert(sizeof(Vec3s) == 6, "Vec3s is read and written as three packed s16s");

inline void readMeshBody(ByteReader& r, Mesh& m) {
  m.center = {r.i16(), r.i16(), r.i16()};  // braces read in order
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
  for (auto v : {m.center.x, m.center.y, m.center.z}) w.i16(v);
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
