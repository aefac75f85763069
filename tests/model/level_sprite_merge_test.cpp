// Sprite sequences merged into compiled levels (model/merge/sprite_transfer.h, through
// merge::mergeIntoLevel): the merged level round-trips, every level data section but the sprite
// tables keeps its bytes, the only texels that change are under the new sprite textures, and the
// sequence brought back out of the level (merged into an empty WAD set) shows the source's pixels.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <set>

#include "io/document_io.h"
#include "io/file_io.h"
#include "io/level_codec.h"
#include "model/level_textures.h"
#include "model/merge/level_extract.h"
#include "model/merge/level_merge.h"
#include "tests/support/level_merge_check.h"
#include "tests/support/level_sections.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

const std::set<std::string> kSpriteSections = {"sprite textures", "sprite sequences"};

LevelDocument levelAt(const std::filesystem::path& p) { return std::get<LevelDocument>(loadDocument(p)); }

std::vector<std::uint8_t> tilesOf(const LevelDocument& level) {
  return traits(level.game()).classic ? classicTiles32(level) : chunkPayload(level.tiles32);
}

test::Merged mergeSprites(const LevelDocument& level, const WadDocument& src, std::vector<std::int32_t> ids, bool replace = false) {
  merge::Request req;
  req.sprites = std::move(ids);
  req.replace = replace;
  if (!traits(level.game()).classic) return test::mergeInto(level, src, req);
  test::Merged m;
  m.before = level;
  m.result = merge::mergeIntoLevel(level, {}, src, req);
  const auto bytes = writeLevel(m.result.doc);
  m.after = readLevel(bytes, "merged level");
  EXPECT_EQ(test::firstDifference(writeLevel(m.after), bytes), -1) << "the merged level does not round-trip";
  return m;
}

WadDocument objectsOf(const LevelDocument& level) { return merge::extractLevelObjects(level, tilesOf(level)).wad; }

// With its sprite texture table grown to `count` records, the level refuses sequence `id`,
// saying `why`.
void expectRefusedAt(LevelDocument doc, std::size_t count, const WadDocument& src, std::int32_t id, const std::string& why) {
  LevelData data = *doc.data;
  auto textures = *data.spriteTextures;
  textures.resize(count, textures.front());
  data.spriteTextures = share<std::vector<SpriteTexture>>(std::move(textures));
  doc.data = share<LevelData>(std::move(data));
  try {
    mergeSprites(doc, src, {id});
    ADD_FAILURE() << "no refusal";
  } catch (const merge::MergeError& e) {
    EXPECT_NE(std::string(e.what()).find(why), std::string::npos) << e.what();
  }
}

// The level's sequence `id` brought out again: merged from the level into an empty WAD set.
SpriteFile broughtBack(const LevelDocument& level, std::int32_t id) {
  merge::Request req;
  req.sprites = {id};
  return *merge::mergeObjects(WadDocument::empty(), objectsOf(level), req).doc.sprites;
}

// Each texture of sequence `id` in `b` shows the pixels of its counterpart in `a` (each
// component within `tolerance`; transparent magenta exactly). Returns the pixels compared.
std::size_t expectSamePixels(const SpriteFile& a, const SpriteFile& b, std::int32_t id, int tolerance = 0) {
  const auto *sa = a.sequence(id), *sb = b.sequence(id);
  if (!sa || !sb) {
    ADD_FAILURE() << "sequence " << id << " missing";
    return 0;
  }
  EXPECT_EQ(sa->negativeLength, sb->negativeLength);
  std::size_t n = 0;
  for (int k = 0; k < sequenceLength(*sa) && k < sequenceLength(*sb); ++k) {
    const auto& ta = a.textures[static_cast<std::size_t>(sa->offset + k)];
    const auto& tb = b.textures[static_cast<std::size_t>(sb->offset + k)];
    EXPECT_EQ(spriteWidth(ta), spriteWidth(tb));
    EXPECT_EQ(spriteHeight(ta), spriteHeight(tb));
    for (int y = 0; y < std::min(spriteHeight(ta), 256 - ta.y); ++y)
      for (int x = 0; x < std::min(spriteWidth(ta), 256 - ta.x); ++x, ++n) {
        const std::uint8_t *pa = a.pages.pixel(ta.tile, ta.x + x, ta.y + y), *pb = b.pages.pixel(tb.tile, tb.x + x, tb.y + y);
        const bool ok = pa && pb && (isMagenta(pa) ? isMagenta(pb)
                                                   : !isMagenta(pb) && std::abs(pa[0] - pb[0]) <= tolerance &&
                                                         std::abs(pa[1] - pb[1]) <= tolerance && std::abs(pa[2] - pb[2]) <= tolerance);
        if (!ok) {
          ADD_FAILURE() << "sequence " << id << " texture " << k << " pixel " << x << "," << y;
          return n;
        }
      }
  }
  return n;
}

