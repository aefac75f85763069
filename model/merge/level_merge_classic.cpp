// Merging into TR1-3 levels: the steps of mergeIntoLevel (level_merge.h) in those games' terms.
// - Textures: the tiles are shared by rooms and objects, so new pixels go wherever no object
//   texture or sprite lies, then into new tiles after the last. Each texel is written in every
//   form the game keeps: the 8-bit tiles take the nearest palette colour (index 0 is
//   transparent; the largest component error is reported), TR2/3's 16-bit tiles ARGB1555.
// - Object textures are TR1-3 records (level_faces.h); faces have no effects word.
// - Keyframes go back to the game's words (keyframe_convert.h fromTr4Keyframes).
// - Sounds as into a TR4 level, in the game's tables (level_sound_merge.h mergeClassicLevelSounds).
#include <algorithm>
#include <cstdlib>
#include <unordered_map>

#include "model/level_sound_details.h"
#include "model/level_textures.h"
#include "model/merge/claims.h"
#include "model/merge/keyframe_convert.h"
#include "model/merge/level_extract.h"
#include "model/merge/level_faces.h"
#include "model/merge/level_merge.h"
#include "model/merge/level_replace.h"
#include "model/sprites.h"

namespace wadsmith::merge {

namespace {

constexpr std::size_t kTexels = std::size_t{kPageSize} * kPageSize;

// The original engines' tables (TR-Rando packs to the same): 2048 object textures, 16 texture
// pages in TR1 and TR2, 32 in TR3; 512 sprite textures (TR1X's output/const.h keeps the
// originals' tables).
std::size_t maxTiles(Game g) { return g == Game::TR3 ? 32 : 16; }
constexpr std::size_t kMaxClassicObjectTextures = 2048, kMaxClassicSpriteTextures = 512;

// Where no new pixels may go: every object texture's texels (a triangle leaves its fourth
// corner 0), every sprite, and the page of coloured faces' colours the extraction added.
std::vector<TextureSample> reservedAreas(const LevelDocument& level, std::size_t pages, bool sprites = true) {
  std::vector<TextureSample> out;
  const int tiles = static_cast<int>(level.classic.tileCount);
  for (auto t : *level.data->objectTextures) {
    if (t.corners[3] == ObjectTextureCorner{}) t.tileAndFlag |= 0x8000;
    const LevelTextureRect r = objectTextureTexels(t);
    if (r.tile < tiles) out.push_back(TextureSample::rect(r.tile, r.x, r.y, r.width, r.height));
  }
  for (const auto& s : sprites ? *level.data->spriteTextures : std::vector<SpriteTexture>{}) {
    const int w = std::min(spriteWidth(s), kPageSize - s.x), h = std::min(spriteHeight(s), kPageSize - s.y);
    if (s.tile < tiles) out.push_back(TextureSample::rect(s.tile, s.x, s.y, w, h));
  }
  for (std::size_t p = level.classic.tileCount; p < pages; ++p) out.push_back(TextureSample::rect(static_cast<int>(p), 0, 0, kPageSize, kPageSize));
  return out;
}

// The level's 8-bit (and 16-bit) tiles with texels written in the game's forms.
class ClassicTiles {
 public:
  ClassicTiles(const LevelDocument& level, std::size_t added)
      : palette_(eightBitPalette(level)), has16_(traits(level.game()).tiles16) {
    if (!palette_) throw MergeError("the level has no palette for its 8-bit tiles: nothing was changed");
    const auto& c = level.classic;
    t8_.assign(c.tiles8.data(), c.tiles8.data() + c.tiles8.size());
    t8_.resize(t8_.size() + added * kTexels, 0);
    if (has16_) {
      t16_.assign(c.tiles16.data(), c.tiles16.data() + c.tiles16.size());
      t16_.resize(t16_.size() + added * kTexels * 2, 0);
    }
  }

  void put(std::size_t texel, const std::uint8_t* rgb) {
    const bool transparent = isMagenta(rgb);
    t8_[texel] = transparent ? 0 : nearest(rgb);
    if (!has16_) return;
    auto five = [](std::uint8_t c) { return static_cast<std::uint16_t>((c * 31 + 127) / 255); };
    const std::uint16_t w = transparent ? 0 : 0x8000 | five(rgb[0]) << 10 | five(rgb[1]) << 5 | five(rgb[2]);
    t16_[texel * 2] = static_cast<std::uint8_t>(w & 0xFF), t16_[texel * 2 + 1] = static_cast<std::uint8_t>(w >> 8);
  }

  void store(ClassicTextures& c, std::size_t tiles) {
    c.tileCount = static_cast<std::uint32_t>(tiles);
    c.tiles8 = SharedBytes(std::move(t8_));
    if (has16_) c.tiles16 = SharedBytes(std::move(t16_));
  }

  int error = 0;  // the largest component difference of a texel's palette colour

 private:
  // The palette colour closest to `rgb` (index 0, transparent, left out).
  std::uint8_t nearest(const std::uint8_t* rgb) {
    const std::uint32_t key = std::uint32_t{rgb[0]} << 16 | rgb[1] << 8 | rgb[2];
    auto [it, fresh] = nearest_.try_emplace(key, 1);
    if (fresh) {
      int best = 1 << 30;
      for (int i = 1; i < 256; ++i) {
        const auto e = paletteEntry(palette_, static_cast<std::uint8_t>(i));
        const int d = (e[0] - rgb[0]) * (e[0] - rgb[0]) + (e[1] - rgb[1]) * (e[1] - rgb[1]) + (e[2] - rgb[2]) * (e[2] - rgb[2]);
        if (d < best) best = d, it->second = static_cast<std::uint8_t>(i);
      }
    }
    const auto e = paletteEntry(palette_, it->second);
    for (int k = 0; k < 3; ++k) error = std::max(error, std::abs(e[k] - rgb[k]));
    return it->second;
  }

