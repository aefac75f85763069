#include "model/merge/level_extract.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <tuple>

#include "model/level_textures.h"
#include "model/object_view.h"
#include "model/sound_use.h"
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

// How a WAD face lies on its sample: flip and, for triangles, the right-angle corner bits.
struct FaceMapping {
  bool flipped = false;
  std::uint8_t corner = 0;
};
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
  WadTextureWord w;
  w.sample = 1;  // a flipped quad cannot name sample 0 (-0 is 0)
  w.flipped = m.flipped;
  w.corner = m.corner;
  p.texture = w.encode(quad);
  return wadFaceCorners(p);
}

enum class Quality { Exact, Near, Approximated };

struct Mapping {
  FaceMapping wad;
  int rotation = 0;  // WAD vertex j is level vertex (j + rotation) % n
  Quality quality = Quality::Exact;
  std::uint16_t sample = 0;
};

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

class Extractor {
 public:
  Extractor(const LevelDocument& level, std::span<const std::uint8_t> tiles) : level_(level), tiles_(tiles) {}

  Extracted run() {
    Extracted out;
    const auto& data = *level_.data;
    TexturePages pages;
    const std::size_t tileCount = tiles_.size() / kTileBytes;
    for (std::size_t t = 0; t < tileCount; ++t) {
      auto page = std::make_shared<std::vector<std::uint8_t>>(kPageBytes);
      for (int y = 0; y < kPageSize; ++y)
        for (int x = 0; x < kPageSize; ++x) {
          auto rgb = texel(static_cast<int>(t), x, y);
          std::copy(rgb.begin(), rgb.end(), page->begin() + (static_cast<std::size_t>(y) * kPageSize + x) * 3);
        }
      pages.pages.push_back(SharedBytes(page, 0, page->size()));
    }
    byTexture_.assign(data.objectTextures->size(), {});
    samples_.push_back(TextureSample{});  // sample 0: a 1x1 dummy, as in the original WADs

    colourPageIndex_ = static_cast<int>(pages.pages.size());
    std::vector<MeshEntry> meshes;
    for (const auto& e : *data.objects.meshes) {
      if (!e.mesh) {
        meshes.push_back(e);
        continue;
      }
      meshes.push_back({e.id, share<Mesh>(convert(*e.mesh, faces_[e.id])), nullptr});
    }
    if (!colourPage_.empty()) pages.pages.push_back(SharedBytes(std::move(colourPage_)));
    out.game = level_.game();
    out.wad.samples = share<std::vector<TextureSample>>(std::move(samples_));
    out.wad.pixels = share<TexturePages>(std::move(pages));
    out.wad.objects = toTr4Keyframes(data.objects, out.keyframeLosses);
    out.wad.objects.meshes = share<std::vector<MeshEntry>>(std::move(meshes));
    out.wad.trailer = share<std::vector<std::uint8_t>>();
    // Sounds (with the embedded WAVs) and sprites travel too; sprite textures name the same
    // tiles, which are the pages above.
    out.wad.sounds = levelSounds(level_);
    auto sprites = std::make_shared<SpriteFile>();
    sprites->textures = *data.spriteTextures;
    sprites->sequences = *data.spriteSequences;
    sprites->pages = *out.wad.pixels;
    out.wad.sprites = sprites;
    out.wad.nextId = level_.nextId;
    out.meshFaces = std::move(faces_);
    out.bordersDropped = std::move(bordersDropped_);
    return out;
  }

 private:
  std::array<std::uint8_t, 3> texel(int tile, int x, int y) const {
    std::size_t at = static_cast<std::size_t>(tile) * kTileBytes + (static_cast<std::size_t>(y) * kPageSize + x) * 4;
    if (at + 4 > tiles_.size()) return {0, 0, 0};
    // ARGB little-endian: B, G, R, A. Transparent texels become the WAD's magenta.
    if (tiles_[at + 3] < 128) return {255, 0, 255};
    return {tiles_[at + 2], tiles_[at + 1], tiles_[at]};
  }
  bool sameColumn(int tile, int xa, int xb, int y0, int h) const {
    for (int y = y0; y < y0 + h; ++y)
      if (texel(tile, xa, y) != texel(tile, xb, y)) return false;
    return true;
  }
  bool sameRow(int tile, int ya, int yb, int x0, int w) const {
    for (int x = x0; x < x0 + w; ++x)
      if (texel(tile, x, ya) != texel(tile, x, yb)) return false;
    return true;
  }

