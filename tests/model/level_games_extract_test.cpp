// Objects of TR1, TR2, TR3 and TR5 levels merged into a TR4 WAD, checked against an oracle that
// reads the level's bytes itself (tests/support/raw_level_oracle.h), never the codec or the
// converter: every model and static mesh of every corpus level and fixture merges; the WAD
// round-trips and validates without findings the level did not have; every vertex is the
// level's; every face shows, at each corner, the texel its game shows there (coloured faces
// their palette colour); every keyframe's box, offset and angles are the level's, in TR4 words.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "io/file_io.h"
#include "io/level_codec.h"
#include "io/wad_codec.h"
#include "model/merge/level_extract.h"
#include "model/merge/merge.h"
#include "model/object_view.h"
#include "model/texture_mapping.h"
#include "model/texture_word.h"
#include "model/validate.h"
#include "tests/model/merge_check.h"
#include "tests/support/raw_level_oracle.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

std::vector<std::filesystem::path> levels() {
  auto files = test::corpusFiles("trlevels", {".phd", ".tr2", ".trc"});
  for (const char* name : {"synthetic.phd", "synthetic.tr2", "synthetic_tr3.tr2", "synthetic.trc"})
    files.push_back(test::fixturesDir() / name);
  return files;
}

struct Counts {
  std::size_t faces = 0, corners = 0, exact = 0, near = 0, off = 0, coloured = 0, keyframes = 0, rotations = 0;
  std::size_t offUnmappable = 0;  // corners of faces whose UVs are no rectangle's
};

std::array<std::uint8_t, 3> pixel(const WadDocument& w, int page, int x, int y) {
  const auto* p = w.pixels->pixel(page, x, y);
  return p ? std::array<std::uint8_t, 3>{p[0], p[1], p[2]} : std::array<std::uint8_t, 3>{1, 2, 3};
}

// One mesh of the merged WAD against the level's bytes.
void compareMesh(const test::RawLevel& raw, std::uint32_t pointer, const WadDocument& w, const Mesh& wm, Counts& c) {
  const test::RawMesh lm = raw.mesh(pointer);
  ASSERT_EQ(lm.vertices.size(), wm.vertices.size());
  for (std::size_t i = 0; i < lm.vertices.size(); ++i)
    EXPECT_EQ((std::array<std::int16_t, 3>{wm.vertices[i].x, wm.vertices[i].y, wm.vertices[i].z}), lm.vertices[i]);
  ASSERT_EQ(lm.normals.size(), wm.normals.size());
  for (std::size_t i = 0; i < lm.normals.size(); ++i)
    EXPECT_EQ((std::array<std::int16_t, 3>{wm.normals[i].x, wm.normals[i].y, wm.normals[i].z}), lm.normals[i]);
  EXPECT_EQ(lm.shades, wm.shades);
  ASSERT_EQ(lm.faces.size(), wm.polygons.size());
  for (std::size_t f = 0; f < lm.faces.size(); ++f) {
    const test::RawFace& lf = lm.faces[f];
    const Polygon& wp = wm.polygons[f];
    ++c.faces;
    ASSERT_EQ(lf.quad, wp.quad);
    const int n = lf.quad ? 4 : 3;
    int rotation = -1;
    for (int r = 0; r < n && rotation < 0; ++r) {
      bool same = true;
      for (int j = 0; j < n; ++j) same &= wp.vertices[j] == lf.vertices[(j + r) % n];
      if (same) rotation = r;
    }
    ASSERT_GE(rotation, 0) << "face " << f << " is not the level's face";
    const TextureSample& s = (*w.samples)[WadTextureWord::decode(wp.texture, wp.quad).sample];
    const auto corners = wadFaceCornerPixels(wp, s);
    if (lf.coloured) {  // every corner of its sample shows the palette colour
      ++c.coloured;
      for (int j = 0; j < n; ++j) EXPECT_EQ(pixel(w, s.page, corners[j][0], corners[j][1]), raw.faceColour(lf.texture));
      EXPECT_EQ(wp.attributes, 0);
      continue;
    }
    const test::RawObjectTexture& t = raw.objectTextures.at(lf.texture & 0x7FFF);
    // Translucency: TR5's effects bit 0; TR1-3's object texture attribute 2.
    const bool additive = raw.game == 5 ? (lf.effects & 1) != 0 : t.attribute == 2;
    EXPECT_EQ((wp.attributes & attr::kTranslucent) != 0, additive) << "face " << f;
    double umin = 1e9, umax = -1e9, vmin = 1e9, vmax = -1e9;
    for (int k = 0; k < n; ++k) {
      umin = std::min(umin, t.uv[k][0]), umax = std::max(umax, t.uv[k][0]);
      vmin = std::min(vmin, t.uv[k][1]), vmax = std::max(vmax, t.uv[k][1]);
    }
    // A WAD face maps a rectangle: corners on the bounding box's corners, each next one along
    // an edge. Other UVs (a bow tie, a skewed quad) cannot show their corner texels exactly.
    bool rectangle = true;
    auto side = [](double v, double lo, double hi) { return std::abs(v - lo) <= 0.5 ? 0 : std::abs(v - hi) <= 0.5 ? 1 : -1; };
    for (int k = 0; k < n; ++k) {
      const auto& a = t.uv[k];
      const auto& b = t.uv[(k + 1) % n];
      const int ax = side(a[0], umin, umax), ay = side(a[1], vmin, vmax), bx = side(b[0], umin, umax), by = side(b[1], vmin, vmax);
      rectangle &= ax >= 0 && ay >= 0 && bx >= 0 && by >= 0 && (ax != bx) + (ay != by) <= (n == 4 ? 1 : 2);
    }
    for (int j = 0; j < n; ++j) {
      const auto& uv = t.uv[(j + rotation) % n];
      // The texel under the level's corner, inside the texels its corners span.
      const int x = std::clamp(static_cast<int>(std::floor(uv[0])), static_cast<int>(std::floor(umin)),
                               std::max(static_cast<int>(std::ceil(umax)) - 1, static_cast<int>(std::floor(umin))));
      const int y = std::clamp(static_cast<int>(std::floor(uv[1])), static_cast<int>(std::floor(vmin)),
                               std::max(static_cast<int>(std::ceil(vmax)) - 1, static_cast<int>(std::floor(vmin))));
      const auto want = raw.texel(t.tile, x, y);
      ++c.corners;
      if (pixel(w, s.page, corners[j][0], corners[j][1]) == want) {
        ++c.exact;
        continue;
      }
      bool near = false;
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
          const int px = std::clamp(corners[j][0] + dx, int(s.x), s.x + s.width() - 1);
          const int py = std::clamp(corners[j][1] + dy, int(s.y), s.y + s.height() - 1);
          near |= pixel(w, s.page, px, py) == want;
        }
      if (near)
        ++c.near;
      else
        ++(rectangle ? c.off : c.offUnmappable);
    }
  }
}

