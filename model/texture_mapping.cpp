#include "model/texture_mapping.h"

#include "model/texture_word.h"

namespace wadsmith {

std::array<int, 4> wadFaceCorners(const Polygon& p) {
  auto t = WadTextureWord::decode(p.texture, p.quad);
  std::array<int, 4> c{};
  if (p.quad) {
    c = {kTopLeft, kTopRight, kBottomRight, kBottomLeft};
  } else {
    int s = (t.corner / 2) & 3;  // 0, 2, 4, 6 -> corner 0-3
    c = {s, (s + 1) & 3, (s + 3) & 3, 0};
  }
  if (t.flipped)  // mirror left-right: TL <-> TR, BL <-> BR
    for (int i = 0; i < p.corners(); ++i) c[i] = c[i] ^ 1;
  return c;
}

std::array<Texel, 4> wadFaceUVs(const Polygon& p, const TextureSample& s) {
  const float x0 = s.x, y0 = s.y, x1 = float(s.x) + s.width(), y1 = float(s.y) + s.height();
  const Texel corner[4] = {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}};
  auto c = wadFaceCorners(p);
  std::array<Texel, 4> out{};
  for (int i = 0; i < p.corners(); ++i) out[i] = corner[c[i]];
  return out;
}

std::array<std::array<int, 2>, 4> wadFaceCornerPixels(const Polygon& p, const TextureSample& s) {
  const int x0 = s.x, y0 = s.y, x1 = s.x + s.width() - 1, y1 = s.y + s.height() - 1;
  const std::array<int, 2> corner[4] = {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}};
  auto c = wadFaceCorners(p);
  std::array<std::array<int, 2>, 4> out{};
  for (int i = 0; i < p.corners(); ++i) out[i] = corner[c[i]];
  return out;
}

std::array<Texel, 4> objectTextureUVs(const ObjectTexture& t) {
  std::array<Texel, 4> out{};
  for (int i = 0; i < 4; ++i)
    out[i] = {t.corners[i].xPixel + t.corners[i].xFraction / 256.0f, t.corners[i].yPixel + t.corners[i].yFraction / 256.0f};
  return out;
}

}  // namespace wadsmith
