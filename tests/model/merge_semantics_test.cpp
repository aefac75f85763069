// Merging objects between WADs, checked with object signatures (tests/support/object_signature.h):
// every merged object re-read from the written bytes matches
// its source (meshes, sample pixels, skeleton, animations after rebasing), every object that
// was there stays as it was, the output round-trips byte for byte, and the destination's own
// document still writes its original bytes (undo is keeping that document).
#include <gtest/gtest.h>

#include <algorithm>

#include "io/file_io.h"
#include "io/wad_codec.h"
#include "io/wad_files.h"
#include "model/merge/merge.h"
#include "model/merge/remove_replaced.h"
#include "model/object_view.h"
#include "model/quirks.h"
#include "model/validate.h"
#include "tests/model/merge_check.h"
#include "tests/support/object_signature.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

using merge::describe;
using merge::MergeError;
using merge::mergeObjects;
using merge::removeReplaced;
using test::checkMerge;
using test::objectKeys;
using test::objectSignature;
using test::signatureDifference;

ObjectRef movable(std::uint32_t slot) { return {ObjectKind::Movable, slot}; }
ObjectRef staticObject(std::uint32_t slot) { return {ObjectKind::Static, slot}; }

merge::Request request(std::vector<ObjectRef> keys) {
  merge::Request r;
  for (const auto& k : keys) (k.kind == ObjectKind::Movable ? r.movables : r.statics).push_back(k.slot);
  return r;
}

WadDocument fixture(const std::string& name) { return loadWad(test::fixturesDir() / name); }

TEST(MergeSemantics, FixtureObjectsIntoAnotherWad) {
  auto dst = fixture("sample.wad"), src = fixture("quirks.wad");
  auto original = writeWad(dst);
  auto r = mergeObjects(dst, src, request({movable(100), movable(101), movable(102), movable(103), staticObject(5)}));
  checkMerge(dst, src, r);
  EXPECT_EQ(writeWad(dst), original);  // the destination document is untouched: undo restores its bytes
  EXPECT_EQ(r.report.merged.size(), 5u);
  // The quirks WAD's two 16x16 samples fit beside the sample WAD's on its one page.
  EXPECT_EQ(r.report.textures.pagesBefore, 1);
  EXPECT_EQ(r.report.textures.pagesAfter, 1);
}

TEST(MergeSemantics, FixtureIntoWadWithPartialPageAndJunk) {
  auto dst = fixture("quirks.wad"), src = fixture("sample.wad");
  auto original = writeWad(dst);
  auto r = mergeObjects(dst, src, request({movable(427), staticObject(30)}));
  auto back = checkMerge(dst, src, r);
  EXPECT_EQ(writeWad(dst), original);
  EXPECT_EQ(r.report.textures.samplesPacked, 5u);
  EXPECT_EQ(r.report.textures.pagesAfter, r.report.textures.pagesBefore);
  EXPECT_EQ(r.report.sounds, (std::set<std::uint16_t>{71, 126}));
  // The new movable's mesh tree starts on a record boundary although the destination's are not.
  ObjectView v(back.objects);
  auto m = v.findMovable(427);
  ASSERT_TRUE(m);
  EXPECT_EQ(*v.runStart((*back.objects.movables)[*m].links) % 4, 0u);
}