// Every level data section but the sprite tables keeps its bytes, and every texel that changed
// lies under a sprite texture the merge added (tile indices past the new tiles: as they were).
void expectOnlySpritesChanged(const test::Merged& m) {
  EXPECT_GT(test::expectSectionsKept(m.before, m.after, kSpriteSections), 12u);
  const auto a = tilesOf(m.before), b = tilesOf(m.after);
  const auto& added = m.result.report.spriteReport.added;
  ASSERT_EQ(added.size(), m.after.data->spriteTextures->size());
  std::set<std::size_t> covered;  // texel indices in `b` under new sprite textures
  for (std::size_t i = 0; i < added.size(); ++i) {
    if (!added[i]) continue;
    const auto& t = (*m.after.data->spriteTextures)[i];
    for (int y = t.y; y < std::min(t.y + spriteHeight(t), 256); ++y)
      for (int x = t.x; x < std::min(t.x + spriteWidth(t), 256); ++x) covered.insert((std::size_t{t.tile} * 256 + y) * 256 + x);
  }
  // New sprites lie in object tiles (TR4/5; TR1-3 tiles are shared) clear of every object texture.
  const bool classic = traits(m.before.game()).classic;
  for (auto o : *m.after.data->objectTextures) {
    if (classic && o.corners[3] == ObjectTextureCorner{}) o.tileAndFlag |= 0x8000;  // a TR1-3 triangle
    auto r = merge::objectTextureTexels(o);
    for (int y = r.y; y < r.y + r.height; y += 2)
      for (int x = r.x; x < r.x + r.width; x += 2)
        ASSERT_FALSE(covered.count((std::size_t(r.tile) * 256 + y) * 256 + x)) << "a new sprite covers an object texture";
  }
  const std::size_t objectTiles = m.after.numRoomTiles + m.after.numObjectTiles;
  for (auto texel : covered) {
    if (!classic) {
      ASSERT_TRUE(texel / 65536 >= m.after.numRoomTiles && texel / 65536 < objectTiles) << "outside the object tiles";
    }
  }
  const std::size_t newTiles = m.result.tilesAdded, firstNew = m.before.numRoomTiles + m.before.numObjectTiles;
  const std::size_t shift = classic ? 0 : newTiles;
  for (std::size_t i = 0; i < a.size() / 4; ++i) {
    const std::size_t tile = i / 65536, j = tile >= firstNew && shift ? i + shift * 65536 : i;
    if (std::equal(a.begin() + i * 4, a.begin() + i * 4 + 4, b.begin() + j * 4)) continue;
    ASSERT_TRUE(covered.count(j)) << "a texel of tile " << tile << " changed outside the new sprites";
  }
  EXPECT_TRUE(m.before.miscTiles.compressed.copy() == m.after.miscTiles.compressed.copy());
  EXPECT_TRUE(m.before.trailer.copy() == m.after.trailer.copy());
}

// TR4/5 records name their texels in the sides, as TRLE writes them.
void expectTexelSides(const test::Merged& m) {
  for (const auto& t : *m.after.data->spriteTextures) {
    EXPECT_EQ(t.left, t.x);
    EXPECT_EQ(t.top, t.y);
    EXPECT_EQ(t.right, t.x + spriteWidth(t));
    EXPECT_EQ(t.bottom, t.y + spriteHeight(t));
  }
}

TEST(LevelSpriteMerge, Tut1SkyGraphicsIntoTest1AndTheTitleLevel) {
  auto wad = test::corpusFile("wad/tut1.WAD");
  WADSMITH_REQUIRE_CORPUS(wad);
  const auto src = loadWad(wad);
  ASSERT_TRUE(src.sprites);
  for (const char* level : {"tr4/TEST1.TR4", "tr4/title_ng.tr4"}) {
    SCOPED_TRACE(level);
    auto path = test::corpusFile(level);
    WADSMITH_REQUIRE_CORPUS(path);
    const auto m = mergeSprites(levelAt(path), src, {460});
    ASSERT_EQ(m.result.report.spriteReport.merged.size(), 1u);
    EXPECT_EQ(m.after.data->spriteSequences->size(), m.before.data->spriteSequences->size() + 1);
    EXPECT_EQ(m.after.data->spriteTextures->size(), m.before.data->spriteTextures->size() + 4);
    expectOnlySpritesChanged(m);
    expectTexelSides(m);
    EXPECT_GT(expectSamePixels(*src.sprites, broughtBack(m.after, 460), 460), 4u * 64 * 64 - 1);
    // The level's own sequences show what they showed.
    for (const auto& q : *m.before.data->spriteSequences) expectSamePixels(broughtBack(m.before, q.spriteId), broughtBack(m.after, q.spriteId), q.spriteId);
    // Sequences in slot order, as the levels keep them.
    const auto& seqs = *m.after.data->spriteSequences;
    EXPECT_TRUE(std::is_sorted(seqs.begin(), seqs.end(), [](const auto& x, const auto& y) { return x.spriteId < y.spriteId; }));
  }
}

