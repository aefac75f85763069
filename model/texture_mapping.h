// Which corner of a WAD texture sample each polygon vertex takes. A sample is a rectangle;
// the texture word picks how it lies on the face: quads are mapped NW, NE, SE, SW in vertex
// order, mirrored left-right when flipped; triangles use three corners, the right angle at
// the corner named by bits 12-14 (0, 2, 4, 6), mirrored when flipped. The table matches how
// the TRLE level compiler turns WAD faces into level texture corners (checked against
// TEST1.TR4 and tut1.WAD by tests/model/texture_mapping_test.cpp).
#pragma once
#include <array>
#include <cstdint>
#include <optional>

#include "model/texture.h"

namespace wadsmith {

enum class SampleCorner : std::uint8_t { NW, NE, SE, SW };

struct FaceMapping {
  bool flipped = false;
  std::uint8_t corner = 0;  // triangles: 0, 2, 4 or 6
  friend bool operator==(const FaceMapping&, const FaceMapping&) = default;
};

// The sample corner of each vertex (3 used for triangles). Corner values other than
// 0/2/4/6 have no known meaning: nullopt.
std::optional<std::array<SampleCorner, 4>> faceCorners(bool quad, const FaceMapping& m);

// Every mapping the format can express for the shape (2 for quads, 8 for triangles).
std::array<FaceMapping, 8> triangleMappings();
std::array<FaceMapping, 2> quadMappings();

// The texel of a sample at a corner (inclusive pixel coordinates in its page).
inline std::array<int, 2> cornerTexel(const TextureSample& s, SampleCorner c) {
  int x = s.x + (c == SampleCorner::NE || c == SampleCorner::SE ? s.width() - 1 : 0);
  int y = s.y + (c == SampleCorner::SE || c == SampleCorner::SW ? s.height() - 1 : 0);
  return {x, y};
}

}  // namespace wadsmith