TEST(MergeSemantics, OccupiedSlotIsRefusedUnlessReplacedOrMoved) {
  auto dst = fixture("sample.wad"), src = fixture("sample.wad");
  EXPECT_THROW(mergeObjects(dst, src, request({movable(427)})), MergeError);
  EXPECT_THROW(mergeObjects(dst, src, request({movable(9999)})), MergeError);
  EXPECT_THROW(mergeObjects(dst, src, request({movable(427), movable(427)})), MergeError);
  auto twoAs = request({movable(427), staticObject(30)});
  twoAs.as = 500;
  EXPECT_THROW(mergeObjects(dst, src, twoAs), MergeError);

  auto as = request({movable(427)});
  as.as = 429;
  auto moved = mergeObjects(dst, src, as);
  checkMerge(dst, src, moved);
  // Same pixels, same meshes: nothing new but the records.
  EXPECT_EQ(moved.report.textures.samplesPacked, 0u);
  EXPECT_EQ(moved.report.textures.pagesAfter, moved.report.textures.pagesBefore);
  EXPECT_EQ(moved.report.meshesAdded, 0u);

  auto replace = request({movable(427), staticObject(30)});
  replace.replace = true;
  auto replaced = mergeObjects(dst, src, replace);
  auto back = checkMerge(dst, src, replaced);
  EXPECT_EQ(replaced.report.removed.size(), 2u);
  EXPECT_EQ(replaced.report.textures.pagesAfter, 1);
  // Replacing objects with themselves gives the same objects back.
  for (const auto& k : objectKeys(dst))
    EXPECT_EQ(signatureDifference(objectSignature(dst, k), objectSignature(back, k)), "");
}

TEST(MergeSemantics, WasNamesFollowTheObjects) {
  auto dst = fixture("quirks.wad"), src = fixture("sample.wad");
  auto as = request({movable(427)});
  as.as = 101;  // occupied: replaced, so the line keeps its place
  as.replace = true;
  auto r = mergeObjects(dst, src, as);
  ASSERT_TRUE(r.doc.was);
  std::vector<std::string> names;
  for (const auto& l : r.doc.was->lines) names.push_back(l.text);
  EXPECT_EQ(names, (std::vector<std::string>{"MOVABLE_100:C:\\A.PRK", "SAS_DRAG_BLOKE:C:\\WADSMITH\\SAMPLE\\ARM.PRK",
                                             "MOVABLE_102:C:\\C.PRK", "MOVABLE_103:C:\\D.PRK", "DEFAULT_SPRITES:C:\\S.SPR",
                                             "PLANT5:C:\\P.PRK"}));
  auto statics = mergeObjects(dst, src, request({staticObject(30)}));
  EXPECT_EQ(statics.doc.was->lines.back().text, "ARCHITECTURE0:C:\\WADSMITH\\SAMPLE\\PILLAR.PRK");
  auto other = request({movable(427)});
  auto r2 = mergeObjects(dst, src, other);
  std::vector<std::string> names2;
  for (const auto& l : r2.doc.was->lines) names2.push_back(l.name());
  // ANIMATING1 (427) sits between slot 103 and the sprites (463).
  EXPECT_EQ(names2, (std::vector<std::string>{"MOVABLE_100", "MOVABLE_101", "MOVABLE_102", "MOVABLE_103", "ANIMATING1",
                                              "DEFAULT_SPRITES", "PLANT5"}));
}

// ---- the corpus -------------------------------------------------------------------------

struct Corpus {
  WadDocument tut1, karnak;
};
const Corpus* corpus() {
  static const Corpus* c = [] () -> const Corpus* {
    auto t = test::corpusFile("wad/tut1.WAD"), k = test::corpusFile("wad/karnak.WAD");
    if (t.empty() || k.empty()) return nullptr;
    return new Corpus{loadWad(t), loadWad(k)};
  }();
  return c;
}
#define REQUIRE_WADS()                                                  \
  const Corpus* c = corpus();                                           \
  if (!c) GTEST_SKIP() << "../shared corpus WADs not present: skipped"; \
  (void)c

TEST(MergeSemanticsCorpus, SingleObjectsFromKarnakIntoTut1) {
  REQUIRE_WADS();
  // An enemy with 71 animations, a crocodile, a bird blade trap, a door, a static.
  for (auto keys : std::vector<std::vector<ObjectRef>>{
           {movable(43)}, {movable(51)}, {movable(168)}, {movable(324)}, {staticObject(0)}, {staticObject(20)}}) {
    auto original = writeWad(c->tut1);
    auto r = mergeObjects(c->tut1, c->karnak, request(keys));
    checkMerge(c->tut1, c->karnak, r);
    EXPECT_EQ(writeWad(c->tut1), original);
    EXPECT_LE(r.report.textures.pagesAfter, r.report.textures.pagesBefore + 1);
  }
}

