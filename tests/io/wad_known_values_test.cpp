// Decoded values checked against hand-computed expectations on corpus files.
#include <gtest/gtest.h>

#include <set>

#include "io/wad_files.h"
#include "model/names.h"
#include "model/object_view.h"
#include "model/quirks.h"
#include "model/texture_word.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

std::size_t distinctMeshes(const WadDocument& doc) {
  ObjectView v(doc.objects);
  std::set<long> used;
  for (std::size_t i = 0; i < doc.objects.meshPointers->size(); ++i)
    if (auto s = v.pointerMesh(i); s.mesh) used.insert(s.entryIndex);
  return used.size();
}

bool hasQuirk(const WadDocument& doc, const std::string& id) {
  for (const auto& q : findWadQuirks(doc))
    if (q.id == id) return true;
  return false;
}

TEST(WadKnownValues, Tut1Counts) {
  auto path = test::corpusFile("wad/tut1.WAD");
  WADSMITH_REQUIRE_CORPUS(path);
  auto doc = loadWad(path);
  EXPECT_EQ(doc.version, 129u);
  EXPECT_EQ(doc.samples->size(), 1581u);
  EXPECT_EQ(doc.objects.meshPointers->size(), 506u);
  EXPECT_EQ(distinctMeshes(doc), 301u);
  EXPECT_EQ(doc.objects.animations->size(), 731u);
  EXPECT_EQ(doc.objects.movables->size(), 109u);
  EXPECT_EQ(doc.objects.statics->size(), 11u);
  // Lara is slot 0 with 15 meshes and the 445 animations of the original WADs.
  ObjectView v(doc.objects);
  const Movable& lara = (*doc.objects.movables)[0];
  EXPECT_EQ(lara.objectId, 0u);
  EXPECT_EQ(v.meshCount(0), 15u);
  auto [first, end] = v.animationRange(0);
  EXPECT_EQ(first, 0u);
  EXPECT_EQ(end - first, 445u);
  EXPECT_EQ(objectNames(doc).movables[0], "LARA");
  // Lara's first animation starts at frame 0 and every keyframe decodes 15 rotations.
  EXPECT_EQ(v.animations()[0].frameStart, 0u);
  auto keys = v.keyframes(0, 15);
  ASSERT_FALSE(keys.empty());
  for (const auto& k : keys) {
    EXPECT_FALSE(k.truncated);
    EXPECT_EQ(k.rotations.size(), 15u);
  }
  // Lara's skeleton: the hips are the root; every other mesh has an earlier parent.
  auto sk = v.skeleton(0);
  ASSERT_EQ(sk.bones.size(), 15u);
  EXPECT_EQ(sk.bones[0].parent, -1);
  for (std::size_t i = 1; i < 15; ++i) EXPECT_LT(sk.bones[i].parent, static_cast<int>(i));
  EXPECT_TRUE(hasQuirk(doc, "nonzero_mesh_padding"));
  EXPECT_TRUE(hasQuirk(doc, "one_mesh_links_index"));
  EXPECT_TRUE(hasQuirk(doc, "keyframe_padding_junk"));
}

TEST(WadKnownValues, FlippedQuadsAreNegatedIndices) {
  auto path = test::corpusFile("wad/tut1.WAD");
  WADSMITH_REQUIRE_CORPUS(path);
  auto doc = loadWad(path);
  std::size_t flipped = 0;
  for (const auto& e : *doc.objects.meshes) {
    if (!e.mesh) continue;
    for (const auto& p : e.mesh->polygons) {
      auto t = WadTextureWord::decode(p.texture, p.quad);
      EXPECT_LT(t.sample, doc.samples->size());
      if (p.quad && t.flipped) {
        ++flipped;
        EXPECT_GE(p.texture, 0xF000);
      }
      EXPECT_EQ(t.encode(p.quad), p.texture);
    }
  }
  EXPECT_GT(flipped, 0u);
}

TEST(WadKnownValues, WadMergerLinksKeepTheirGarbage) {
  auto path = test::corpusFile("wad/TR4_FMV_color.wad");
  WADSMITH_REQUIRE_CORPUS(path);
  auto doc = loadWad(path);
  EXPECT_TRUE(hasQuirk(doc, "misaligned_links"));
  EXPECT_TRUE(hasQuirk(doc, "garbage_after_links"));
  auto names = objectNames(doc);
  EXPECT_EQ(names.movables[0], "LARA_SKIN");
}

TEST(WadKnownValues, KarnakCommandsThatDoNotParseStayRaw) {
  auto path = test::corpusFile("wad/karnak.WAD");
  WADSMITH_REQUIRE_CORPUS(path);
  auto doc = loadWad(path);
  EXPECT_TRUE(hasQuirk(doc, "unparsed_commands"));
  // What does parse is still shown: most animations with commands parse completely.
  ObjectView v(doc.objects);
  std::size_t complete = 0, withCommands = 0;
  for (std::size_t a = 0; a < doc.objects.animations->size(); ++a) {
    if (!v.animations()[a].numCommands) continue;
    ++withCommands;
    complete += v.commands(a).complete;
  }
  EXPECT_GT(withCommands, 100u);
  EXPECT_LT(complete, withCommands);
  EXPECT_GT(complete, withCommands * 9 / 10);
}

}  // namespace
}  // namespace wadsmith
