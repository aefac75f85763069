// Objects extracted from a TR4 level: every face shows the texels the level face shows (each
// vertex's sample corner holds the texel under the level's UV corner), the face is the same
// (its vertex order at most rotated), and the extracted objects merge like any WAD object.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "io/document_io.h"
#include "io/level_codec.h"
#include "io/wad_files.h"
#include "model/merge/level_extract.h"
#include "model/merge/merge.h"
#include "model/object_view.h"
#include "model/texture_mapping.h"
#include "model/texture_word.h"
#include "tests/model/merge_check.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {


struct Level {
  LevelDocument doc;
  std::vector<std::uint8_t> tiles;
  merge::Extracted extraction;
};

Level open(const std::filesystem::path& p) {
  auto doc = std::get<LevelDocument>(loadDocument(p));
  auto tiles = chunkPayload(doc.tiles32);
  auto e = merge::extractLevelObjects(doc, tiles);
  return {doc, std::move(tiles), std::move(e)};
}

std::array<std::uint8_t, 3> levelTexel(const Level& l, int tile, int x, int y) {
  std::size_t at = (static_cast<std::size_t>(tile) * 65536 + static_cast<std::size_t>(y) * 256 + x) * 4;
  if (l.tiles[at + 3] < 128) return {255, 0, 255};
  return {l.tiles[at + 2], l.tiles[at + 1], l.tiles[at]};
}

struct TexelCheck {
  std::size_t faces = 0, cornersExact = 0, cornersWithinOne = 0, cornersOff = 0;
};

// Compares every face of the object's meshes, level against extracted WAD.
TexelCheck compareTexels(const Level& l, const ObjectRef& key) {
  TexelCheck out;
  const auto& levelTables = l.doc.data->objects;
  const WadDocument& wad = l.extraction.wad;
  ObjectView lv(levelTables), wv(wad.objects);
  std::vector<std::size_t> pointers;
  if (key.kind == ObjectKind::Movable) {
    for (const auto& s : lv.movableMeshes(*lv.findMovable(key.slot))) pointers.push_back(s.pointerIndex);
  } else {
    pointers.push_back(lv.runRange(lv.statics()[*lv.findStatic(key.slot)].pointer).first);
  }
  const auto& textures = *l.doc.data->objectTextures;
  for (auto p : pointers) {
    const auto& target = lv.meshPointers()[p].target;
    const Mesh& lm = *(*levelTables.meshes)[*lv.indexOfId(target.segment)].mesh;
    const Mesh& wm = *(*wad.objects.meshes)[*wv.indexOfId(target.segment)].mesh;
    EXPECT_EQ(lm.vertices, wm.vertices);
    EXPECT_EQ(lm.normals, wm.normals);
    EXPECT_EQ(lm.shades, wm.shades);
    EXPECT_EQ(lm.polygons.size(), wm.polygons.size());
    for (std::size_t f = 0; f < std::min(lm.polygons.size(), wm.polygons.size()); ++f) {
      const Polygon& lp = lm.polygons[f];
      const Polygon& wp = wm.polygons[f];
      ++out.faces;
      EXPECT_EQ(lp.quad, wp.quad);
      if (lp.quad != wp.quad) continue;
      EXPECT_EQ(lp.attributes, wp.attributes);
      const int n = lp.corners();
      int rotation = -1;
      for (int r = 0; r < n && rotation < 0; ++r) {
        bool same = true;
        for (int j = 0; j < n; ++j) same &= wp.vertices[j] == lp.vertices[(j + r) % n];
        if (same) rotation = r;
      }
      EXPECT_GE(rotation, 0) << "face " << f << ": not the same face";
      if (rotation < 0) continue;
      const ObjectTexture& t = textures[lp.texture & 0x7FFF];
      const auto rect = merge::objectTextureTexels(t);
      auto word = WadTextureWord::decode(wp.texture, wp.quad);
      const TextureSample& s = (*wad.samples)[word.sample];
      EXPECT_EQ(s.page, rect.tile);
      const auto cornerPixels = wadFaceCornerPixels(wp, s);
      for (int j = 0; j < n; ++j) {
        const auto& c = t.corners[(j + rotation) % n];
        int ux = std::clamp(static_cast<int>(std::floor(c.xPixel + c.xFraction / 256.0)), rect.x, rect.x + rect.width - 1);
        int uy = std::clamp(static_cast<int>(std::floor(c.yPixel + c.yFraction / 256.0)), rect.y, rect.y + rect.height - 1);
        const auto want = levelTexel(l, rect.tile, ux, uy);
        const int cx = cornerPixels[j][0], cy = cornerPixels[j][1];
        auto at = [&](int x, int y) {
          const auto* px = wad.pixels->pixel(s.page, x, y);
          return std::array<std::uint8_t, 3>{px[0], px[1], px[2]};
        };
        if (at(cx, cy) == want) {
          ++out.cornersExact;
          continue;
        }
        bool near = false;
        for (int dy = -1; dy <= 1; ++dy)
          for (int dx = -1; dx <= 1; ++dx) {
            int x = std::clamp(cx + dx, int(s.x), s.x + s.width() - 1), y = std::clamp(cy + dy, int(s.y), s.y + s.height() - 1);
            near |= at(x, y) == want;
          }
        (near ? out.cornersWithinOne : out.cornersOff)++;
      }
    }
  }
  return out;
}