  std::uint16_t sampleFor(LevelTextureRect r) {
    auto key = std::make_tuple(r.tile, r.x, r.y, r.width, r.height);
    if (auto it = sampleAt_.find(key); it != sampleAt_.end()) return it->second;
    TextureSample s = TextureSample::rect(r.tile, r.x, r.y, r.width, r.height);
    // Most samples of the original WADs store -1 in both flip bytes; the engine ignores them.
    s.flipX = -1;
    s.flipY = -1;
    samples_.push_back(s);
    auto idx = static_cast<std::uint16_t>(samples_.size() - 1);
    sampleAt_[key] = idx;
    return idx;
  }

  Mapping mapping(std::size_t index, bool quad) {
    auto& cached = byTexture_[index][quad ? 1 : 0];
    if (cached) return *cached;
    const ObjectTexture& t = (*level_.data->objectTextures)[index];
    const int n = quad ? 4 : 3;
    const Bounds b = boundsOf(t, n);
    // Which side of the rectangle each corner is on (-1: the axis is one texel, either side).
    std::array<int, 4> sx{}, sy{};
    for (int k = 0; k < n; ++k) {
      Uv p = uvOf(t.corners[k]);
      sx[k] = b.umax - b.umin < 0.5 ? -1 : (p.u - b.umin <= b.umax - p.u ? 0 : 1);
      sy[k] = b.vmax - b.vmin < 0.5 ? -1 : (p.v - b.vmin <= b.vmax - p.v ? 0 : 1);
    }
    const std::vector<FaceMapping> options = mappingsFor(quad);
    Mapping best;
    bool found = false;
    double bestCost = std::numeric_limits<double>::max();
    for (int r = 0; r < n && !found; ++r)
      for (const auto& opt : options) {
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
        if (ok) {
          best = {opt, r, Quality::Exact, 0};  // graded below, against the final rectangle
          found = true;
          break;
        }
        if (cost < bestCost) {
          bestCost = cost;
          best = {opt, r, Quality::Approximated, 0};
        }
      }

    LevelTextureRect rect = texelsOf(t, n);
    // Drop the copy of the edge texels TRLE adds around a sample (only where the corners on
    // that side sit on texel centres, and the outer row or column repeats its neighbour).
    auto sideCentred = [&](bool xAxis, int side) {
      bool any = false;
      for (int k = 0; k < n; ++k) {
        int s = xAxis ? sx[k] : sy[k];
        if (s != side) continue;
        any = true;
        if (!centred(xAxis ? t.corners[k].xFraction : t.corners[k].yFraction)) return false;
      }
      return any;
    };
    bool dropped = false;
    if (rect.width >= 3 && sideCentred(true, 0) && sameColumn(rect.tile, rect.x, rect.x + 1, rect.y, rect.height)) {
      ++rect.x;
      --rect.width;
      dropped = true;
    }
    if (rect.width >= 3 && sideCentred(true, 1) &&
        sameColumn(rect.tile, rect.x + rect.width - 1, rect.x + rect.width - 2, rect.y, rect.height)) {
      --rect.width;
      dropped = true;
    }
    if (rect.height >= 3 && sideCentred(false, 0) && sameRow(rect.tile, rect.y, rect.y + 1, rect.x, rect.width)) {
      ++rect.y;
      --rect.height;
      dropped = true;
    }
    if (rect.height >= 3 && sideCentred(false, 1) &&
        sameRow(rect.tile, rect.y + rect.height - 1, rect.y + rect.height - 2, rect.x, rect.width)) {
      --rect.height;
      dropped = true;
    }
    best.sample = sampleFor(rect);
    if (dropped) bordersDropped_.insert(best.sample);
    // Graded by the texel under each level corner against the sample corner its vertex takes:
    // the same texel or one of the same colour (a copied edge texel) is exact; the next texel
    // over is near (TRLE moves triangle corners a texel inward); further is approximated (the
    // UVs are no rectangle's corners).
    if (best.quality != Quality::Approximated) {
      const LevelTextureRect full = texelsOf(t, n);
      const auto corners = cornersOf(quad, best.wad);
      int worst = 0;
      for (int j = 0; j < n; ++j) {
        Uv p = uvOf(t.corners[(j + best.rotation) % n]);
        int tx = std::clamp(static_cast<int>(std::floor(p.u)), full.x, full.x + full.width - 1);
        int ty = std::clamp(static_cast<int>(std::floor(p.v)), full.y, full.y + full.height - 1);
        int cx = east(corners[j]) ? rect.x + rect.width - 1 : rect.x;
        int cy = south(corners[j]) ? rect.y + rect.height - 1 : rect.y;
        if (texel(t.tile(), tx, ty) != texel(t.tile(), cx, cy))
          worst = std::max({worst, std::abs(tx - cx), std::abs(ty - cy), 1});
      }
      best.quality = worst == 0 ? Quality::Exact : worst <= 1 ? Quality::Near : Quality::Approximated;
    }
    cached = best;
    return best;
  }

