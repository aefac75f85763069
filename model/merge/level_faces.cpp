#include "model/merge/level_faces.h"

#include <algorithm>
#include <bit>
#include <set>
#include <unordered_map>

#include "model/texture_mapping.h"
#include "model/texture_word.h"

namespace wadsmith::merge {

namespace {

// The fields that make two object textures draw the same, as bytes (the map's key).
std::vector<std::uint8_t> keyOf(const ObjectTexture& t) {
  std::vector<std::uint8_t> k = {static_cast<std::uint8_t>(t.attribute), static_cast<std::uint8_t>(t.tileAndFlag),
                                 static_cast<std::uint8_t>(t.tileAndFlag >> 8), static_cast<std::uint8_t>(t.newFlags)};
  for (const auto& c : t.corners) k.insert(k.end(), {c.xFraction, c.xPixel, c.yFraction, c.yPixel});
  return k;
}

// TRLE's corner: the texel's centre (fraction 0x7F).
ObjectTextureCorner centreOf(int x, int y) {
  return {0x7F, static_cast<std::uint8_t>(x), 0x7F, static_cast<std::uint8_t>(y)};
}

}  // namespace

LevelFaces::LevelFaces(const std::vector<ObjectTexture>& existing, const std::vector<TextureSample>& samples,
                       std::function<int(int)> tileOf, const TexturePages* classicPixels, std::set<std::uint16_t> freed)
    : existing_(existing), samples_(samples), tileOf_(std::move(tileOf)), classicPixels_(classicPixels), free_(std::move(freed)) {
  for (std::size_t i = existing.size(); i-- > 0;) index_[keyOf(existing[i])] = static_cast<std::uint16_t>(i);
}

std::uint16_t LevelFaces::classicAttribute(const Polygon& p, std::size_t sample) {
  if (p.attributes & attr::kTranslucent) return 2;
  auto [it, fresh] = transparent_.try_emplace(sample, false);
  if (fresh && sample < samples_.size()) {
    const TextureSample& s = samples_[sample];
    for (int y = s.y; y < s.y + s.height() && !it->second; ++y)
      for (int x = s.x; x < s.x + s.width() && !it->second; ++x) {
        const std::uint8_t* rgb = classicPixels_->pixel(s.page, x, y);
        it->second = rgb && isMagenta(rgb);
      }
  }
  return it->second ? 1 : 0;
}

std::uint16_t LevelFaces::objectTexture(const Polygon& p) {
  const auto w = WadTextureWord::decode(p.texture, p.quad);
  const TextureSample s = w.sample < samples_.size() ? samples_[w.sample] : TextureSample{};
  const auto pixels = wadFaceCornerPixels(p, s);
  ObjectTexture t;
  t.tileAndFlag = static_cast<std::uint16_t>((tileOf_(s.page) & 0x7FFF) | (p.quad ? 0 : 0x8000));
  int x0 = 255, x1 = 0, y0 = 255, y1 = 0;
  for (int i = 0; i < p.corners(); ++i) {
    t.corners[i] = centreOf(pixels[i][0], pixels[i][1]);
    x0 = std::min(x0, pixels[i][0]), x1 = std::max(x1, pixels[i][0]);
    y0 = std::min(y0, pixels[i][1]), y1 = std::max(y1, pixels[i][1]);
  }
  // TRLE stores the corners' span in 1/256 texels as floats (the engine does not read them).
  t.width = std::bit_cast<std::uint32_t>(static_cast<float>((x1 - x0) * 256));
  t.height = std::bit_cast<std::uint32_t>(static_cast<float>((y1 - y0) * 256));
  if (classicPixels_) t.tileAndFlag &= 0x7FFF, t.width = t.height = 0, t.attribute = classicAttribute(p, w.sample);
  const auto key = keyOf(t);
  if (auto it = index_.find(key); it != index_.end()) {
    drawnAgain += free_.erase(it->second);  // a freed record drawn again stays
    ++reused;
    return it->second;
  }
  ++added;
  if (free_.empty()) {
    new_.push_back(t);
    return index_[key] = static_cast<std::uint16_t>(existing_.size() + new_.size() - 1);
  }
  const std::uint16_t slot = *free_.begin();
  free_.erase(free_.begin());
  if (auto old = index_.find(keyOf(existing_[slot])); old != index_.end() && old->second == slot) index_.erase(old);
  placed_[slot] = t;
  ++refilled;
  return index_[key] = slot;
}

Mesh LevelFaces::levelMesh(const Mesh& wad) {
  Mesh m = wad;
  m.padding = 0;
  for (auto& p : m.polygons) {
    p.texture = objectTexture(p);
    if (classicPixels_) p.attributes = p.unknown = 0;  // TR1-3 faces have no effects word
  }
  // The level's radius is 32-bit: the WAD's word after it (0 or 1) would make it 65536 more.
  if (classicPixels_) m.sphereUnknown = 0;
  // A TR4 level stores a mesh's quads, then its triangles.
  std::stable_partition(m.polygons.begin(), m.polygons.end(), [](const Polygon& p) { return p.quad; });
  return m;
}

Shared<std::vector<MeshEntry>> LevelFaces::levelMeshes(const std::vector<MeshEntry>& level,
                                                       const std::vector<MeshEntry>& merged) {
  std::unordered_map<Id, const MeshEntry*> had;
  for (const auto& e : level) had[e.id] = &e;
  std::vector<MeshEntry> out;
  out.reserve(merged.size());
  for (const auto& e : merged) {
    if (auto it = had.find(e.id); it != had.end()) out.push_back(*it->second);
    else if (e.mesh) out.push_back({e.id, share<Mesh>(levelMesh(*e.mesh)), nullptr});
    else out.push_back(e);
  }
  return share<std::vector<MeshEntry>>(std::move(out));
}

std::vector<ObjectTexture> LevelFaces::textures() const {
  std::vector<ObjectTexture> out = existing_;
  for (const auto& [slot, t] : placed_) out[slot] = t;
  out.insert(out.end(), new_.begin(), new_.end());
  return out;
}

}  // namespace wadsmith::merge