TEST(LevelSpriteMerge, ReplacingDefaultSpritesReusesIdenticalPixelsAndFreesTheOldOnes) {
  auto wad = test::corpusFile("wad/tut1.WAD");
  auto level = test::corpusFile("tr4/title_ng.tr4");
  WADSMITH_REQUIRE_CORPUS(wad);
  WADSMITH_REQUIRE_CORPUS(level);
  const auto src = loadWad(wad);
  const auto m = mergeSprites(levelAt(level), src, {463}, true);
  const auto& note = m.result.report.spriteReport.merged.at(0);
  EXPECT_TRUE(note.replaced);
  EXPECT_EQ(note.textures, 33u);
  EXPECT_GT(note.pixelsReused, 20u);  // tut1's and the title's default sprites share most pixels
  EXPECT_EQ(m.after.data->spriteTextures->size(), m.before.data->spriteTextures->size());  // the old ones went
  EXPECT_EQ(m.result.tilesAdded, 0u);
  expectOnlySpritesChanged(m);
  expectTexelSides(m);
  EXPECT_GT(expectSamePixels(*src.sprites, broughtBack(m.after, 463), 463), 0u);
  expectSamePixels(broughtBack(m.before, 470), broughtBack(m.after, 470), 470);
  // The replaced sequence's textures took the place of the old ones: 463 first, then 470.
  EXPECT_EQ((*m.after.data->spriteSequences)[0], (SpriteSequence{463, -33, 0}));
  EXPECT_EQ((*m.after.data->spriteSequences)[1], (SpriteSequence{470, -21, 33}));
  // Without --replace the level's sequence stays: refused.
  EXPECT_THROW(mergeSprites(levelAt(level), src, {463}), merge::MergeError);
}

// New pixels of a replaced sequence's size go where the old ones were: title_ng's 470 (21
// textures of 126 x 126, most of five tiles) replaced by the same sprites in inverted colours.
TEST(LevelSpriteMerge, ReplacedTexturesOfTheSameSizeTakeTheOldSpots) {
  auto path = test::corpusFile("tr4/title_ng.tr4");
  WADSMITH_REQUIRE_CORPUS(path);
  const auto level = levelAt(path);
  auto src = objectsOf(level);
  SpriteFile inverted = *src.sprites;
  for (auto& page : inverted.pages.pages) {
    auto bytes = page.copy();
    for (std::size_t i = 0; i + 2 < bytes.size(); i += 3)
      if (!isMagenta(&bytes[i])) bytes[i] ^= 0xFF, bytes[i + 1] ^= 0xFF, bytes[i + 2] ^= 0xFF;
    page = SharedBytes(std::move(bytes));
  }
  src.sprites = share<SpriteFile>(std::move(inverted));
  const auto m = mergeSprites(level, src, {470}, true);
  EXPECT_EQ(m.result.tilesAdded, 0u);
  EXPECT_EQ(m.result.report.spriteReport.merged.at(0).pixelsReused, 0u);
  for (std::size_t i = 33; i < 54; ++i) {
    const auto &a = (*m.before.data->spriteTextures)[i], &b = (*m.after.data->spriteTextures)[i];
    EXPECT_TRUE(a.tile == b.tile && a.x == b.x && a.y == b.y) << "sprite texture " << i;
  }
  expectOnlySpritesChanged(m);
  EXPECT_GT(expectSamePixels(*src.sprites, broughtBack(m.after, 470), 470), 21u * 126 * 126 - 1);
  expectSamePixels(broughtBack(m.before, 463), broughtBack(m.after, 463), 463);
}

// A level's own sequences merged over themselves leave the file as it was.
TEST(LevelSpriteMerge, ALevelsSequencesOverThemselvesLeaveItsBytes) {
  for (const char* name : {"tr4/title_ng.tr4", "trlevels/TEST1.TR2"}) {
    auto path = test::corpusFile(name);
    WADSMITH_REQUIRE_CORPUS(path);
    const auto level = levelAt(path);
    std::vector<std::int32_t> ids;
    for (const auto& q : *level.data->spriteSequences) ids.push_back(q.spriteId);
    merge::Request req;
    req.sprites = ids;
    req.replace = true;
    const bool classic = traits(level.game()).classic;
    const auto t32 = classic ? std::vector<std::uint8_t>{} : chunkPayload(level.tiles32);
    const auto t16 = classic ? std::vector<std::uint8_t>{} : chunkPayload(level.tiles16);
    const auto r = merge::mergeIntoLevel(level, {t32, t16}, objectsOf(level), req);
    EXPECT_EQ(test::firstDifference(writeLevel(r.doc), readFileBytes(path)), -1) << name;
  }
}