  // A 4x4 sample of one colour, on the colour page after the tiles (made when first needed).
  std::uint16_t colourSample(const std::array<std::uint8_t, 3>& rgb) {
    if (auto it = colourSamples_.find(rgb); it != colourSamples_.end()) return it->second;
    if (colourPage_.empty()) colourPage_.assign(kPageBytes, 0);
    const int k = static_cast<int>(colourSamples_.size());  // at most 256 + 1 colours: 64 a row
    const int x0 = (k % 64) * 4, y0 = (k / 64) * 4;
    for (int y = y0; y < y0 + 4; ++y)
      for (int x = x0; x < x0 + 4; ++x)
        std::copy(rgb.begin(), rgb.end(), colourPage_.begin() + (static_cast<std::size_t>(y) * kPageSize + x) * 3);
    TextureSample s;
    s.x = static_cast<std::uint8_t>(x0);
    s.y = static_cast<std::uint8_t>(y0);
    s.page = static_cast<std::uint16_t>(colourPageIndex_);
    s.addW = s.addH = 3;
    s.flipX = s.flipY = -1;
    samples_.push_back(s);
    const auto idx = static_cast<std::uint16_t>(samples_.size() - 1);
    colourSamples_[rgb] = idx;
    return idx;
  }

  Mesh convert(const Mesh& level, ExtractedFaces& counts) {
    Mesh m = level;
    m.padding = 0;  // the level's filler word aligns meshes to 4 bytes; the WAD's is its own
    const bool classic = isClassic(level_.game());
    for (auto& p : m.polygons) {
      if (p.coloured) {
        // Its palette colour (black when the palette lacks it), over the whole sample.
        WadTextureWord w;
        w.sample = colourSample(colouredFaceColour(level_, p.texture).value_or(std::array<std::uint8_t, 3>{0, 0, 0}));
        p.texture = w.encode(p.quad);
        p.coloured = false;
        ++counts.coloured;
        ++counts.exact;
        continue;
      }
      const std::size_t index = p.texture & 0x7FFF;
      counts.doubleSided += (p.texture & 0x8000) != 0;
      if (index >= byTexture_.size()) {
        ++counts.badTexture;
        p.texture = 0;
        continue;
      }
      // TR1-3 faces have no effects word: additive blending is the object texture's attribute 2.
      if (classic) p.attributes = (*level_.data->objectTextures)[index].attribute == 2 ? attr::kTranslucent : 0;
      Mapping map = mapping(index, p.quad);
      const int n = p.corners();
      std::array<std::uint16_t, 4> v = p.vertices;
      for (int j = 0; j < n; ++j) p.vertices[j] = v[(j + map.rotation) % n];
      WadTextureWord w;
      w.sample = map.sample;
      w.flipped = map.wad.flipped;
      w.corner = map.wad.corner;
      p.texture = w.encode(p.quad);
      (map.quality == Quality::Exact ? counts.exact : map.quality == Quality::Near ? counts.near : counts.approximated)++;
    }
    return m;
  }

  const LevelDocument& level_;
  std::span<const std::uint8_t> tiles_;
  std::vector<TextureSample> samples_;
  std::map<std::tuple<int, int, int, int, int>, std::uint16_t> sampleAt_;
  std::vector<std::array<std::optional<Mapping>, 2>> byTexture_;  // [object texture][quad]
  std::unordered_map<Id, ExtractedFaces> faces_;
  std::set<std::uint16_t> bordersDropped_;
  int colourPageIndex_ = 0;
  std::vector<std::uint8_t> colourPage_;  // RGB
  std::map<std::array<std::uint8_t, 3>, std::uint16_t> colourSamples_;
};

}  // namespace

LevelTextureRect objectTextureTexels(const ObjectTexture& t) { return texelsOf(t, t.triangle() ? 3 : 4); }