TEST(MergeSemanticsCorpus, AllOfKarnakReplacingIntoTut1) {
  REQUIRE_WADS();
  merge::Request all;
  all.all = true;
  all.replace = true;
  auto r = mergeObjects(c->tut1, c->karnak, all);
  checkMerge(c->tut1, c->karnak, r);
  const auto& t = r.report.textures;
  EXPECT_EQ(t.samplesNeeded, 1756u);
  // Far fewer pages than appending every karnak page the merged faces use.
  EXPECT_LT(t.pagesAfter, t.pagesBefore + t.sourcePagesUsed);
  // Each packed block's texel of border (against seams where the engine filters) costs space:
  // the covered share stays within 10% of appending karnak's dense pages whole.
  EXPECT_GT(t.efficiency, 0.9 * t.appendEfficiency);
}

// Every packed block has a texel of border, its edge texels repeated (against seams where the
// engine filters bilinearly): beside each side of a new sample lies a copy of its edge, or
// another new sample of the same block. Without the border most sides touch unrelated pixels.
TEST(MergeSemanticsCorpus, PackedSamplesAreBorderedByTheirEdgeTexels) {
  REQUIRE_WADS();
  auto r = mergeObjects(c->tut1, c->karnak, request({movable(51)}));
  const auto& samples = *r.doc.samples;
  const auto& pages = *r.doc.pixels;
  const std::size_t before = c->tut1.samples->size();
  ASSERT_GT(samples.size(), before + 20);
  auto same = [&](const TextureSample& s, int x, int y, int ex, int ey) {
    const auto *a = pages.pixel(s.page, x, y), *b = pages.pixel(s.page, ex, ey);
    return a && b && std::equal(a, a + 3, b);
  };
  int sides = 0, bordered = 0;
  for (std::size_t i = before; i < samples.size(); ++i) {
    const auto& s = samples[i];
    const int x0 = s.x, y0 = s.y, x1 = s.x + s.width() - 1, y1 = s.y + s.height() - 1;
    if (x0 == 0 || y0 == 0 || x1 == kPageSize - 1 || y1 == kPageSize - 1) continue;
    bool left = true, right = true, top = true, bottom = true;
    for (int y = y0; y <= y1; ++y) left &= same(s, x0 - 1, y, x0, y), right &= same(s, x1 + 1, y, x1, y);
    for (int x = x0; x <= x1; ++x) top &= same(s, x, y0 - 1, x, y0), bottom &= same(s, x, y1 + 1, x, y1);
    sides += 4, bordered += left + right + top + bottom;
  }
  ASSERT_GT(sides, 40);
  EXPECT_GT(bordered, sides * 9 / 10) << bordered << " of " << sides << " sides of new samples lie beside a copy of their edge";
}

TEST(MergeSemanticsCorpus, EveryWadIntoItselfGivesTheSameObjects) {
  WADSMITH_CORPUS_FILES(files, "wad", {".wad"});
  for (const auto& path : files) {
    auto doc = loadWad(path);
    const auto original = readFileBytes(path);
    merge::Request all;
    all.all = true;
    all.replace = true;
    auto r = mergeObjects(doc, doc, all);
    checkMerge(doc, doc, r);
    EXPECT_EQ(r.report.textures.samplesPacked, 0u) << path;
    EXPECT_EQ(r.report.textures.pagesAfter, r.report.textures.pagesBefore) << path;
    EXPECT_EQ(writeWad(doc), original) << path;  // undo: the document before the merge writes the file
  }
}

