// A mesh as both file kinds store it: bounding sphere, vertices, normals or shades, faces.
// The WAD keeps triangles and quads in one polygon list; a TR4/5 level stores quads first, then
// triangles (TR1-3: textured quads and triangles, then coloured ones). Everything the formats leave undefined (the sphere's second word, the padding
// word) is kept so a mesh re-encodes to the bytes it was read from.
#pragma once
#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "model/refs.h"

namespace wadsmith {

struct Vec3s {
  std::int16_t x = 0, y = 0, z = 0;
  friend bool operator==(const Vec3s&, const Vec3s&) = default;
};

struct Polygon {
  bool quad = false;
  std::array<std::uint16_t, 4> vertices{};  // [3] unused for triangles (kept 0)
  // WAD: triangles: bit 15 flip, bits 12-14 corner, bits 0-11 sample; quads: signed sample
  // index, negative = flipped. Level: object texture index (bit 15: double sided).
  std::uint16_t texture = 0;
  // Bit 0 additive translucency, bit 1 shine, bits 2-6 (level: 2-7) shine strength.
  std::uint8_t attributes = 0;
  std::uint8_t unknown = 0;  // the WAD's second attribute byte / the level's effects high byte
  // TR1-3 levels: a coloured face, whose texture word holds palette indices (low byte: the
  // 8-bit palette; high byte: the 16-bit palette, TR2/3). Such meshes list their textured
  // quads, textured triangles, coloured quads, then coloured triangles, and no attributes.
  bool coloured = false;
  int corners() const { return quad ? 4 : 3; }
  friend bool operator==(const Polygon&, const Polygon&) = default;
};

namespace attr {
constexpr std::uint8_t kTranslucent = 0x01;
constexpr std::uint8_t kShine = 0x02;
inline int intensity(std::uint8_t a) { return (a >> 2) & 0x1F; }
}  // namespace attr

struct Mesh {
  Vec3s center;
  std::uint16_t radius = 0;
  std::uint16_t sphereUnknown = 0;  // WAD: 0 or 1; level: high half of the s32 radius
  std::vector<Vec3s> vertices;
  // At most one of the two is non-empty: normals (movables) or shades (statics). Their count
  // need not equal the vertex count.
  std::vector<Vec3s> normals;
  std::vector<std::int16_t> shades;
  std::vector<Polygon> polygons;
  std::uint16_t padding = 0;  // the alignment word when the format writes one (often junk)

  bool usesShades() const { return normals.empty() && !shades.empty(); }
  int quadCount() const { return static_cast<int>(std::ranges::count(polygons, true, &Polygon::quad)); }
  friend bool operator==(const Mesh&, const Mesh&) = default;
};

// One entry of a mesh package: a parsed mesh, or bytes nothing could parse (kept verbatim).
struct MeshEntry {
  Id id = 0;
  Shared<Mesh> mesh;                     // set for a parsed mesh
  Shared<std::vector<std::uint8_t>> gap;  // set for unparsed bytes
};

}  // namespace wadsmith
