// Merging objects into TR1, TR2 and TR3 levels (model/merge/level_merge_classic.cpp): the merged
// level round-trips, every section outside the objects and textures keeps its bytes, the texels
// under the level's object textures stay, and the merged objects come back out of it the same as
// out of their source: exactly from a level of these games, within the game's angle steps and
// colour depth from a TR4 WAD.
#include <gtest/gtest.h>

#include <cmath>
#include <regex>
#include <set>

#include "io/document_io.h"
#include "io/level_codec.h"
#include "io/wad_files.h"
#include "model/keyframe.h"
#include "model/level_textures.h"
#include "model/merge/level_extract.h"
#include "model/merge/level_merge.h"
#include "model/object_view.h"
#include "model/texture_mapping.h"
#include "model/texture_word.h"
#include "tests/support/level_sections.h"
#include "tests/support/object_signature.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

struct ClassicMerged {
  LevelDocument before, after;
  merge::LevelMerge result;
};

LevelDocument classicLevelAt(const std::filesystem::path& p) { return std::get<LevelDocument>(loadDocument(p)); }

WadDocument classicObjectsOf(const LevelDocument& level) { return merge::extractLevelObjects(level, classicTiles32(level)).wad; }

ClassicMerged mergeIntoClassic(const LevelDocument& level, const WadDocument& src, const merge::Request& req) {
  ClassicMerged m;
  m.before = level;
  m.result = merge::mergeIntoLevel(m.before, {}, src, req);
  const auto bytes = writeLevel(m.result.doc);
  m.after = readLevel(bytes, "merged");
  EXPECT_EQ(test::firstDifference(writeLevel(m.after), bytes), -1) << "the merged level does not round-trip";
  return m;
}

// Every level data section but the objects' keeps its bytes; so do the palettes and, in every
// tile, the texels under the level's object textures.
void expectOnlyObjectsChanged(const ClassicMerged& m) {
  static const std::set<std::string> objects = {"meshes", "mesh pointers", "animations", "state changes", "dispatches",
                                                "commands", "mesh trees", "frames", "models", "static meshes",
                                                "object textures"};
  EXPECT_GT(test::expectSectionsKept(m.before, m.after, objects), 12u);
  EXPECT_TRUE(m.before.classic.palette.copy() == m.after.classic.palette.copy());
  EXPECT_TRUE(m.before.classic.palette16.copy() == m.after.classic.palette16.copy());
  const auto t8a = m.before.classic.tiles8.copy(), t8b = m.after.classic.tiles8.copy();
  const auto t16a = m.before.classic.tiles16.copy(), t16b = m.after.classic.tiles16.copy();
  for (auto t : *m.before.data->objectTextures) {
    if (t.corners[3] == ObjectTextureCorner{}) t.tileAndFlag |= 0x8000;  // a triangle
    const auto r = merge::objectTextureTexels(t);
    for (int y = r.y; y < r.y + r.height; ++y)
      for (int x = r.x; x < r.x + r.width; ++x) {
        const std::size_t at = (std::size_t(r.tile) * 256 + y) * 256 + x;
        ASSERT_EQ(t8a[at], t8b[at]) << "tile " << r.tile << " texel " << x << "," << y;
        if (!t16a.empty()) {
          ASSERT_EQ(t16a[at * 2 + 1] << 8 | t16a[at * 2], t16b[at * 2 + 1] << 8 | t16b[at * 2]);
        }
      }
  }
}

// The level's own objects come out of the merged level as they came out of the level.
void expectOwnObjectsKept(const ClassicMerged& m) {
  const auto a = classicObjectsOf(m.before), b = classicObjectsOf(m.after);
  std::size_t kept = 0;
  for (const auto& k : test::objectKeys(a)) {
    EXPECT_EQ(test::signatureDifference(test::objectSignature(a, k), test::objectSignature(b, k)), "") << merge::describe(k);
    ++kept;
  }
  EXPECT_GT(kept, 10u);
}

// A signature without faces (level_merge_test.cpp checks how they lie on their texels) and, for
// a TR4 source, without what the game's keyframe words store otherwise (compared by angle) or
// lack (lateral speeds).
std::vector<std::string> comparable(const std::vector<std::string>& sig, bool keyframesByAngle) {
  std::vector<std::string> out;
  for (auto line : sig) {
    if (line.find(" face ") != std::string::npos) continue;
    if (auto p = line.find(" pad "); p != std::string::npos) line.erase(p, line.find(" v", p + 5) - p);
    if (keyframesByAngle) {
      line = std::regex_replace(line, std::regex(" size \\d+| keyframes .*$"), "");
      line = std::regex_replace(line, std::regex("speed (-?\\d+),(-?\\d+),-?\\d+,-?\\d+"), "speed $1,$2");
    }
    out.push_back(line);
  }
  return out;
}