  const std::uint8_t* palette_;
  bool has16_;
  std::vector<std::uint8_t> t8_, t16_;
  std::unordered_map<std::uint32_t, std::uint8_t> nearest_;
};

// The merge's changed and new pages into the tiles: the level's tiles keep their index, pages
// after the extraction's become tiles after the level's.
int writeTiles(LevelDocument& out, const TexturePages& before, const TexturePages& after, std::size_t added) {
  const std::size_t tiles = out.classic.tileCount;
  ClassicTiles t(out, added);
  bool changed = added > 0;
  for (std::size_t p = 0; p < after.pages.size(); ++p) {
    const bool fresh = p >= before.pages.size();
    if (!fresh && (p >= tiles || after.pages[p].data() == before.pages[p].data())) continue;
    const std::size_t base = (fresh ? tiles + p - before.pages.size() : p) * kTexels;
    const auto& page = after.pages[p];
    for (std::size_t i = 0; i * 3 + 2 < page.size(); ++i) {
      if (!fresh && std::equal(page.data() + i * 3, page.data() + i * 3 + 3, before.pages[p].data() + i * 3)) continue;
      t.put(base + i, page.data() + i * 3);
      changed = true;
    }
  }
  if (changed) t.store(out.classic, tiles + added);
  return t.error;
}

// Every limit the result passes, named in one refusal.
void checkLimits(Game g, const LevelData& d, std::size_t tiles) {
  std::string over;
  auto fits = [&](std::size_t n, std::size_t limit, const char* what) {
    if (n > limit)
      over += std::string(over.empty() ? "" : "; ") + std::to_string(n) + " " + what + ", " + std::to_string(n - limit) +
              " more than " + gameName(g) + "'s limit of " + std::to_string(limit);
  };
  fits(d.objectTextures->size(), kMaxClassicObjectTextures, "object textures");
  fits(tiles, maxTiles(g), "texture tiles");
  fits(d.objects.meshPointers->size(), kMaxPointers, "mesh pointers");
  fits(d.spriteTextures->size(), kMaxClassicSpriteTextures, "sprite textures");
  if (!over.empty()) throw MergeError("the merged level would have " + over + ": nothing was changed");
}

}  // namespace

LevelMerge mergeIntoClassicLevel(const LevelDocument& level, const WadDocument& source, Request req, MainSfxSamples sfx) {
  const auto tiles32 = classicTiles32(level);
  Extracted ex = extractLevelObjects(level, tiles32);
  ex.wad.was = nullptr;
  ex.wad.sounds = share<SoundSet>(classicLevelSoundSet(*level.data));
  const std::size_t extracted = ex.wad.pixels->pages.size(), tiles = level.classic.tileCount;
  req.reserved = reservedAreas(level, extracted);
  Result merged = mergeLevelObjects(ex.wad, source, req);
  LevelData data = *level.data;
  TexturePages pages = *merged.doc.pixels;
  merged.report.spriteReport = mergeLevelSprites(data, pages, merged, source, req, reservedAreas(level, extracted, false));

  const std::size_t added = std::max(pages.pages.size(), extracted) - extracted;
  auto tileOf = [&](int page) {
    const auto p = static_cast<std::size_t>(page);
    if (p >= tiles && p < extracted) throw MergeError("a merged face landed on the page of coloured faces' colours");
    return static_cast<int>(p < tiles ? p : tiles + p - extracted);
  };
  LevelFaces faces(*level.data->objectTextures, *merged.doc.samples, tileOf, merged.doc.pixels.get());
  if (!req.sprites.empty()) {  // the new sprite textures name pages
    auto sprites = *data.spriteTextures;
    for (std::size_t i = 0; i < sprites.size(); ++i)
      if (merged.report.spriteReport.added[i]) sprites[i].tile = static_cast<std::uint16_t>(tileOf(sprites[i].tile));
    data.spriteTextures = share<std::vector<SpriteTexture>>(std::move(sprites));
  }
  data.objects = fromTr4Keyframes(merged.doc.objects, level.data->objects);
  data.objects.meshes = faces.levelMeshes(*level.data->objects.meshes, *merged.doc.objects.meshes);
  if (faces.added) data.objectTextures = share<std::vector<ObjectTexture>>(faces.textures());
  checkLimits(level.game(), data, tiles + added);

  LevelMerge out;
  out.sounds = mergeClassicLevelSounds(data, source.sounds ? *source.sounds : SoundSet{}, merged.report.soundReport,
                                       droppedSounds(ex.wad, merged, *level.data, req), sfx);
  out.mainSfxAppended = std::move(sfx.appended);
  out.doc = level;
  out.paletteError = writeTiles(out.doc, *ex.wad.pixels, pages, added);
  out.doc.data = share<LevelData>(std::move(data));
  out.doc.nextId = merged.doc.nextId;
  out.report = std::move(merged.report);
  out.objectTexturesAdded = faces.added;
  out.objectTexturesReused = faces.reused;
  out.tilesAdded = added;
  return out;
}

}  // namespace wadsmith::merge
