#include "model/texture_mapping.h"

namespace wadsmith {

namespace {
using C = SampleCorner;
// [corner / 2][flipped]: the corners of vertices 0, 1, 2. The right angle sits at vertex 0.
constexpr C kTriangle[4][2][3] = {
    {{C::NW, C::NE, C::SW}, {C::NE, C::NW, C::SE}},
    {{C::NE, C::SE, C::NW}, {C::NW, C::SW, C::NE}},
    {{C::SE, C::SW, C::NE}, {C::SW, C::SE, C::NW}},
    {{C::SW, C::NW, C::SE}, {C::SE, C::NE, C::SW}},
};
}  // namespace

std::optional<std::array<SampleCorner, 4>> faceCorners(bool quad, const FaceMapping& m) {
  if (quad) {
    if (m.flipped) return std::array{C::NE, C::NW, C::SW, C::SE};
    return std::array{C::NW, C::NE, C::SE, C::SW};
  }
  if (m.corner % 2 || m.corner > 6) return std::nullopt;
  const auto& t = kTriangle[m.corner / 2][m.flipped ? 1 : 0];
  return std::array{t[0], t[1], t[2], C::NW};
}

std::array<FaceMapping, 8> triangleMappings() {
  std::array<FaceMapping, 8> out{};
  for (int i = 0; i < 8; ++i) out[i] = {i % 2 == 1, static_cast<std::uint8_t>((i / 2) * 2)};
  return out;
}

std::array<FaceMapping, 2> quadMappings() { return {FaceMapping{false, 0}, FaceMapping{true, 0}}; }

}  // namespace wadsmith