// A movable's animations: the same speeds and states, and keyframes whose box, offset and
// rotations are the level's in TR4's units.
void compareAnimations(const test::RawLevel& raw, std::size_t model, const ObjectView& v, std::size_t movable, Counts& c) {
  const auto [first, end] = raw.animationsOf(model);
  const auto [wFirst, wEnd] = v.animationRange(movable);
  ASSERT_EQ(end - first, wEnd - wFirst) << "model " << raw.models[model].id;
  const std::size_t meshes = raw.models[model].meshes;
  for (std::size_t a = first; a < end; ++a) {
    const auto& ra = raw.animations[a];
    const Animation& wa = v.animations()[wFirst + (a - first)];
    EXPECT_EQ(wa.frameDuration, ra.frameRate);
    EXPECT_EQ(wa.stateId, ra.stateId);
    EXPECT_EQ(wa.speed, ra.speed);
    EXPECT_EQ(wa.accel, ra.accel);
    EXPECT_EQ(wa.frameEnd - wa.frameStart, ra.frameEnd - ra.frameStart);
    const auto want = raw.keyframes(a, meshes);
    const auto got = test::decodeTr4Keyframes(v.keyframeWords(wFirst + (a - first)), wa.keyframeSize, meshes);
    ASSERT_EQ(got.size(), want.size()) << "model " << raw.models[model].id << " animation " << a - first;
    for (std::size_t k = 0; k < want.size(); ++k) {
      ++c.keyframes;
      EXPECT_EQ(got[k].boxAndOffset, want[k].boxAndOffset);
      ASSERT_EQ(got[k].rotations.size(), want[k].rotations.size());
      for (std::size_t m = 0; m < want[k].rotations.size(); ++m, ++c.rotations)
        EXPECT_EQ(got[k].rotations[m], want[k].rotations[m])
            << "model " << raw.models[model].id << " animation " << a - first << " keyframe " << k << " mesh " << m;
    }
  }
}

std::set<std::string> findings(const Document& d) {
  std::set<std::string> out;
  for (const auto& w : validate(d)) out.insert(w.where.text() + ": " + w.what);
  return out;
}

