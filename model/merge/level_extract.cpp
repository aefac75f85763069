#include "model/merge/level_extract.h"

#include <algorithm>
#include <array>
#include <map>

#include "model/level_textures.h"
#include "model/merge/level_texture_map.h"
#include "model/object_view.h"
#include "model/sound_use.h"
#include "model/texture_word.h"

namespace wadsmith::merge {

namespace {

class Extractor {
 public:
  Extractor(const LevelDocument& level, std::span<const std::uint8_t> tiles)
      : level_(level), textures_(*level.data->objectTextures, tiles) {}

  Extracted run() {
    Extracted out;
    const auto& data = *level_.data;
    TexturePages pages = tilePages();
    colourPageIndex_ = static_cast<int>(pages.pages.size());
    std::vector<MeshEntry> meshes;
    for (const auto& e : *data.objects.meshes)
      meshes.push_back(e.mesh ? MeshEntry{e.id, share<Mesh>(convert(*e.mesh, faces_[e.id])), nullptr} : e);
    if (!colourPage_.empty()) pages.pages.push_back(SharedBytes(std::move(colourPage_)));
    out.game = level_.game();
    out.wad.samples = share<std::vector<TextureSample>>(std::move(textures_.samples));
    out.wad.pixels = share<TexturePages>(std::move(pages));
    out.wad.objects = toTr4Keyframes(data.objects, out.keyframeLosses);
    out.wad.objects.meshes = share<std::vector<MeshEntry>>(std::move(meshes));
    out.wad.trailer = share<std::vector<std::uint8_t>>();
    // Sounds (with the embedded WAVs) and sprites travel too; sprite textures name the same
    // tiles, which are the pages above.
    out.wad.sounds = levelSounds(level_);
    out.wad.sprites = share<SpriteFile>(
        SpriteFile{.textures = *data.spriteTextures, .pages = *out.wad.pixels, .sequences = *data.spriteSequences});
    out.wad.nextId = level_.nextId;
    out.meshFaces = std::move(faces_);
    out.bordersDropped = std::move(textures_.bordersDropped);
    return out;
  }

 private:
  // The tiles as 24-bit pages.
  TexturePages tilePages() const {
    TexturePages pages;
    for (std::size_t t = 0; t < textures_.tileCount(); ++t) {
      auto page = std::make_shared<std::vector<std::uint8_t>>(kPageBytes);
      for (int y = 0; y < kPageSize; ++y)
        for (int x = 0; x < kPageSize; ++x) {
          auto rgb = textures_.texel(static_cast<int>(t), x, y);
          std::copy(rgb.begin(), rgb.end(), page->begin() + (static_cast<std::size_t>(y) * kPageSize + x) * 3);
        }
      pages.pages.push_back(SharedBytes(page, 0, page->size()));
    }
    return pages;
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
    TextureSample s = TextureSample::rect(colourPageIndex_, x0, y0, 4, 4);
    s.flipX = s.flipY = -1;
    textures_.samples.push_back(s);
    return colourSamples_[rgb] = static_cast<std::uint16_t>(textures_.samples.size() - 1);
  }

  Mesh convert(const Mesh& level, ExtractedFaces& counts) {
    Mesh m = level;
    m.padding = 0;  // the level's filler word aligns meshes to 4 bytes; the WAD's is its own
    const bool classic = isClassic(level_.game());
    for (auto& p : m.polygons) {
      if (p.coloured) {
        // Its palette colour (black when the palette lacks it), over the whole sample.
        const auto rgb = colouredFaceColour(level_, p.texture).value_or(std::array<std::uint8_t, 3>{0, 0, 0});
        p.texture = WadTextureWord{colourSample(rgb)}.encode(p.quad);
        p.coloured = false;
        ++counts.coloured;
        ++counts.exact;
        continue;
      }
      const std::size_t index = p.texture & 0x7FFF;
      counts.doubleSided += (p.texture & 0x8000) != 0;
      if (index >= level_.data->objectTextures->size()) {
        ++counts.badTexture;
        p.texture = 0;
        continue;
      }
      // TR1-3 faces have no effects word: additive blending is the object texture's attribute 2.
      if (classic) p.attributes = (*level_.data->objectTextures)[index].attribute == 2 ? attr::kTranslucent : 0;
      Mapping map = textures_.mapping(index, p.quad);
      const int n = p.corners();
      std::array<std::uint16_t, 4> v = p.vertices;
      for (int j = 0; j < n; ++j) p.vertices[j] = v[(j + map.rotation) % n];
      p.texture = WadTextureWord{map.sample, map.wad.flipped, map.wad.corner}.encode(p.quad);
      using Q = MappingQuality;
      (map.quality == Q::Exact ? counts.exact : map.quality == Q::Near ? counts.near : counts.approximated)++;
    }
    return m;
  }

  const LevelDocument& level_;
  TextureMapper textures_;
  std::unordered_map<Id, ExtractedFaces> faces_;
  int colourPageIndex_ = 0;
  std::vector<std::uint8_t> colourPage_;  // RGB
  std::map<std::array<std::uint8_t, 3>, std::uint16_t> colourSamples_;
};

}  // namespace

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
      using F = ExtractedFaces;
      for (auto count : {&F::exact, &F::near, &F::approximated, &F::doubleSided, &F::badTexture, &F::coloured})
        sum.*count += it->second.*count;
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
  }
  return notes;
}

}  // namespace wadsmith::merge
