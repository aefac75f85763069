// Three s16 coordinates (vertices, normals, offsets), read and written the same way everywhere.
#pragma once
#include <bit>
#include <cstring>
#include <type_traits>
#include <vector>

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

// Arrays of s16 triples or of s16s (a mesh's vertices, normals, shades): one bounds check and,
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
  const auto* p = reinterpret_cast<const std::uint8_t*>(v.data());
  if constexpr (std::endian::native == std::endian::little) {
    w.bytes({p, v.size() * sizeof(T)});
  } else {
    std::uint8_t* out = w.extend(v.size() * sizeof(T));
    const auto* words = reinterpret_cast<const std::uint16_t*>(p);
    for (std::size_t i = 0; i < v.size() * sizeof(T) / 2; ++i) ByteWriter::store16(out, words[i]);
  }
}
static_assert(sizeof(Vec3s) == 6, "Vec3s is read and written as three packed s16s");

}  // namespace wadsmith
