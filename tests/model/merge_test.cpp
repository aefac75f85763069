// Merging objects between WADs and out of a level: the merged objects look and animate as in
// the source, everything else stays as it was, textures are packed into free space.
#include <gtest/gtest.h>

#include <cmath>

#include "io/document_io.h"
#include "io/file_io.h"
#include "io/level_codec.h"
#include "io/wad_codec.h"
#include "io/wad_files.h"
#include "model/merge/level_extract.h"
#include "model/merge/merge.h"
#include "model/merge/page_packer.h"
#include "model/names.h"
#include "model/object_view.h"
#include "model/texture_word.h"
#include "model/texture_mapping.h"
#include "model/validate.h"
#include "tests/support/object_signature.h"
#include "tests/support/test_support.h"
#include "undo/history.h"

namespace wadsmith {
namespace {

WadDocument wad(const std::filesystem::path& p) { return loadWad(p); }
WadDocument reread(const WadDocument& d) { return readWad(writeWad(d), "merged"); }

// Every object of `dst` other than the replaced slots has the same fingerprint in `out`.
void expectUnchanged(const WadDocument& dst, const WadDocument& out, const std::set<std::uint32_t>& replaced = {}) {
  for (const auto& m : *dst.objects.movables) {
    if (replaced.count(m.objectId)) continue;
    EXPECT_EQ(test::signatureDifference(test::objectSignature(dst, movableRef(m.objectId)), test::objectSignature(out, movableRef(m.objectId))), "") << "movable " << m.objectId;
  }
  for (const auto& s : *dst.objects.statics)
    EXPECT_EQ(test::signatureDifference(test::objectSignature(dst, staticRef(s.objectId)), test::objectSignature(out, staticRef(s.objectId))), "") << "static " << s.objectId;
}

std::size_t countWarnings(const WadDocument& d) { return validate(Document(d)).size(); }

TEST(Merge, MovablesFromKarnakIntoTut1) {
  auto dstPath = test::corpusFile("wad/tut1.WAD"), srcPath = test::corpusFile("wad/karnak.WAD");
  WADSMITH_REQUIRE_CORPUS(dstPath);
  WADSMITH_REQUIRE_CORPUS(srcPath);
  auto dst = wad(dstPath), src = wad(srcPath);
  merge::Request req;
  req.movables = {51, 43, 427};  // CROCODILE, BADDY_2, and ANIMATING1 which tut1 lacks
  req.statics = {};
  auto r = merge::mergeObjects(dst, src, req);
  auto out = reread(r.doc);
  for (auto slot : req.movables) EXPECT_EQ(test::signatureDifference(test::objectSignature(src, movableRef(slot)), test::objectSignature(out, movableRef(slot))), "") << slot;
  expectUnchanged(dst, out);
  // Byte-exact round trip of the output, and no validation finding beyond what the sources had.
  auto bytes = writeWad(r.doc);
  EXPECT_EQ(writeWad(readWad(bytes, "out")), bytes);
  std::size_t before = countWarnings(dst);
  EXPECT_LE(countWarnings(out), before + countWarnings(src));
  EXPECT_EQ(r.report.textures.pagesAfter, r.report.textures.pagesBefore);  // tut1 has room for them
  EXPECT_GT(r.report.textures.efficiency, r.report.textures.appendEfficiency + 0.2);
  EXPECT_FALSE(r.report.sounds.empty());
  std::printf("karnak CROCODILE+BADDY_2+ANIMATING1 -> tut1: %zu samples added, %zu reused, pages %d -> %d, "
              "efficiency %.1f%% (appending whole pages: %zu pages, %.1f%%)\n",
              r.report.samplesAdded, r.report.textures.samplesReused, r.report.textures.pagesBefore,
              r.report.textures.pagesAfter, 100 * r.report.textures.efficiency, r.report.appendPages,
              100 * r.report.textures.appendEfficiency);
}

TEST(Merge, StaticsAndWasNamesFollow) {
  auto dstPath = test::corpusFile("wad/tut1.WAD"), srcPath = test::corpusFile("wad/karnak.WAD");
  WADSMITH_REQUIRE_CORPUS(dstPath);
  WADSMITH_REQUIRE_CORPUS(srcPath);
  auto dst = wad(dstPath), src = wad(srcPath);
  // A static karnak has and tut1 lacks.
  std::uint32_t slot = 0;
  for (const auto& s : *src.objects.statics)
    if (!ObjectView(dst.objects).findStatic(s.objectId)) {
      slot = s.objectId;
      break;
    }
  merge::Request req;
  req.statics = {slot};
  auto r = merge::mergeObjects(dst, src, req);
  auto out = reread(r.doc);
  out.was = r.doc.was;
  EXPECT_EQ(test::signatureDifference(test::objectSignature(src, staticRef(slot)), test::objectSignature(out, staticRef(slot))), "");
  expectUnchanged(dst, out);
  ASSERT_TRUE(r.doc.was);
  EXPECT_EQ(r.doc.was->lines.size(), dst.was->lines.size() + 1);
  auto names = objectNames(out);
  auto si = *ObjectView(out.objects).findStatic(slot);
  EXPECT_EQ(names.statics[si], objectNames(src).statics[*ObjectView(src.objects).findStatic(slot)]);
}

TEST(Merge, OccupiedSlotsAreRefusedReplacedOrMoved) {
  auto dst = wad(test::fixturesDir() / "sample.wad");
  auto src = wad(test::fixturesDir() / "sample.wad");
  merge::Request req;
  req.movables = {427};
  EXPECT_THROW(merge::mergeObjects(dst, src, req), merge::MergeError);
  // Placed under another slot: nothing new in the pages (same pixels), meshes shared.
  req.as = 429;
  auto moved = merge::mergeObjects(dst, src, req);
  EXPECT_EQ(moved.report.textures.pagesAfter, moved.report.textures.pagesBefore);
  EXPECT_EQ(moved.report.samplesAdded, 0u);
  EXPECT_GT(moved.report.textures.samplesReused, 0u);
  EXPECT_EQ(moved.report.meshesAdded, 0u);
  auto out = reread(moved.doc);
  EXPECT_EQ(test::signatureDifference(test::objectSignature(src, movableRef(427)), test::objectSignature(out, movableRef(429))), "");
  EXPECT_EQ(moved.doc.was->lines[1].name(), "ANIMATING2");  // the standard name follows the slot
  expectUnchanged(dst, out);
  // Replaced: the old object and what only it used go; the result equals the source object.
  merge::Request replace;
  replace.movables = {427};
  replace.replace = true;
  auto rep = merge::mergeObjects(dst, src, replace);
  auto repOut = reread(rep.doc);
  EXPECT_EQ(test::signatureDifference(test::objectSignature(src, movableRef(427)), test::objectSignature(repOut, movableRef(427))), "");
  EXPECT_EQ(repOut.objects.movables->size(), 1u);
  EXPECT_EQ(repOut.objects.animations->size(), 2u);
  EXPECT_TRUE(rep.report.merged[0].replaced);
}

TEST(Merge, SameObjectAgainAddsNoPagesOnRealFiles) {
  auto path = test::corpusFile("wad/tut1.WAD");
  WADSMITH_REQUIRE_CORPUS(path);
  auto dst = wad(path);
  merge::Request req;
  req.movables = {8};  // LARA_SKIN under a free slot
  req.as = 500;
  auto r = merge::mergeObjects(dst, dst, req);
  EXPECT_EQ(r.report.textures.pagesAfter, r.report.textures.pagesBefore);
  EXPECT_EQ(r.report.samplesAdded, 0u);
  EXPECT_GT(r.report.meshesShared, 0u);
  EXPECT_EQ(test::signatureDifference(test::objectSignature(dst, movableRef(8)), test::objectSignature(reread(r.doc), movableRef(500))), "");
}

TEST(Merge, RelatedSlotsAreReportedAndBroughtAlong) {
  auto src = wad(test::fixturesDir() / "sample.wad");
  // A source with LARA but no skin: nothing to bring; a source with both: reported.
  auto tut = test::corpusFile("wad/tut1.WAD");
  WADSMITH_REQUIRE_CORPUS(tut);
  auto full = wad(tut);
  merge::Request req;
  req.movables = {0};
  auto r = merge::mergeObjects(src, full, req);
  ASSERT_EQ(r.report.relatedMissing.size(), 2u);
  EXPECT_NE(r.report.relatedMissing[0].find("LARA_SKIN"), std::string::npos);
  req.withRelated = true;
  auto w = merge::mergeObjects(src, full, req);
  EXPECT_TRUE(w.report.relatedMissing.empty());
  ObjectView v(w.doc.objects);
  EXPECT_TRUE(v.findMovable(8) && v.findMovable(9));
  auto out = reread(w.doc);
  for (std::uint32_t slot : {0u, 8u, 9u}) EXPECT_EQ(test::signatureDifference(test::objectSignature(full, movableRef(slot)), test::objectSignature(out, movableRef(slot))), "");
}

TEST(Merge, AllObjectsIsOneUndoStep) {
  auto dstBytes = readFileBytes(test::fixturesDir() / "quirks.wad");
  auto dst = readWad(dstBytes, "quirks.wad");
  auto src = wad(test::fixturesDir() / "sample.wad");
  History<Document> h{Document(dst)};
  merge::Request req;
  req.all = true;
  auto r = merge::mergeObjects(dst, src, req);
  h.push(Document(r.doc), "merge");
  auto out = reread(r.doc);
  EXPECT_EQ(test::signatureDifference(test::objectSignature(src, movableRef(427)), test::objectSignature(out, movableRef(427))), "");
  EXPECT_EQ(test::signatureDifference(test::objectSignature(src, staticRef(30)), test::objectSignature(out, staticRef(30))), "");
  expectUnchanged(dst, out);
  h.undo();
  EXPECT_EQ(encodeDocument(h.current()), dstBytes);
}

TEST(Merge, PackingFitsFreeSpaceBeforeAddingPages) {
  // A page with one 64x64 sample: three more fit without a new page; a 200x200 does not.
  merge::PagePacker p(1);
  p.cover(0, 0, 0, 64, 64);
  struct Placed {
    int page, x, y, w, h;
  };
  std::vector<Placed> placed{{0, 0, 0, 64, 64}};
  for (int i = 0; i < 3; ++i) {
    auto s = p.place(64, 64);
    placed.push_back({s.page, s.x, s.y, 64, 64});
  }
  EXPECT_EQ(p.pageCount(), 1);
  auto big = p.place(200, 200);
  placed.push_back({big.page, big.x, big.y, 200, 200});
  EXPECT_EQ(p.pageCount(), 2);
  for (std::size_t i = 0; i < placed.size(); ++i)
    for (std::size_t j = i + 1; j < placed.size(); ++j) {
      const auto& a = placed[i];
      const auto& b = placed[j];
      bool overlap = a.page == b.page && a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
      EXPECT_FALSE(overlap) << i << " and " << j;
    }
}

// The texel a level face samples at a corner (BGRA tiles, alpha 0 = magenta).
std::array<std::uint8_t, 3> levelTexel(const std::vector<std::uint8_t>& tiles, const ObjectTexture& t, int corner) {
  auto uv = objectTextureUVs(t);
  int x = static_cast<int>(std::floor(uv[corner].u)), y = static_cast<int>(std::floor(uv[corner].v));
  std::size_t at = static_cast<std::size_t>(t.tile()) * 256 * 256 * 4 + (std::size_t(y) * 256 + x) * 4;
  if (tiles[at + 3] == 0) return {255, 0, 255};
  return {tiles[at + 2], tiles[at + 1], tiles[at]};
}

TEST(Merge, ExtractedLevelMovableSamplesTheSameTexels) {
  auto path = test::corpusFile("tr4/TEST1.TR4");
  WADSMITH_REQUIRE_CORPUS(path);
  auto level = std::get<LevelDocument>(loadDocument(path));
  auto tiles = chunkPayload(level.tiles32);
  auto extracted = merge::extractLevelObjects(level, tiles);
  // Merge Lara's skin (model 8) out of the level into the sample WAD, then compare texels.
  auto dst = wad(test::fixturesDir() / "sample.wad");
  merge::Request req;
  req.movables = {8};
  auto r = merge::mergeObjects(dst, extracted.wad, req);
  auto out = reread(r.doc);
  ObjectView lv(level.data->objects), ov(out.objects);
  auto levelMeshes = lv.movableMeshes(*lv.findMovable(8));
  auto outMeshes = ov.movableMeshes(*ov.findMovable(8));
  ASSERT_EQ(levelMeshes.size(), outMeshes.size());
  std::size_t faces = 0, exact = 0;
  for (std::size_t k = 0; k < levelMeshes.size(); ++k) {
    const Mesh& lm = *levelMeshes[k].mesh;
    const Mesh& om = *outMeshes[k].mesh;
    ASSERT_EQ(lm.vertices, om.vertices);
    ASSERT_EQ(lm.normals, om.normals);
    ASSERT_EQ(lm.polygons.size(), om.polygons.size());
    for (std::size_t f = 0; f < lm.polygons.size(); ++f) {
      const Polygon& lp = lm.polygons[f];
      const Polygon& op = om.polygons[f];
      ++faces;
      EXPECT_EQ(lp.attributes, op.attributes);
      const ObjectTexture& ot = (*level.data->objectTextures)[lp.texture & 0x7FFF];
      auto sample = (*out.samples)[WadTextureWord::decode(op.texture, op.quad).sample];
      auto pixels = wadFaceCornerPixels(op, sample);
      // The WAD face may list the same vertices rotated: match each vertex to its level corner.
      bool same = true;
      for (int c = 0; c < op.corners(); ++c) {
        int lc = 0;
        while (lc < lp.corners() && lp.vertices[lc] != op.vertices[c]) ++lc;
        ASSERT_LT(lc, lp.corners());
        auto want = levelTexel(tiles, ot, lc);
        const std::uint8_t* got = out.pixels->pixel(sample.page, pixels[c][0], pixels[c][1]);
        ASSERT_NE(got, nullptr);
        same &= want[0] == got[0] && want[1] == got[1] && want[2] == got[2];
      }
      exact += same;

    }
  }
  std::printf("TEST1 LARA_SKIN: %zu of %zu faces sample the same corner texels after extraction\n", exact, faces);
  EXPECT_GT(faces, 100u);
  EXPECT_GE(exact * 100, faces * 95);
}

}  // namespace
}  // namespace wadsmith
