#include "model/merge/level_extract.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "model/merge/texture_packer.h"
#include "model/texture_mapping.h"
#include "model/texture_word.h"

namespace wadsmith::merge {
namespace {

constexpr std::size_t kTileBytes = 256 * 256 * 4;

// The object texture's pixel rectangle on its tile and the rectangle corner of each of its
// corners.
struct RectMapping {
  int tile = 0, x = 0, y = 0, w = 1, h = 1;
  std::array<int, 4> corner{};
};

RectMapping rectOf(const ObjectTexture& t, int corners) {
  auto uv = objectTextureUVs(t);
  RectMapping r;
  r.tile = t.tile();
  int minX = 255, minY = 255, maxX = 0, maxY = 0;
  for (int i = 0; i < corners; ++i) {
    int px = static_cast<int>(std::floor(uv[i].u)), py = static_cast<int>(std::floor(uv[i].v));
    minX = std::min(minX, px), maxX = std::max(maxX, px), minY = std::min(minY, py), maxY = std::max(maxY, py);
  }
  r.x = std::clamp(minX, 0, 255), r.y = std::clamp(minY, 0, 255);
  r.w = std::clamp(maxX, r.x, 255) - r.x + 1, r.h = std::clamp(maxY, r.y, 255) - r.y + 1;
  for (int i = 0; i < corners; ++i) {
    float cx = r.x + (r.w - 1) / 2.0f, cy = r.y + (r.h - 1) / 2.0f;
    bool right = uv[i].u - 0.5f > cx, bottom = uv[i].v - 0.5f > cy;
    r.corner[i] = bottom ? (right ? kBottomRight : kBottomLeft) : (right ? kTopRight : kTopLeft);
  }
  return r;
}

PixelRect cutTile(std::span<const std::uint8_t> tiles, const RectMapping& r) {
  PixelRect p;
  p.width = r.w, p.height = r.h;
  p.rgb.assign(static_cast<std::size_t>(r.w) * r.h * 3, 0);
  for (int y = 0; y < r.h; ++y)
    for (int x = 0; x < r.w; ++x) {
      std::size_t at = static_cast<std::size_t>(r.tile) * kTileBytes + ((static_cast<std::size_t>(r.y + y) * 256) + r.x + x) * 4;
      auto* out = &p.rgb[(static_cast<std::size_t>(y) * r.w + x) * 3];
      if (at + 4 > tiles.size()) continue;
      if (tiles[at + 3] == 0) {  // transparent: the WAD's magenta
        out[0] = 255, out[1] = 0, out[2] = 255;
      } else {
        out[0] = tiles[at + 2], out[1] = tiles[at + 1], out[2] = tiles[at];  // BGRA -> RGB
      }
    }
  return p;
}

// The WAD vertex rotation, flip and triangle shape under which every vertex samples the corner
// the level's UVs give it; the best partial match when none is exact.
struct WadMapping {
  int rotate = 0;
  bool flipped = false;
  int shape = 0;
  bool exact = false;
};

WadMapping mappingFor(const std::array<int, 4>& wanted, bool quad) {
  const int n = quad ? 4 : 3;
  WadMapping best;
  int bestScore = -1;
  for (int shape = 0; shape < (quad ? 1 : 4); ++shape)
    for (int flip = 0; flip < 2; ++flip)
      for (int r = 0; r < n; ++r) {
        Polygon probe;
        probe.quad = quad;
        WadTextureWord w;
        w.sample = 1;  // a flipped quad is a negated index: sample 0 cannot carry the flip
        w.flipped = flip;
        w.corner = static_cast<std::uint8_t>(shape * 2);
        probe.texture = w.encode(quad);
        auto c = wadFaceCorners(probe);
        int score = 0;
        for (int j = 0; j < n; ++j) score += c[j] == wanted[(j + r) % n];
        if (score > bestScore) bestScore = score, best = {r, flip == 1, shape, score == n};
      }
  return best;
}

}  // namespace

Extracted extractLevelObjects(const LevelDocument& level, std::span<const std::uint8_t> tiles32) {
  Extracted out;
  const LevelData& d = *level.data;
  const auto& textures = *d.objectTextures;
  TexturePacker packer({}, TexturePages{});
  std::map<std::pair<std::uint16_t, bool>, std::uint16_t> sampleOf;  // object texture -> sample
  std::size_t approximate = 0, doubleSided = 0, missing = 0;

  auto meshes = std::make_shared<std::vector<MeshEntry>>(*d.objects.meshes);
  for (auto& e : *meshes) {
    if (!e.mesh) continue;
    Mesh m = *e.mesh;
    m.padding = 0;  // the level's alignment filler means nothing in a WAD
    for (auto& p : m.polygons) {
      std::uint16_t index = p.texture & 0x7FFF;
      doubleSided += (p.texture & 0x8000) != 0;
      if (index >= textures.size()) {
        ++missing;
        p.texture = 0;
        continue;
      }
      RectMapping r = rectOf(textures[index], p.corners());
      WadMapping map = mappingFor(r.corner, p.quad);
      approximate += !map.exact;
      auto key = std::make_pair(index, p.quad);
      auto it = sampleOf.find(key);
      if (it == sampleOf.end()) {
        bool reused = false;
        it = sampleOf.emplace(key, packer.place(cutTile(tiles32, r), -1, -1, reused)).first;
      }
      WadTextureWord w;
      w.sample = map.flipped && p.quad ? packer.nonZeroAlias(it->second) : it->second;
      w.flipped = map.flipped;
      w.corner = static_cast<std::uint8_t>(map.shape * 2);
      p.texture = w.encode(p.quad);
      std::rotate(p.vertices.begin(), p.vertices.begin() + map.rotate, p.vertices.begin() + p.corners());
      if (!p.quad) p.vertices[3] = 0;
    }
    e.mesh = share<Mesh>(std::move(m));
  }

  WadDocument& wad = out.wad;
  wad.version = 129;
  wad.objects = d.objects;
  wad.objects.meshes = meshes;
  wad.samples = share<std::vector<TextureSample>>(packer.samples());
  wad.pixels = share<TexturePages>(packer.pages());
  wad.trailer = share<std::vector<std::uint8_t>>();
  wad.nextId = level.nextId;
  if (approximate)
    out.notes.push_back(std::to_string(approximate) +
                        " faces have texture coordinates that are not an axis-aligned rectangle (or its right-angle "
                        "half): they take the bounding rectangle");
  if (doubleSided) out.notes.push_back(std::to_string(doubleSided) + " double-sided faces: WAD faces have no double-sided flag");
  if (missing) out.notes.push_back(std::to_string(missing) + " faces use object textures past the table: given sample 0");
  return out;
}

}  // namespace wadsmith::merge