TEST(MergeSemanticsCorpus, SameObjectAgainAddsNoPages) {
  REQUIRE_WADS();
  // Lara from karnak into tut1: the same textures are already there.
  auto lara = request({movable(0)});
  lara.replace = true;
  auto r = mergeObjects(c->tut1, c->karnak, lara);
  checkMerge(c->tut1, c->karnak, r);
  EXPECT_EQ(r.report.textures.pagesAfter, r.report.textures.pagesBefore);
  // An object of tut1 into tut1 under another slot: every sample and mesh reused.
  auto copy = request({movable(41)});
  copy.as = 43;
  auto r2 = mergeObjects(c->tut1, c->tut1, copy);
  checkMerge(c->tut1, c->tut1, r2);
  EXPECT_EQ(r2.report.textures.samplesPacked, 0u);
  EXPECT_EQ(r2.report.meshesAdded, 0u);
  EXPECT_EQ(r2.report.textures.pagesAfter, r2.report.textures.pagesBefore);
}

TEST(MergeSemanticsCorpus, RelatedSlotsAreReportedAndBrought) {
  REQUIRE_WADS();
  // tut1 without Lara's skin and joints: merging karnak's Lara reports both.
  auto dst = removeReplaced(c->tut1, {movable(8), movable(9)});
  auto lara = request({movable(0)});
  lara.replace = true;
  auto r = mergeObjects(dst, c->karnak, lara);
  ASSERT_EQ(r.report.related.size(), 2u);
  EXPECT_EQ(r.report.related[0].slot, movable(8));
  EXPECT_EQ(r.report.relatedMissing.size(), 2u);
  EXPECT_FALSE(r.report.related[0].brought);
  EXPECT_EQ(r.report.merged.size(), 1u);
  lara.withRelated = true;
  auto with = mergeObjects(dst, c->karnak, lara);
  EXPECT_EQ(with.report.merged.size(), 3u);
  EXPECT_TRUE(with.report.related[1].brought);
  EXPECT_TRUE(with.report.relatedMissing.empty());
  checkMerge(dst, c->karnak, with);
}

TEST(MergeSemanticsCorpus, ReplacingKeepsOtherObjectsTargetsOnTheReplacement) {
  REQUIRE_WADS();
  // tut1's SIXSHOOTER_ANIM has a dispatch into LARA_SKIN's animation: after LARA_SKIN is
  // replaced, it targets the replacement's (checkMerge compares every untouched object).
  auto skin = request({movable(8)});
  skin.replace = true;
  auto r = mergeObjects(c->tut1, c->karnak, skin);
  checkMerge(c->tut1, c->karnak, r);
  EXPECT_NE(std::find_if(r.report.warnings.begin(), r.report.warnings.end(),
                         [](const std::string& w) { return w.find("of its replacement") != std::string::npos; }),
            r.report.warnings.end());
}

TEST(MergeSemanticsCorpus, RemovalKeepsWhatOthersUse) {
  REQUIRE_WADS();
  // BADDY_1 and its mesh-swap slot go; everything else stays as it was.
  std::vector<ObjectRef> gone{movable(41), movable(419)};
  auto after = removeReplaced(c->tut1, gone);
  auto bytes = writeWad(after);
  auto back = readWad(bytes, "removed.wad");
  EXPECT_EQ(back.objects.movables->size(), c->tut1.objects.movables->size() - 2);
  EXPECT_LT(back.samples->size(), c->tut1.samples->size());
  EXPECT_LT(back.objects.animations->size(), c->tut1.objects.animations->size());
  for (const auto& k : objectKeys(c->tut1)) {
    if (std::find(gone.begin(), gone.end(), k) != gone.end()) continue;
    EXPECT_EQ(signatureDifference(objectSignature(c->tut1, k), objectSignature(back, k)), "") << describe(k);
  }
  EXPECT_TRUE(validateMeshes(back.objects, back.samples->size(), true).empty());
}

}  // namespace
}  // namespace wadsmith
