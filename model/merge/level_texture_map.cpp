#include "model/merge/level_texture_map.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "model/texture_mapping.h"
#include "model/texture_word.h"

namespace wadsmith::merge {

namespace {

constexpr std::size_t kTileBytes = std::size_t{kPageSize} * kPageSize * 4;

struct Uv {
  double u = 0, v = 0;
};
Uv uvOf(const ObjectTextureCorner& c) { return {c.xPixel + c.xFraction / 256.0, c.yPixel + c.yFraction / 256.0}; }

// TRLE puts corners on texel centres (fraction 0x7F); Tomb Editor on texel edges.
bool centred(std::uint8_t fraction) { return fraction >= 96 && fraction <= 160; }

bool east(int c) { return c == kTopRight || c == kBottomRight; }
bool south(int c) { return c == kBottomRight || c == kBottomLeft; }

std::vector<FaceMapping> mappingsFor(bool quad) {
  std::vector<FaceMapping> out;
  for (std::uint8_t corner = 0; corner < (quad ? 2 : 8); corner += 2)
    for (bool flipped : {false, true}) out.push_back({flipped, corner});
  return out;
}
// The sample corner each vertex takes under a mapping.
std::array<int, 4> cornersOf(bool quad, const FaceMapping& m) {
  Polygon p;
  p.quad = quad;
  // Sample 1: a flipped quad cannot name sample 0 (-0 is 0).
  p.texture = WadTextureWord{1, m.flipped, m.corner}.encode(quad);
  return wadFaceCorners(p);
}

struct Bounds {
  double umin = 0, umax = 0, vmin = 0, vmax = 0;
};

Bounds boundsOf(const ObjectTexture& t, int n) {
  Bounds b{1e9, -1e9, 1e9, -1e9};
  for (int k = 0; k < n; ++k) {
    Uv p = uvOf(t.corners[k]);
    b.umin = std::min(b.umin, p.u);
    b.umax = std::max(b.umax, p.u);
    b.vmin = std::min(b.vmin, p.v);
    b.vmax = std::max(b.vmax, p.v);
  }
  return b;
}

LevelTextureRect texelsOf(const ObjectTexture& t, int n) {
  Bounds b = boundsOf(t, n);
  int x0 = std::clamp(static_cast<int>(std::floor(b.umin)), 0, kPageSize - 1);
  int y0 = std::clamp(static_cast<int>(std::floor(b.vmin)), 0, kPageSize - 1);
  int x1 = std::clamp(static_cast<int>(std::ceil(b.umax)) - 1, x0, kPageSize - 1);
  int y1 = std::clamp(static_cast<int>(std::ceil(b.vmax)) - 1, y0, kPageSize - 1);
  return {t.tile(), x0, y0, x1 - x0 + 1, y1 - y0 + 1};
}

// Which side of the rectangle each corner is on (-1: the axis is one texel, either side).
void sidesOf(const ObjectTexture& t, int n, std::array<int, 4>& sx, std::array<int, 4>& sy) {
  const Bounds b = boundsOf(t, n);
  for (int k = 0; k < n; ++k) {
    Uv p = uvOf(t.corners[k]);
    sx[k] = b.umax - b.umin < 0.5 ? -1 : (p.u - b.umin <= b.umax - p.u ? 0 : 1);
    sy[k] = b.vmax - b.vmin < 0.5 ? -1 : (p.v - b.vmin <= b.vmax - p.v ? 0 : 1);
  }
}

}  // namespace

LevelTextureRect objectTextureTexels(const ObjectTexture& t) { return texelsOf(t, t.triangle() ? 3 : 4); }

TextureMapper::TextureMapper(const std::vector<ObjectTexture>& textures, std::span<const std::uint8_t> tiles)
    : samples{TextureSample{}}, textures_(textures), tiles_(tiles), byTexture_(textures.size()) {}

std::size_t TextureMapper::tileCount() const { return tiles_.size() / kTileBytes; }

std::array<std::uint8_t, 3> TextureMapper::texel(int tile, int x, int y) const {
  std::size_t at = static_cast<std::size_t>(tile) * kTileBytes + (static_cast<std::size_t>(y) * kPageSize + x) * 4;
  if (at + 4 > tiles_.size()) return {0, 0, 0};
  // ARGB little-endian: B, G, R, A. Transparent texels become the WAD's magenta.
  if (tiles_[at + 3] < 128) return {255, 0, 255};
  return {tiles_[at + 2], tiles_[at + 1], tiles_[at]};
}

std::uint16_t TextureMapper::sampleFor(LevelTextureRect r) {
  auto key = std::make_tuple(r.tile, r.x, r.y, r.width, r.height);
  if (auto it = sampleAt_.find(key); it != sampleAt_.end()) return it->second;
  TextureSample s = TextureSample::rect(r.tile, r.x, r.y, r.width, r.height);
  // Most samples of the original WADs store -1 in both flip bytes; the engine ignores them.
  s.flipX = s.flipY = -1;
  samples.push_back(s);
  return sampleAt_[key] = static_cast<std::uint16_t>(samples.size() - 1);
}

// The first rotation and WAD mapping that put every corner on its side of the rectangle (exact,
// graded later), else the one closest to the corners (approximated).
Mapping TextureMapper::closest(const ObjectTexture& t, int n, std::array<int, 4>& sx, std::array<int, 4>& sy) const {
  const bool quad = n == 4;
  const Bounds b = boundsOf(t, n);
  sidesOf(t, n, sx, sy);
  Mapping best;
  double bestCost = std::numeric_limits<double>::max();
  for (int r = 0; r < n; ++r)
    for (const auto& opt : mappingsFor(quad)) {
      auto corners = cornersOf(quad, opt);
      bool ok = true;
      double cost = 0;
      for (int j = 0; j < n; ++j) {
        int k = (j + r) % n;
        ok &= (sx[k] < 0 || sx[k] == (east(corners[j]) ? 1 : 0)) && (sy[k] < 0 || sy[k] == (south(corners[j]) ? 1 : 0));
        Uv p = uvOf(t.corners[k]);
        double du = p.u - (east(corners[j]) ? b.umax : b.umin), dv = p.v - (south(corners[j]) ? b.vmax : b.vmin);
        cost += du * du + dv * dv;
      }
      if (ok) return {opt, r, MappingQuality::Exact, 0};
      if (cost < bestCost) {
        bestCost = cost;
        best = {opt, r, MappingQuality::Approximated, 0};
      }
    }
  return best;
}

// Drops the copy of the edge texels TRLE adds around a sample (only where the corners on that
// side sit on texel centres, and the outer row or column repeats its neighbour).
bool TextureMapper::dropBorders(const ObjectTexture& t, int n, const std::array<int, 4>& sx, const std::array<int, 4>& sy,
                                LevelTextureRect& rect) const {
  auto sideCentred = [&](bool xAxis, int side) {
    bool any = false;
    for (int k = 0; k < n; ++k) {
      if ((xAxis ? sx[k] : sy[k]) != side) continue;
      any = true;
      if (!centred(xAxis ? t.corners[k].xFraction : t.corners[k].yFraction)) return false;
    }
    return any;
  };
  // Whether the texels of columns (rows) `a` and `b` match along the rectangle.
  auto sameLine = [&](int axis, int a, int b) {
    const int from = axis ? rect.x : rect.y, to = from + (axis ? rect.width : rect.height);
    for (int i = from; i < to; ++i)
      if (texel(rect.tile, axis ? i : a, axis ? a : i) != texel(rect.tile, axis ? i : b, axis ? b : i)) return false;
    return true;
  };
  bool dropped = false;
  for (int axis = 0; axis < 2; ++axis)  // x then y
    for (int side = 0; side < 2; ++side) {
      int& pos = axis ? rect.y : rect.x;
      int& len = axis ? rect.height : rect.width;
      if (len < 3 || !sideCentred(axis == 0, side)) continue;
      const int outer = side ? pos + len - 1 : pos, inner = side ? outer - 1 : outer + 1;
      if (!sameLine(axis, outer, inner)) continue;
      pos += side ? 0 : 1;
      --len;
      dropped = true;
    }
  return dropped;
}

// Graded by the texel under each level corner against the sample corner its vertex takes: the
// same texel or one of the same colour (a copied edge texel) is exact; the next texel over is
// near (TRLE moves triangle corners a texel inward); further is approximated (the UVs are no
// rectangle's corners).
MappingQuality TextureMapper::grade(const ObjectTexture& t, int n, bool quad, const Mapping& m, const LevelTextureRect& rect) const {
  const LevelTextureRect full = texelsOf(t, n);
  const auto corners = cornersOf(quad, m.wad);
  int worst = 0;
  for (int j = 0; j < n; ++j) {
    Uv p = uvOf(t.corners[(j + m.rotation) % n]);
    int tx = std::clamp(static_cast<int>(std::floor(p.u)), full.x, full.x + full.width - 1);
    int ty = std::clamp(static_cast<int>(std::floor(p.v)), full.y, full.y + full.height - 1);
    int cx = east(corners[j]) ? rect.x + rect.width - 1 : rect.x;
    int cy = south(corners[j]) ? rect.y + rect.height - 1 : rect.y;
    if (texel(t.tile(), tx, ty) != texel(t.tile(), cx, cy)) worst = std::max({worst, std::abs(tx - cx), std::abs(ty - cy), 1});
  }
  return worst == 0 ? MappingQuality::Exact : worst <= 1 ? MappingQuality::Near : MappingQuality::Approximated;
}

Mapping TextureMapper::mapping(std::size_t index, bool quad) {
  auto& cached = byTexture_[index][quad ? 1 : 0];
  if (cached) return *cached;
  const ObjectTexture& t = textures_[index];
  const int n = quad ? 4 : 3;
  std::array<int, 4> sx{}, sy{};
  Mapping best = closest(t, n, sx, sy);
  LevelTextureRect rect = texelsOf(t, n);
  const bool dropped = dropBorders(t, n, sx, sy, rect);
  best.sample = sampleFor(rect);
  if (dropped) bordersDropped.insert(best.sample);
  if (best.quality != MappingQuality::Approximated) best.quality = grade(t, n, quad, best, rect);
  cached = best;
  return best;
}

}  // namespace wadsmith::merge