// title_ng's large sprites (470: 21 of 126 x 126) need new object tiles in TEST1: inserted
// before the bump tiles, which the level's sprites and object textures follow (no corpus level
// has bump tiles: TEST1's last tile, where its sprites are, is counted as one for the second run).
TEST(LevelSpriteMerge, LevelToLevelWithNewObjectTiles) {
  auto from = test::corpusFile("tr4/title_ng.tr4");
  auto into = test::corpusFile("tr4/TEST1.TR4");
  WADSMITH_REQUIRE_CORPUS(from);
  WADSMITH_REQUIRE_CORPUS(into);
  const auto src = objectsOf(levelAt(from));
  for (int bump : {0, 1}) {
    auto dst = levelAt(into);
    dst.numObjectTiles = static_cast<std::uint16_t>(dst.numObjectTiles - bump);
    dst.numBumpTiles = static_cast<std::uint16_t>(bump);
    const auto m = mergeSprites(dst, src, {470});
    EXPECT_GT(m.result.tilesAdded, 0u);
    EXPECT_EQ((*m.after.data->spriteTextures)[0].tile, (*m.before.data->spriteTextures)[0].tile + bump * m.result.tilesAdded);
    EXPECT_EQ(m.after.numObjectTiles, m.before.numObjectTiles + m.result.tilesAdded);
    expectOnlySpritesChanged(m);
    expectTexelSides(m);
    EXPECT_GT(expectSamePixels(*src.sprites, broughtBack(m.after, 470), 470), 21u * 126 * 126 - 1);
    expectSamePixels(broughtBack(m.before, 463), broughtBack(m.after, 463), 463);
  }
}

// With objects in the same merge: the objects' faces and the sprites share the free space.
TEST(LevelSpriteMerge, WithAMovableInTheSameMerge) {
  auto wad = test::corpusFile("wad/tut1.WAD");
  auto level = test::corpusFile("tr4/TEST1.TR4");
  WADSMITH_REQUIRE_CORPUS(wad);
  WADSMITH_REQUIRE_CORPUS(level);
  const auto src = test::wadWithSamples(wad);
  merge::Request req;
  req.movables = {0};  // LARA
  req.sprites = {460};
  req.replace = true;
  const auto m = test::mergeInto(levelAt(level), src, req);
  test::expectSameObjects(m, src);
  EXPECT_GT(expectSamePixels(*src.sprites, broughtBack(m.after, 460), 460), 0u);
}

TEST(LevelSpriteMerge, RefusedPastTheSpriteTextureLimitAndForAMissingSequence) {
  auto wad = test::corpusFile("wad/tut1.WAD");
  auto level = test::corpusFile("tr4/TEST1.TR4");
  WADSMITH_REQUIRE_CORPUS(wad);
  WADSMITH_REQUIRE_CORPUS(level);
  const auto src = loadWad(wad);
  expectRefusedAt(levelAt(level), merge::kMaxLevelSpriteTextures - 2, src, 460,
                  "32769 sprite textures, 2 more than TR4's limit of 32767");
  EXPECT_THROW(mergeSprites(levelAt(level), src, {999}), merge::MergeError);
}

// TR1-3: the tiles are shared, texels go in the game's forms (TR2: 8-bit nearest palette colour
// and 16-bit ARGB1555), the records keep world units in the sides; 512 sprite textures at most.
TEST(LevelSpriteMerge, IntoATr2Level) {
  auto from = test::corpusFile("tr4/title_ng.tr4");
  auto into = test::corpusFile("trlevels/TEST1.TR2");
  WADSMITH_REQUIRE_CORPUS(from);
  WADSMITH_REQUIRE_CORPUS(into);
  const auto src = objectsOf(levelAt(from));
  const auto m = mergeSprites(levelAt(into), src, {463});
  expectOnlySpritesChanged(m);
  EXPECT_GT(expectSamePixels(*src.sprites, broughtBack(m.after, 463), 463, 8), 0u);  // 5-bit components
  const auto& seq = m.after.data->spriteSequences->back();
  const auto& t = (*m.after.data->spriteTextures)[static_cast<std::size_t>(seq.offset)];
  EXPECT_EQ(t.width & 0xFF, 0xFF);  // (size - 1) x 256 + 255, as TR1-3 store it
  EXPECT_EQ(t.left, -2 * spriteWidth(t));  // made: a TR4 level's sides name texels
  EXPECT_EQ(t.bottom, 0);

  expectRefusedAt(m.before, 500, src, 463, "533 sprite textures, 21 more than TR2's limit of 512");
}

}  // namespace
}  // namespace wadsmith
