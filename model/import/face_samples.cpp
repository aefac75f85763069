#include "model/import/face_samples.h"

#include <algorithm>
#include <cmath>
#include <optional>

#include "model/merge/page_packer.h"
#include "model/texture_mapping.h"
#include "model/texture_word.h"

namespace wadsmith::import {
namespace {

constexpr double kFarthestTexel = 1 << 24;

struct P {
  double x = 0, y = 0;
};
P operator-(P a, P b) { return {a.x - b.x, a.y - b.y}; }
P operator+(P a, P b) { return {a.x + b.x, a.y + b.y}; }
P operator*(P a, double s) { return {a.x * s, a.y * s}; }
// sqrt is correctly rounded everywhere; hypot is not (glibc's and msvcrt's differ in the last
// bit), and sample sizes decided on it made the Windows build pack other rectangles.
double len(P a) { return std::sqrt(a.x * a.x + a.y * a.y); }

// The rectangle corner (TL 0, TR 1, BR 2, BL 3) each polygon vertex samples under a mapping.
std::array<int, 4> cornersFor(bool quad, bool flipped, std::uint8_t corner) {
  return wadFaceCorners({.quad = quad, .texture = WadTextureWord{1, flipped, corner}.encode(quad)});
}

int sideOf(double v, double lo, double hi, double eps) {
  if (std::abs(v - lo) <= eps) return 0;
  if (std::abs(v - hi) <= eps) return 1;
  return -1;
}

}  // namespace

std::array<std::uint8_t, 3> SampleBook::texel(const imported::Image& img, double x, double y) {
  long ix = static_cast<long>(std::floor(x)), iy = static_cast<long>(std::floor(y));
  ix = ((ix % img.width) + img.width) % img.width;  // coordinates past the image repeat it
  iy = ((iy % img.height) + img.height) % img.height;
  const auto* px = &img.rgba[(static_cast<std::size_t>(iy) * img.width + ix) * 4];
  return pageTexel(px[0], px[1], px[2], px[3]);
}

void SampleBook::count(const imported::Image& img) {
  if (!counted_.insert(&img).second) return;
  for (std::size_t i = 0; i + 3 < img.rgba.size(); i += 4) {
    const auto* px = &img.rgba[i];
    if (px[3] != 0 && px[3] != 255) ++partial_;
    if (px[3] != 0 && px[0] == 255 && px[1] == 0 && px[2] == 255) ++nudged_;
  }
}

int SampleBook::intern(Rect r) {
  std::string key(reinterpret_cast<const char*>(r.rgb.data()), r.rgb.size());
  key += std::to_string(r.width) + "x" + std::to_string(r.height);
  auto [it, added] = byPixels_.try_emplace(std::move(key), static_cast<int>(rects_.size()));
  if (added) rects_.push_back(std::move(r));
  return it->second;
}

FaceTexture SampleBook::solid(const imported::Face& face) {
  // One packer cell (4x4) of the colour: a 1x1 sample would take as much page space and
  // pick up its neighbours' colours under the engine's filtering.
  Rect r{4, 4, {}};
  for (int i = 0; i < 16; ++i) r.rgb.insert(r.rgb.end(), face.color.begin(), face.color.end());
  if (r.rgb[0] == 255 && r.rgb[1] == 0 && r.rgb[2] == 255)
    for (int i = 0; i < 16; ++i) r.rgb[i * 3] = 254, r.rgb[i * 3 + 2] = 254;
  return {.sample = intern(std::move(r)), .kind = FaceTexture::Kind::Solid};
}

namespace {

// Where a face's corners sit on an axis-aligned pixel rectangle of its image, each on a
// different corner of it: the rectangle, and the rotation/flip/corner words that say it.
struct CutSpot {
  long x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  int rotation = 0;
  bool flipped = false;
  std::uint8_t corner = 0;
};

std::optional<CutSpot> findCut(const std::array<P, 4>& uv, int n, const imported::Image& img) {
  double x0 = uv[0].x, x1 = uv[0].x, y0 = uv[0].y, y1 = uv[0].y;
  for (int k = 1; k < n; ++k)
    x0 = std::min(x0, uv[k].x), x1 = std::max(x1, uv[k].x), y0 = std::min(y0, uv[k].y), y1 = std::max(y1, uv[k].y);
  const double eps = 0.02;
  const long rx0 = std::lround(x0), rx1 = std::lround(x1), ry0 = std::lround(y0), ry1 = std::lround(y1);
  if (!(std::abs(x0 - rx0) <= eps && std::abs(x1 - rx1) <= eps && std::abs(y0 - ry0) <= eps && std::abs(y1 - ry1) <= eps &&
        rx0 >= 0 && ry0 >= 0 && rx1 <= img.width && ry1 <= img.height && rx1 - rx0 >= 1 && ry1 - ry0 >= 1 &&
        rx1 - rx0 <= kPageSize && ry1 - ry0 <= kPageSize))
    return std::nullopt;
  std::array<int, 4> at{};
  for (int k = 0; k < n; ++k) {
    int sx = sideOf(uv[k].x, x0, x1, eps), sy = sideOf(uv[k].y, y0, y1, eps);
    if (sx < 0 || sy < 0) return std::nullopt;
    at[k] = sy == 0 ? (sx == 0 ? kTopLeft : kTopRight) : (sx == 0 ? kBottomLeft : kBottomRight);
  }
  const bool quad = n == 4;
  for (int rot = 0; rot < n; ++rot)
    for (bool flipped : {false, true})
      for (std::uint8_t corner = 0; corner < (quad ? 2 : 8); corner += 2) {
        auto c = cornersFor(quad, flipped, corner);
        bool match = true;
        for (int j = 0; j < n; ++j) match &= c[j] == at[(j + rot) % n];
        if (match) return CutSpot{rx0, ry0, rx1, ry1, rot, flipped, corner};
      }
  return std::nullopt;
}

// A resampled face: triangles put the right angle at the corner whose angle in the image is
// widest (the legs are the two shorter sides), mapped affinely, which is what the engine
// draws; quads map bilinearly. `corners` in the sample's order, `rotation` the face's turn.
struct ResampleShape {
  std::array<P, 4> corners{};
  int rotation = 0;
  double width = 0, height = 0;
};

ResampleShape resampleShape(const std::array<P, 4>& uv, bool quad) {
  ResampleShape out;
  out.corners = uv;
  if (quad) {
    out.width = std::max(len(uv[1] - uv[0]), len(uv[2] - uv[3]));
    out.height = std::max(len(uv[3] - uv[0]), len(uv[2] - uv[1]));
    return out;
  }
  double best = -2;
  for (int k = 0; k < 3; ++k) {
    P a = uv[(k + 1) % 3] - uv[k], b = uv[(k + 2) % 3] - uv[k];
    double la = len(a), lb = len(b);
    double cosine = la > 0 && lb > 0 ? (a.x * b.x + a.y * b.y) / (la * lb) : 1;
    if (-cosine > best) best = -cosine, out.rotation = k;
  }
  for (int j = 0; j < 3; ++j) out.corners[j] = uv[(j + out.rotation) % 3];
  out.width = len(out.corners[1] - out.corners[0]);
  out.height = len(out.corners[2] - out.corners[0]);
  return out;
}

}  // namespace

FaceTexture SampleBook::add(const imported::Face& face, const std::vector<imported::Image>& images) {
  const int n = face.corners == 4 ? 4 : 3;
  const bool quad = n == 4;
  if (face.image < 0 || static_cast<std::size_t>(face.image) >= images.size()) return solid(face);
  const auto& img = images[static_cast<std::size_t>(face.image)];
  if (img.width <= 0 || img.height <= 0 || img.rgba.size() < static_cast<std::size_t>(img.width) * img.height * 4)
    return solid(face);
  count(img);
  std::array<P, 4> uv{};
  for (int k = 0; k < n; ++k) {
    uv[k] = {double(face.uv[k].u) * img.width, double(face.uv[k].v) * img.height};
    // Coordinates past the image repeat it, but not 2^24 texels away: that is a broken file,
    // and the sample's size and texel positions would overflow an int there.
    if (!(std::abs(uv[k].x) < kFarthestTexel) || !(std::abs(uv[k].y) < kFarthestTexel)) return solid(face);
  }
  if (const auto spot = findCut(uv, n, img)) {  // a rectangle of the image as it is
    Rect r{static_cast<int>(spot->x1 - spot->x0), static_cast<int>(spot->y1 - spot->y0), {}};
    r.rgb.reserve(static_cast<std::size_t>(r.width) * r.height * 3);
    for (long y = spot->y0; y < spot->y1; ++y)
      for (long x = spot->x0; x < spot->x1; ++x) {
        auto c3 = texel(img, x + 0.5, y + 0.5);
        r.rgb.insert(r.rgb.end(), c3.begin(), c3.end());
      }
    return {intern(std::move(r)), spot->rotation, spot->flipped, spot->corner, FaceTexture::Kind::Cut};
  }
  // Resampled: the sample's pixel centres mapped through the face's coordinates.
  const ResampleShape shape = resampleShape(uv, quad);
  const auto& c = shape.corners;
  auto size = [&](double d) { return static_cast<int>(std::clamp(std::ceil(d - 1e-6), 1.0, double(std::min(maxSize_, kPageSize)))); };
  Rect r{size(shape.width), size(shape.height), {}};
  r.rgb.reserve(static_cast<std::size_t>(r.width) * r.height * 3);
  for (int j = 0; j < r.height; ++j)
    for (int i = 0; i < r.width; ++i) {
      double s = (i + 0.5) / r.width, u = (j + 0.5) / r.height;
      P at = quad ? (c[0] * ((1 - s) * (1 - u)) + c[1] * (s * (1 - u)) + c[2] * (s * u) + c[3] * ((1 - s) * u))
                  : c[0] + (c[1] - c[0]) * s + (c[2] - c[0]) * u;
      auto c3 = texel(img, at.x, at.y);
      r.rgb.insert(r.rgb.end(), c3.begin(), c3.end());
    }
  return {.sample = intern(std::move(r)), .rotation = shape.rotation, .kind = FaceTexture::Kind::Resampled};
}

void SampleBook::pack(std::vector<TextureSample>& samples, TexturePages& pages) const {
  merge::PagePacker packer;
  std::vector<merge::PixelSize> sizes;
  for (const auto& r : rects_) sizes.push_back({r.width, r.height});
  auto spots = merge::packRectangles(packer, sizes);
  std::vector<std::shared_ptr<std::vector<std::uint8_t>>> pixels;
  for (int p = 0; p < packer.pageCount(); ++p) pixels.push_back(std::make_shared<std::vector<std::uint8_t>>(kPageBytes, 0));
  samples.clear();
  for (std::size_t i = 0; i < rects_.size(); ++i) {
    const auto& r = rects_[i];
    const auto& s = spots[i];
    for (int y = 0; y < r.height; ++y)
      std::copy_n(r.rgb.begin() + static_cast<long>(y) * r.width * 3, r.width * 3,
                  pixels[s.page]->begin() + ((static_cast<long>(s.y) + y) * kPageSize + s.x) * 3);
    samples.push_back(TextureSample::rect(s.page, s.x, s.y, r.width, r.height));
  }
  pages.pages.clear();
  for (auto& p : pixels) pages.pages.push_back(SharedBytes(p, 0, p->size()));
}

}  // namespace wadsmith::import