TEST(LevelExtraction, SyntheticLevelObjectsMergeIntoAWad) {
  auto l = open(test::fixturesDir() / "synthetic.tr4");
  const auto& e = l.extraction;
  EXPECT_EQ(e.wad.objects.movables->size(), 1u);
  EXPECT_EQ(e.wad.pixels->pages.size(), l.doc.tileCount());
  // The fixture's quad texture lists its corners NW, NE, SW, SE (a bow tie, no rectangle
  // mapping): approximated; its triangle is exact.
  auto notes = e.notesFor({{ObjectKind::Movable, 427}, {ObjectKind::Static, 20}});
  EXPECT_EQ(notes, e.notes);  // the level's only objects
  EXPECT_FALSE(notes.empty());
  auto check = compareTexels(l, {ObjectKind::Static, 20});
  EXPECT_GT(check.faces, 0u);

  auto dst = loadWad(test::fixturesDir() / "quirks.wad");
  merge::Request req;
  req.movables = {427};
  req.statics = {20};
  auto r = merge::mergeObjects(dst, e.wad, req);
  test::checkMerge(dst, e.wad, r);
}

TEST(LevelExtraction, MovableFromTest1ShowsTheSameTexels) {
  auto path = test::corpusFile("tr4/TEST1.TR4");
  WADSMITH_REQUIRE_CORPUS(path);
  auto l = open(path);
  const ObjectRef dog{ObjectKind::Movable, 91};
  auto check = compareTexels(l, dog);
  EXPECT_GT(check.faces, 200u);
  // Quads map exactly; TRLE moves triangle corners up to a texel inward, and those corners
  // show a texel next to the sample's corner.
  EXPECT_EQ(check.cornersOff, 0u);
  EXPECT_GT(check.cornersExact, check.cornersWithinOne * 3);
  for (const auto& note : l.extraction.notesFor({dog})) EXPECT_EQ(note.find("not the corners"), std::string::npos) << note;

  // Into a WAD: the merged dog matches the extracted one (meshes, sample pixels, animations).
  auto dst = loadWad(test::fixturesDir() / "sample.wad");
  merge::Request req;
  req.movables = {dog.slot};
  auto r = merge::mergeObjects(dst, l.extraction.wad, req);
  test::checkMerge(dst, l.extraction.wad, r);
  EXPECT_EQ(r.report.merged[0].animations, 25u);
}

TEST(LevelExtraction, EveryObjectOfBothCorpusLevels) {
  WADSMITH_CORPUS_FILES(files, "tr4", {".tr4"});
  for (const auto& path : files) {
    auto l = open(path);
    std::size_t faces = 0, off = 0;
    for (const auto& m : *l.doc.data->objects.movables) {
      auto c = compareTexels(l, {ObjectKind::Movable, m.objectId});
      faces += c.faces;
      off += c.cornersOff;
    }
    for (const auto& s : *l.doc.data->objects.statics) {
      auto c = compareTexels(l, {ObjectKind::Static, s.objectId});
      faces += c.faces;
      off += c.cornersOff;
    }
    // Only faces whose UVs are no rectangle's corners may show other texels at a corner.
    std::size_t approximated = 0;
    for (const auto& [id, f] : l.extraction.meshFaces) approximated += f.approximated;
    EXPECT_LE(off, approximated * 4) << path;
    RecordProperty(path.filename().string() + "_faces", static_cast<int>(faces));
  }
}

}  // namespace
}  // namespace wadsmith