class GameLevelObjects : public ::testing::TestWithParam<std::filesystem::path> {};

TEST_P(GameLevelObjects, MergeIntoAWadAsTheLevelHasThem) {
  const auto bytes = readFileBytes(GetParam());
  const test::RawLevel raw = test::parseRawLevel(bytes);
  const LevelDocument level = readLevel(bytes, GetParam().string());
  const auto extracted = merge::extractLevelObjects(level, levelTiles32(level));
  const WadDocument dst = WadDocument::empty();
  merge::Request req;
  req.all = true;
  req.tr4Slots = false;
  const auto result = merge::mergeObjects(dst, extracted.wad, req);
  EXPECT_EQ(result.report.merged.size(), raw.models.size() + raw.statics.size());
  // The WAD round-trips and every merged object is the extracted one.
  const WadDocument back = test::checkMerge(dst, extracted.wad, result);
  // No finding the level did not have, but the sound ids without an info: another game's ids
  // are its own numbering, so its sound infos are not merged (editor/usecases/sources.h).
  const auto before = findings(Document(level));
  for (const auto& f : findings(Document(back))) {
    if (f.find("sound info") == std::string::npos) {
      EXPECT_TRUE(before.count(f)) << "new finding: " << f;
    }
  }

  Counts c;
  ObjectView v(back.objects);
  for (std::size_t m = 0; m < raw.models.size(); ++m) {
    const auto& model = raw.models[m];
    const auto i = v.findMovable(model.id);
    ASSERT_TRUE(i) << "movable " << model.id;
    const auto slots = v.movableMeshes(*i);
    ASSERT_EQ(slots.size(), model.meshes);
    for (std::size_t k = 0; k < slots.size(); ++k) {
      ASSERT_NE(slots[k].mesh, nullptr);
      compareMesh(raw, model.firstMesh + static_cast<std::uint32_t>(k), back, *slots[k].mesh, c);
    }
    compareAnimations(raw, m, v, *i, c);
  }
  for (const auto& [id, pointer] : raw.statics) {
    const auto i = v.findStatic(id);
    ASSERT_TRUE(i) << "static " << id;
    const auto slot = v.staticMesh(*i);
    ASSERT_TRUE(slot && slot->mesh);
    compareMesh(raw, pointer, back, *slot->mesh, c);
  }
  EXPECT_GT(c.faces, 0u);
  EXPECT_GT(c.keyframes, 0u);
  // Every corner of a rectangle-mapped face shows its texel, or (where a level builder moved a
  // corner a texel inward, as TRLE does on triangles) the texel next to it: few of those.
  EXPECT_EQ(c.off, 0u);
  EXPECT_LE(c.near * 3, c.exact) << c.near << " corners a texel off, " << c.exact << " exact";
  RecordProperty("faces", static_cast<int>(c.faces));
  RecordProperty("exact_corners", static_cast<int>(c.exact));
  RecordProperty("keyframe_rotations", static_cast<int>(c.rotations));
}

INSTANTIATE_TEST_SUITE_P(AllGames, GameLevelObjects, ::testing::ValuesIn(levels()), [](const auto& info) {
  std::string n = info.param.parent_path().filename().string() + "_" + info.param.filename().string();
  for (auto& ch : n)
    if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
  return n;
});

// What the fixtures plant comes out as the notes say: coloured faces, a TR1 keyframe with a
// rotation more than the meshes, a TR2 one-axis word with bits the game ignores.
TEST(GameLevelObjects, NotesSayWhatTheConversionLost) {
  auto notesOf = [](const char* name) {
    const auto level = readLevel(readFileBytes(test::fixturesDir() / name), name);
    return merge::extractLevelObjects(level, levelTiles32(level)).notesFor({{ObjectKind::Movable, 7}});
  };
  auto has = [](const std::vector<std::string>& notes, const std::string& text) {
    return std::any_of(notes.begin(), notes.end(), [&](const auto& n) { return n.find(text) != std::string::npos; });
  };
  const auto tr1 = notesOf("synthetic.phd");
  EXPECT_TRUE(has(tr1, "TR1 coloured faces")) << ::testing::PrintToString(tr1);
  EXPECT_TRUE(has(tr1, "1 keyframe rotations past the movable's meshes")) << ::testing::PrintToString(tr1);
  const auto tr2 = notesOf("synthetic.tr2");
  EXPECT_TRUE(has(tr2, "1 one-axis rotation words had bits 10-13 set")) << ::testing::PrintToString(tr2);
  EXPECT_FALSE(has(tr2, "past the movable's meshes"));
}

}  // namespace
}  // namespace wadsmith
