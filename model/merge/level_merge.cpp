#include "model/merge/level_merge.h"

#include <algorithm>
#include <set>
#include <unordered_map>

#include "model/merge/claims.h"
#include "model/merge/level_extract.h"
#include "model/merge/level_faces.h"
#include "model/merge/level_replace.h"
#include "model/merge/level_sound_merge.h"
#include "model/sprites.h"

namespace wadsmith::merge {

namespace {

constexpr std::size_t kTile32Bytes = std::size_t{kPageSize} * kPageSize * 4, kTile16Bytes = kTile32Bytes / 2;

// Where no new pixels may go: the room and bump tiles whole, every object texture's texels but
// the freed ones', and every sprite (the extracted samples cover only what the level's meshes
// use; the sprite transfer reserves the sprites it keeps itself).
std::vector<TextureSample> reservedAreas(const LevelDocument& level, const std::set<std::uint16_t>& freed, bool sprites = true) {
  std::vector<TextureSample> out;
  const int rooms = level.numRoomTiles, objectsEnd = rooms + level.numObjectTiles, tiles = static_cast<int>(level.tileCount());
  for (int t = 0; t < tiles; ++t)
    if (t < rooms || t >= objectsEnd) out.push_back(TextureSample::rect(t, 0, 0, kPageSize, kPageSize));
  for (std::size_t i = 0; i < level.data->objectTextures->size(); ++i) {
    if (freed.count(static_cast<std::uint16_t>(i))) continue;
    const LevelTextureRect r = objectTextureTexels((*level.data->objectTextures)[i]);
    if (r.tile < tiles) out.push_back(TextureSample::rect(r.tile, r.x, r.y, r.width, r.height));
  }
  for (const auto& s : sprites ? *level.data->spriteTextures : std::vector<SpriteTexture>{}) {
    const int w = std::min(spriteWidth(s), kPageSize - s.x), h = std::min(spriteHeight(s), kPageSize - s.y);
    if (s.tile < tiles) out.push_back(TextureSample::rect(s.tile, s.x, s.y, w, h));
  }
  return out;
}

// The merge's pages back in the level's tiles: pages of the level's tiles keep their index
// (bump tiles move past the new ones), pages the merge added become object tiles after the
// level's.
struct TilePlan {
  int objectsEnd = 0, tiles = 0, added = 0;
  int tileOf(int page) const {
    if (page < objectsEnd) return page;
    if (page < tiles) return page + added;
    return objectsEnd + (page - tiles);
  }
  std::uint16_t moved(std::uint16_t tile) const {
    return tile >= objectsEnd && tile < tiles ? static_cast<std::uint16_t>(tile + added) : tile;
  }
};

void putTexel(std::vector<std::uint8_t>& t32, std::vector<std::uint8_t>& t16, std::size_t pixel, const std::uint8_t* rgb) {
  const bool transparent = rgb[0] == 255 && rgb[1] == 0 && rgb[2] == 255;  // the WAD's magenta
  std::uint8_t* p = t32.data() + pixel * 4;
  p[0] = transparent ? 0 : rgb[2], p[1] = transparent ? 0 : rgb[1], p[2] = transparent ? 0 : rgb[0];
  p[3] = transparent ? 0 : 255;
  // ARGB1555, the components' top 5 bits (what TRLE's own conversion gives for most texels).
  const std::uint16_t w = transparent ? 0 : 0x8000 | (rgb[0] >> 3) << 10 | (rgb[1] >> 3) << 5 | rgb[2] >> 3;
  t16[pixel * 2] = static_cast<std::uint8_t>(w & 0xFF), t16[pixel * 2 + 1] = static_cast<std::uint8_t>(w >> 8);
}

// The tile chunks with the merge's pixels: changed texels of existing tiles, new tiles inserted.
void writeTiles(LevelDocument& out, const LevelTilePixels& in, const TexturePages& before, const TexturePages& after,
                const TilePlan& plan) {
  const auto at32 = static_cast<std::ptrdiff_t>(plan.objectsEnd * kTile32Bytes);
  const auto at16 = static_cast<std::ptrdiff_t>(plan.objectsEnd * kTile16Bytes);
  std::vector<std::uint8_t> t32(in.tiles32.begin(), in.tiles32.end()), t16(in.tiles16.begin(), in.tiles16.end());
  t32.insert(t32.begin() + at32, plan.added * kTile32Bytes, 0);
  t16.insert(t16.begin() + at16, plan.added * kTile16Bytes, 0);
  bool changed = plan.added > 0;
  for (std::size_t p = 0; p < after.pages.size(); ++p) {
    const auto& page = after.pages[p];
    const bool fresh = p >= before.pages.size();
    if (!fresh && page.data() == before.pages[p].data()) continue;
    const std::size_t base = static_cast<std::size_t>(plan.tileOf(static_cast<int>(p))) * kPageSize * kPageSize;
    for (std::size_t i = 0; i * 3 + 2 < page.size(); ++i) {
      if (!fresh && std::equal(page.data() + i * 3, page.data() + i * 3 + 3, before.pages[p].data() + i * 3)) continue;
      putTexel(t32, t16, base + i, page.data() + i * 3);
      changed = true;
    }
  }
  if (!changed) return;
  out.tiles32.payload = share<std::vector<std::uint8_t>>(std::move(t32));
  out.tiles16.payload = share<std::vector<std::uint8_t>>(std::move(t16));
}

// TR5 models end with a filler word (0xFFEF, Tomb Editor 0xFEFF): new ones take the level's.
void fillMovablePadding(ObjectTables& merged, const std::vector<Movable>& level) {
  if (level.empty()) return;
  std::set<Id> had;
  for (const auto& m : level) had.insert(m.id);
  auto movables = *merged.movables;
  for (auto& m : movables)
    if (!had.count(m.id)) m.padding = level.front().padding;
  merged.movables = share<std::vector<Movable>>(std::move(movables));
}

// A RIFF/WAVE file whose format tag (after "fmt " and its size) is 2, MS-ADPCM.
bool msAdpcm(const LevelSample& s) {
  const std::uint8_t* b = s.bytes.data();
  return s.bytes.size() > 22 && std::equal(b, b + 4, "RIFF") && std::equal(b + 12, b + 16, "fmt ") && b[20] == 2 && b[21] == 0;
}

void checkLevelLimits(const LevelData& d, std::size_t tiles) {
  const std::string whose = "the merged level would have";
  auto fits = [&](std::size_t n, std::size_t limit, const char* what) {
    if (n > limit)
      throw MergeError(whose + " " + std::to_string(n) + " " + what + ", " + std::to_string(n - limit) + " more than " +
                       gameName(d.game) + "'s limit of " + std::to_string(limit) + ": nothing was changed");
  };
  fits(d.objectTextures->size(), kMaxLevelObjectTextures, "object textures");
  fits(tiles, kMaxLevelTiles, "texture tiles");
  fits(d.objects.meshPointers->size(), kMaxPointers, "mesh pointers");
  fits(d.spriteTextures->size(), kMaxLevelSpriteTextures, "sprite textures");
}

}  // namespace

Result mergeLevelObjects(const WadDocument& objects, const WadDocument& source, Request req) {
  if (auto problem = checkSprites(objects.sprites.get(), source.sprites, req.sprites, req.replace); !problem.empty())
    throw MergeError(problem);
  if (!req.all && req.movables.empty() && req.statics.empty() && !req.sprites.empty()) return {objects, {}};
  req.sprites.clear();
  return mergeObjects(objects, source, req);
}

SpriteReport mergeLevelSprites(LevelData& data, TexturePages& pages, const Result& merged, const WadDocument& source,
                               const Request& req, std::vector<TextureSample> reserved) {
  if (req.sprites.empty()) return {};
  reserved.insert(reserved.end(), merged.doc.samples->begin(), merged.doc.samples->end());
  return transferLevelSprites(data, pages, *source.sprites, req.sprites, req.replace, std::move(reserved));
}

bool takesOnlyAdpcm(const LevelDocument& level) {
  return !level.samples->empty() && std::all_of(level.samples->begin(), level.samples->end(), msAdpcm);
}

LevelMerge mergeIntoLevel(const LevelDocument& level, const LevelTilePixels& tiles, const WadDocument& source,
                          Request req, MainSfxSamples mainSfx) {
  if (isClassic(level.game())) return mergeIntoClassicLevel(level, source, std::move(req), std::move(mainSfx));
  if (tiles.tiles32.size() < level.tileCount() * kTile32Bytes || tiles.tiles16.size() < level.tileCount() * kTile16Bytes)
    throw MergeError("the level's tile chunks hold fewer tiles than its header counts");
  Extracted ex = extractLevelObjects(level, tiles.tiles32);
  ex.wad.was = nullptr;
  req.reserved = reservedAreas(level, {});
  Result merged = mergeLevelObjects(ex.wad, source, req);
  // What only the replaced objects used is known once the merge removed them: merged again with
  // the freed object textures' texels open to the packer.
  const auto freed = req.replace ? freedObjectTextures(*level.data, *merged.doc.objects.meshes) : std::set<std::uint16_t>{};
  if (!freed.empty()) {
    req.reserved = reservedAreas(level, freed);
    merged = mergeLevelObjects(ex.wad, source, req);
  }
  LevelData data = *level.data;
  TexturePages pages = *merged.doc.pixels;
  merged.report.spriteReport = mergeLevelSprites(data, pages, merged, source, req, reservedAreas(level, freed, false));

  LevelMerge out;
  out.doc = level;
  TilePlan plan;
  plan.objectsEnd = level.numRoomTiles + level.numObjectTiles;
  plan.tiles = static_cast<int>(level.tileCount());
  plan.added = std::max(0, static_cast<int>(pages.pages.size()) - plan.tiles);
  std::vector<ObjectTexture> textures = *data.objectTextures;
  for (auto& t : textures) t.tileAndFlag = static_cast<std::uint16_t>((t.tileAndFlag & 0x8000) | plan.moved(t.tileAndFlag & 0x7FFF));
  if (plan.added || !req.sprites.empty()) {  // the level's sprites move with their tiles; the new ones name pages
    auto sprites = *data.spriteTextures;
    for (std::size_t i = 0; i < sprites.size(); ++i)
      sprites[i].tile = req.sprites.empty() || !merged.report.spriteReport.added[i] ? plan.moved(sprites[i].tile)
                                                                                  : static_cast<std::uint16_t>(plan.tileOf(sprites[i].tile));
    data.spriteTextures = share<std::vector<SpriteTexture>>(std::move(sprites));
  }
  LevelFaces faces(textures, *merged.doc.samples, [&](int page) { return plan.tileOf(page); }, nullptr, freed);
  data.objects = merged.doc.objects;
  data.objects.keyframeFormat = level.data->objects.keyframeFormat;
  fillMovablePadding(data.objects, *level.data->objects.movables);
  data.objects.meshes = faces.levelMeshes(*level.data->objects.meshes, *merged.doc.objects.meshes);
  if (faces.added || plan.added) data.objectTextures = share<std::vector<ObjectTexture>>(faces.textures());
  checkLevelLimits(data, level.tileCount() + plan.added);
  std::vector<LevelSample> samples = *level.samples;
  out.sounds = mergeLevelSounds(data, samples, source.sounds ? *source.sounds : SoundSet{}, merged.report.soundReport,
                                droppedSounds(ex.wad, merged, *level.data, req));
  if (out.sounds.samplesAdded && takesOnlyAdpcm(level) && !std::all_of(samples.begin(), samples.end(), msAdpcm))
    throw MergeError("the level's samples are all MS-ADPCM, the only kind its engine reads (tomb5, retail tomb4), and "
                     "the merged sounds' are not: merge with --sounds none (the level's sounds then stay as they are)");
  if (out.sounds.samplesAdded || out.sounds.samplesFreed) out.doc.samples = share<std::vector<LevelSample>>(std::move(samples));
  out.meshesFreed = freedMeshes(*level.data, *merged.doc.objects.meshes);
  writeTiles(out.doc, tiles, *ex.wad.pixels, pages, plan);
  out.doc.numObjectTiles = static_cast<std::uint16_t>(level.numObjectTiles + plan.added);
  out.doc.data = share<LevelData>(std::move(data));
  out.doc.nextId = merged.doc.nextId;
  out.report = std::move(merged.report);
  out.objectTexturesAdded = faces.added;
  out.objectTexturesReused = faces.reused;
  out.objectTexturesFreed = freed.size();
  out.objectTexturesRefilled = faces.refilled;
  out.objectTexturesDrawnAgain = faces.drawnAgain;
  out.tilesAdded = static_cast<std::size_t>(plan.added);
  return out;
}

}  // namespace wadsmith::merge