// Each keyframe's box, offset and angles: the angles within one of the game's steps (360/1024).
void expectSameAngles(const WadDocument& src, const ObjectRef& from, const WadDocument& back, const ObjectRef& to) {
  const ObjectView a(src.objects), b(back.objects);
  const auto ma = *a.findMovable(from.slot), mb = *b.findMovable(to.slot);
  const auto [a0, a1] = a.animationRange(ma);
  const auto [b0, b1] = b.animationRange(mb);
  ASSERT_EQ(a1 - a0, b1 - b0);
  std::size_t rotations = 0;
  for (std::size_t i = 0; i < a1 - a0; ++i) {
    const auto ka = a.keyframes(a0 + i, a.meshCount(ma)), kb = b.keyframes(b0 + i, b.meshCount(mb));
    ASSERT_EQ(ka.size(), kb.size()) << "animation " << i;
    for (std::size_t f = 0; f < ka.size(); ++f) {
      EXPECT_EQ(ka[f].box, kb[f].box);
      ASSERT_EQ(ka[f].rotations.size(), kb[f].rotations.size());
      for (std::size_t r = 0; r < ka[f].rotations.size(); ++r, ++rotations) {
        const auto &p = ka[f].rotations[r], &q = kb[f].rotations[r];
        for (auto [u, v] : {std::pair{p.x, q.x}, {p.y, q.y}, {p.z, q.z}})
          ASSERT_LE(std::abs(std::remainder(u - v, 360.0)), 360.0 / 1024 / 2 + 1e-3)
              << "animation " << i << " keyframe " << f << " rotation " << r;
      }
    }
  }
  EXPECT_GT(rotations, 0u);
}

// Under each corner of each merged face's object texture, the texel the source face shows
// there, each component within `tolerance`.
void expectTexels(const ClassicMerged& m, const WadDocument& src, const merge::MergedObject& o, int tolerance) {
  const auto tiles = classicTiles32(m.after);
  const ObjectView sv(src.objects), lv(m.after.data->objects);
  auto meshesOf = [](const ObjectView& v, const ObjectRef& k) {
    std::vector<const Mesh*> out;
    if (k.movable())
      for (const auto& s : v.movableMeshes(*v.findMovable(k.slot))) out.push_back(v.pointerMesh(s.pointerIndex).mesh);
    else
      out.push_back(v.pointerMesh(v.runRange(v.statics()[*v.findStatic(k.slot)].pointer).first).mesh);
    return out;
  };
  const auto sm = meshesOf(sv, o.source()), lm = meshesOf(lv, o.target());
  ASSERT_EQ(sm.size(), lm.size());
  std::size_t corners = 0;
  for (std::size_t i = 0; i < sm.size(); ++i) {
    auto faces = sm[i]->polygons;
    std::stable_partition(faces.begin(), faces.end(), [](const Polygon& p) { return p.quad; });
    ASSERT_EQ(faces.size(), lm[i]->polygons.size());
    for (std::size_t f = 0; f < faces.size(); ++f) {
      const Polygon &p = faces[f], &q = lm[i]->polygons[f];
      EXPECT_EQ(p.vertices, q.vertices);
      const auto& sample = (*src.samples)[WadTextureWord::decode(p.texture, p.quad).sample];
      const auto pixels = wadFaceCornerPixels(p, sample);
      const ObjectTexture& t = (*m.after.data->objectTextures)[q.texture];
      for (int c = 0; c < p.corners(); ++c, ++corners) {
        const std::uint8_t* s = src.pixels->pixel(sample.page, pixels[c][0], pixels[c][1]);
        const std::size_t at = ((std::size_t{t.tileAndFlag} * 256 + t.corners[c].yPixel) * 256 + t.corners[c].xPixel) * 4;
        const bool clear = tiles[at + 3] < 128;
        ASSERT_EQ(isMagenta(s), clear) << "mesh " << i << " face " << f << " corner " << c;
        for (int k = 0; k < 3 && !clear; ++k) ASSERT_LE(std::abs(s[k] - tiles[at + 2 - k]), tolerance) << "face " << f;
      }
    }
  }
  EXPECT_GT(corners, 0u);
}

struct Case {
  const char* level;
  int tolerance;  // TR1: the palette's error, reported; TR2/3: 5-bit components
};

class ClassicMerge : public testing::TestWithParam<Case> {};

// karnak's CROCODILE and FURNITURE3: slots free in every corpus level.
merge::Request crocodileAndFurniture() {
  merge::Request r;
  r.movables = {51}, r.statics = {13}, r.tr4Slots = false;
  r.sounds = merge::SoundMode::None;  // sounds: level_sound_classic_test.cpp
  return r;
}

