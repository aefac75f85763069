// Where each corner of a face samples its texture. WAD: the sample's rectangle corners are
// numbered clockwise from the top left (TL 0, TR 1, BR 2, BL 3); a quad maps vertices 0-3 to
// TL, TR, BR, BL; a triangle's shape bits (0, 2, 4, 6) name its right-angle corner, which goes
// to vertex 0, the clockwise-next corner to vertex 1 and the one before it to vertex 2 (the
// corner opposite the right angle is unused); a flipped face mirrors the sample horizontally.
// Level: each object texture stores its corners' coordinates.
#pragma once
#include <array>

#include "model/level_records.h"
#include "model/mesh.h"
#include "model/texture.h"

namespace wadsmith {

enum Corner : int { kTopLeft = 0, kTopRight = 1, kBottomRight = 2, kBottomLeft = 3 };

// The rectangle corner each vertex of a WAD face samples (size = corners()).
std::array<int, 4> wadFaceCorners(const Polygon& p);

struct Texel {
  float u = 0, v = 0;  // page / tile pixel coordinates
};

// Texture coordinates of each vertex of a WAD face on its sample's page, at the sample's
// rectangle edges (for rendering).
std::array<Texel, 4> wadFaceUVs(const Polygon& p, const TextureSample& s);
// The pixel (inside the rectangle) each vertex's corner is: for texel comparisons.
std::array<std::array<int, 2>, 4> wadFaceCornerPixels(const Polygon& p, const TextureSample& s);

// A level object texture's corner coordinates (pixel + fraction / 256).
std::array<Texel, 4> objectTextureUVs(const ObjectTexture& t);

}  // namespace wadsmith