Extracted extractLevelObjects(const LevelDocument& level, std::span<const std::uint8_t> tiles32) {
  Extracted out = Extractor(level, tiles32).run();
  std::vector<ObjectRef> all;
  for (const auto& m : *out.wad.objects.movables) all.push_back({ObjectKind::Movable, m.objectId});
  for (const auto& s : *out.wad.objects.statics) all.push_back({ObjectKind::Static, s.objectId});
  out.notes = out.notesFor(all);
  return out;
}

std::vector<std::string> Extracted::notesFor(const std::vector<ObjectRef>& objects) const {
  const Extracted& e = *this;
  ObjectView v(e.wad.objects);
  std::set<Id> meshIds;
  for (const auto& k : objects) {
    auto i = k.movable() ? v.findMovable(k.slot) : v.findStatic(k.slot);
    if (!i) continue;
    auto [first, end] = v.runRange(k.movable() ? v.movables()[*i].pointers : v.statics()[*i].pointer);
    for (auto p = first; p < end; ++p)
      if (const auto& t = v.meshPointers()[p].target; t.isSegment()) meshIds.insert(t.segment);
  }
  ExtractedFaces sum;
  std::set<std::uint16_t> samples;
  for (auto id : meshIds) {
    if (auto it = e.meshFaces.find(id); it != e.meshFaces.end()) {
      sum.exact += it->second.exact;
      sum.near += it->second.near;
      sum.approximated += it->second.approximated;
      sum.doubleSided += it->second.doubleSided;
      sum.badTexture += it->second.badTexture;
      sum.coloured += it->second.coloured;
    }
    if (auto i = v.indexOfId(id))
      if (const auto& mesh = (*e.wad.objects.meshes)[*i].mesh)
        for (const auto& p : mesh->polygons) samples.insert(WadTextureWord::decode(p.texture, p.quad).sample);
  }
  std::size_t dropped = 0;
  for (auto s : samples) dropped += e.bordersDropped.count(s);
  const std::string of = " of " + std::to_string(sum.exact + sum.near + sum.approximated) + " extracted faces ";
  std::vector<std::string> notes;
  if (sum.near)
    notes.push_back(std::to_string(sum.near) + of +
                    "show, at a corner, the texel next to the one their WAD sample's corner has (TRLE moves some "
                    "corners a texel inward; the WAD face uses the rectangle's corner)");
  if (sum.approximated)
    notes.push_back(std::to_string(sum.approximated) + of +
                    "have UVs that are not the corners of a rectangle: each takes its bounding rectangle and the "
                    "closest WAD mapping");
  if (dropped)
    notes.push_back(std::to_string(dropped) + " extracted texture samples lost the copy of their edge texels TRLE adds");
  if (sum.doubleSided) notes.push_back(std::to_string(sum.doubleSided) + of + "are double-sided; WAD faces have no such flag");
  if (sum.badTexture) notes.push_back(std::to_string(sum.badTexture) + of + "name object textures past the table: sample 0");
  if (sum.coloured)
    notes.push_back(std::to_string(sum.coloured) + of + "are " + gameName(e.game) +
                    " coloured faces: each is textured with a 4x4 sample of its palette colour");
  // Keyframes: what the TR4 words could not keep, per movable.
  for (const auto& k : objects) {
    auto it = k.movable() ? e.keyframeLosses.find(k.slot) : e.keyframeLosses.end();
    if (it == e.keyframeLosses.end()) continue;
    const KeyframeLosses& l = it->second;
    const std::string who = "movable " + std::to_string(k.slot) + ": ";
    if (l.highBits)
      notes.push_back(who + std::to_string(l.highBits) + " one-axis rotation words had bits 10-13 set, which " +
                      gameName(e.game) + " ignores and a 12-bit TR4 angle cannot hold: dropped");
    if (l.extraRotations)
      notes.push_back(who + std::to_string(l.extraRotations) + " keyframe rotations past the movable's meshes: dropped");
    if (l.conflicts)
      notes.push_back(who + std::to_string(l.conflicts) + " keyframe words two animations read differently: converted once");
    if (l.unconverted)
      notes.push_back(who + std::to_string(l.unconverted) + " keyframe words after its last whole keyframe: kept as stored");
    if (l.offsetsInFrames)
      notes.push_back(who + std::to_string(l.offsetsInFrames) + " keyframe offsets inside a keyframe: moved to its start");
  }
  return notes;
}

}  // namespace wadsmith::merge