TEST_P(ClassicMerge, MovableAndStaticFromATr4Wad) {
  auto level = test::corpusFile(std::string("trlevels/") + GetParam().level), wad = test::corpusFile("wad/karnak.WAD");
  WADSMITH_REQUIRE_CORPUS(level);
  WADSMITH_REQUIRE_CORPUS(wad);
  const auto src = loadWad(wad);
  const auto m = mergeIntoClassic(classicLevelAt(level), src, crocodileAndFurniture());
  ASSERT_EQ(m.result.report.merged.size(), 2u);
  EXPECT_GT(m.result.objectTexturesAdded, 10u);
  expectOnlyObjectsChanged(m);
  expectOwnObjectsKept(m);
  const auto back = classicObjectsOf(m.after);
  const int tolerance = GetParam().tolerance < 0 ? m.result.paletteError : GetParam().tolerance;
  if (GetParam().tolerance < 0) {
    EXPECT_LT(m.result.paletteError, 40);  // 25: the nearest of TR1's palette
  }
  for (const auto& o : m.result.report.merged) {
    EXPECT_EQ(test::signatureDifference(comparable(test::objectSignature(src, o.source()), true),
                                        comparable(test::objectSignature(back, o.target()), true)),
              "")
        << merge::describe(o.target());
    if (o.movable) expectSameAngles(src, o.source(), back, o.target());
    expectTexels(m, src, o, tolerance);
  }
}

INSTANTIATE_TEST_SUITE_P(Games, ClassicMerge,
                         testing::Values(Case{"TEST1.PHD", -1}, Case{"TEST1.TR2", 4}, Case{"tr3_TEST1.TR2", 4}),
                         [](const auto& i) { return "TR" + std::to_string(i.index + 1); });

// Level to level: what comes out of the merged level is what came out of the source level, faces
// and their texels too (TR1 keyframes, all three-axis, are compared by angle when the source's are
// not; a TR1 destination's texels take palette colours).
void levelToLevel(const char* dest, const char* from, std::uint32_t slot, std::uint32_t as) {
  auto d = test::corpusFile(std::string("trlevels/") + dest), s = test::corpusFile(std::string("trlevels/") + from);
  WADSMITH_REQUIRE_CORPUS(d);
  WADSMITH_REQUIRE_CORPUS(s);
  const auto src = classicObjectsOf(classicLevelAt(s));
  merge::Request req;
  req.movables = {slot};
  req.as = as;
  req.tr4Slots = false;
  const auto m = mergeIntoClassic(classicLevelAt(d), src, req);
  ASSERT_EQ(m.result.report.merged.size(), 1u);
  expectOnlyObjectsChanged(m);
  expectOwnObjectsKept(m);
  const auto& o = m.result.report.merged[0];
  const auto back = classicObjectsOf(m.after);
  const bool exact = m.result.paletteError == 0 && (m.before.game() != Game::TR1 || classicLevelAt(s).game() == Game::TR1);
  auto sig = [&](const WadDocument& w, const ObjectRef& k) {
    return exact ? test::objectSignature(w, k) : comparable(test::objectSignature(w, k), true);
  };
  EXPECT_EQ(test::signatureDifference(sig(src, o.source()), sig(back, o.target())), "");
  if (exact) return;
  expectSameAngles(src, o.source(), back, o.target());
  expectTexels(m, src, o, m.result.paletteError);
}

TEST(ClassicMerge, WolfIntoAnotherSlotOfItsOwnLevel) { levelToLevel("TEST1.PHD", "TEST1.PHD", 7, 20); }
TEST(ClassicMerge, TigerFromTr2IntoTr1) { levelToLevel("TEST1.PHD", "TEST1.TR2", 39, 20); }
TEST(ClassicMerge, MonkeyFromTr3IntoTr2) { levelToLevel("TEST1.TR2", "tr3_TEST1.TR2", 71, 71); }
TEST(ClassicMerge, TigerFromTr2IntoTr3) { levelToLevel("tr3_TEST1.TR2", "TEST1.TR2", 39, 39); }

TEST(ClassicMerge, RefusesPastTheGamesObjectTextureLimit) {
  auto level = test::corpusFile("trlevels/TEST1.PHD"), wad = test::corpusFile("wad/karnak.WAD");
  WADSMITH_REQUIRE_CORPUS(level);
  WADSMITH_REQUIRE_CORPUS(wad);
  merge::Request everything;
  everything.all = everything.replace = true;
  try {
    merge::mergeIntoLevel(classicLevelAt(level), {}, loadWad(wad), everything);
    FAIL() << "merged past TR1's limits";
  } catch (const merge::MergeError& e) {
    EXPECT_NE(std::string(e.what()).find("object textures, "), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("975 more than TR1's limit of 2048"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("nothing was changed"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace wadsmith
