// EverQuest models converted to the common float form, checked against oracles written apart
// from the converter (tests/model/foreign_oracle.h): vertex positions are the stored ones
// after the axis change and scale, and posing every frame of every animation by TR's rules puts
// each piece's vertices where the source's own tracks put them, within a stated error.
#include <gtest/gtest.h>

#include <cmath>
#include <algorithm>
#include <set>

#include "io/eq_wld_reader.h"
#include "io/file_io.h"
#include "io/pfs_archive.h"
#include "model/foreign/eq_convert.h"
#include "tests/model/foreign_oracle.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

using test::D3;

// Float arithmetic through up to a dozen pieces of a model a few thousand units tall.
constexpr double kTolerance = 0.05;  // TR units

eq::World world(const std::filesystem::path& p) { return eq::readWld(readFileBytes(p), p.string()); }

struct Measured {
  double worst = 0;
  std::size_t checked = 0;
};

// Every animation frame of `actor`: the converted pose against the oracle's.
Measured checkSkeletal(const eq::World& w, const std::string& actor, double scale) {
  const auto m = test::convertEqActor(w, actor, scale);  // the stated change alone: axes and scale
  test::EqSkeletonOracle oracle(w, actor);
  const auto& sk = *oracle.skeleton;
  const int rootPiece = oracle.pieceOf(m.bones.at(0).name);
  const auto corners = test::eqCorners(oracle, m, scale);
  Measured out;
  // "rest" when the file has no tracks for the skeleton; else the tracks' three-letter prefix.
  for (const auto& a : m.animations) {
    std::string prefix = a.name == "rest" ? "" : a.name;
    EXPECT_EQ(a.frames.size(), prefix.empty() ? 1 : oracle.frames(prefix)) << a.name;
    for (std::size_t f = 0; f < a.frames.size(); ++f) {
      auto tr = test::poseTr(m, a.frames[f]);
      auto src = oracle.pose(prefix, f);
      double worstHere = 0;
      for (const auto& c : corners) {
        const auto& p = m.meshes[c.bone].positions[c.index];
        D3 got = tr[c.bone].apply({p.x, p.y, p.z});
        D3 want = test::toTr(src[c.piece].apply(c.local), scale);
        double err = test::distance(got, want);
        double allowed = oracle.shiftAllowance(prefix, f, c.piece, rootPiece) * scale + kTolerance;
        EXPECT_LE(err, allowed) << actor << " " << a.name << " frame " << f << " piece " << sk.pieces[c.piece].name;
        worstHere = std::max(worstHere, err);
        ++out.checked;
      }
      // The residual the converter reports is the one measured here.
      EXPECT_NEAR(a.frameResiduals.at(f), worstHere, kTolerance) << actor << " " << a.name << " frame " << f;
      out.worst = std::max(out.worst, worstHere);
    }
  }
  return out;
}

TEST(EqConvert, FixtureSkeletonPosesLikeItsTracks) {
  auto w = world(test::fixturesDir() / "foreign_eq.wld");
  auto r = checkSkeletal(w, "TINY_ACTORDEF", 128);
  EXPECT_EQ(r.checked, 16u * 5);  // 16 vertices in the 2 frames of C01 and the 3 of L01
  // C01 moves the arm's shift by 0.1 units: TR keeps offsets, so 12.8 TR units is the error.
  EXPECT_NEAR(r.worst, 12.8, 0.1);
}

TEST(EqConvert, FixtureStructure) {
  auto w = world(test::fixturesDir() / "foreign_eq.wld");
  eq::ModelSource src = eq::findModels(w).at(0);
  ASSERT_EQ(src.name, "TINY_ACTORDEF");
  ASSERT_TRUE(src.movable());
  auto m = eq::convertModel(w, src, {}, foreign::NoTextures{});
  // The stem folds into the body; the attachment point stays an empty mesh.
  ASSERT_EQ(m.bones.size(), 3u);
  EXPECT_EQ(m.bones[0].name, "TINYPE_DAG");
  EXPECT_EQ(m.bones[1].name, "TINYAR_DAG");
  EXPECT_EQ(m.bones[1].parent, 0);
  EXPECT_EQ(m.bones[2].parent, 1);
  EXPECT_TRUE(m.meshes[2].faces.empty());
  // The arm's rest shift (0, 0.5, 0.8) turned: TR (-0.5, -0.8, 0) * 128.
  EXPECT_NEAR(m.bones[1].offset.x, -64, 1e-3);
  EXPECT_NEAR(m.bones[1].offset.y, -102.4, 1e-3);
  EXPECT_NEAR(m.bones[1].offset.z, 0, 1e-3);
  // 24 box faces and one across pieces (drawn with the body, whose two corners it has);
  // the boundary polygon is left out.
  EXPECT_EQ(m.meshes[0].faces.size() + m.meshes[1].faces.size(), 25u);
  EXPECT_EQ(m.meshes[0].faces.size(), 13u);
  EXPECT_EQ(m.meshes[0].positions.size(), 9u);  // 8 corners and the arm corner copied
  ASSERT_EQ(m.animations.size(), 2u);
  EXPECT_EQ(m.animations[0].name, "C01");
  EXPECT_FLOAT_EQ(m.animations[0].framesPerSecond, 20);  // 50 ms a frame
  EXPECT_FLOAT_EQ(m.animations[1].framesPerSecond, 10);
  // Standing on the floor: the body's lowest corner (z = 2 - 1) at y = 0.
  float low = -1e9f;
  auto tr = test::poseTr(m, m.animations[1].frames[0]);
  for (std::size_t b = 0; b < m.meshes.size(); ++b)
    for (const auto& p : m.meshes[b].positions) low = std::max(low, static_cast<float>(tr[b].apply({p.x, p.y, p.z})[1]));
  EXPECT_NEAR(low, 0, 1e-3);
}

TEST(EqConvert, EveryCorpusCharacterPosesLikeItsTracks) {
  auto path = test::corpusFile("eq/gfaydark_chr.wld");
  WADSMITH_REQUIRE_CORPUS(path);
  auto w = world(path);
  std::size_t models = 0, vertices = 0;
  for (const auto& s : eq::findModels(w)) {
    SCOPED_TRACE(s.name);
    auto r = checkSkeletal(w, s.name, 128);
    vertices += r.checked;
    ++models;
    // WOL's upper arm slides 0.024 units in its run: 3 TR units; everything else is exact.
    EXPECT_LT(r.worst, s.name == "WOL_ACTORDEF" ? 3.1 : kTolerance);
  }
  EXPECT_EQ(models, 18u);
  EXPECT_GT(vertices, 1000000u);
}

TEST(EqConvert, CorpusStaticsKeepTheirVertices) {
  auto path = test::corpusFile("eq/gfaydark_obj.wld");
  WADSMITH_REQUIRE_CORPUS(path);
  auto w = world(path);
  eq::ConvertOptions o;
  o.floor = false;
  o.scale = 64;
  std::size_t statics = 0;
  for (const auto& s : eq::findModels(w)) {
    ASSERT_FALSE(s.movable());
    auto m = eq::convertModel(w, s, o, foreign::NoTextures{});
    const auto& actor = std::get<eq::ActorDef>(w.fragments[s.fragment].parsed);
    const auto& mesh = test::eqMeshOf(w, actor.models.at(0));
    ASSERT_EQ(m.meshes.size(), 1u);
    ASSERT_EQ(m.meshes[0].positions.size(), mesh.vertices.size());
    for (std::size_t v = 0; v < mesh.vertices.size(); ++v) {
      D3 want = test::toTr(test::eqStoredVertex(mesh, v), 64);
      const auto& p = m.meshes[0].positions[v];
      ASSERT_LT(test::distance({p.x, p.y, p.z}, want), 1e-3) << s.name << " vertex " << v;
    }
    // Faces keep their corners in order (EverQuest and TR draw the same side).
    ASSERT_EQ(m.meshes[0].faces.size(), mesh.polygons.size()) << s.name;
    for (std::size_t p = 0; p < mesh.polygons.size(); ++p)
      for (int k = 0; k < 3; ++k) ASSERT_EQ(m.meshes[0].faces[p].vertices[k], mesh.polygons[p].vertices[k]);
    ++statics;
  }
  EXPECT_EQ(statics, 84u);
}

TEST(EqConvert, FacesKeepTheirOrderAndFaceOut) {
  // The crate fixture is a box drawn outward in TR's order (normal along (v2 - v0) x (v1 - v0));
  // the converter keeps each polygon's corner order, and the axis change is a rotation.
  auto w = world(test::fixturesDir() / "foreign_eq.wld");
  auto m = eq::convertModel(w, eq::findModels(w).at(1), {}, foreign::NoTextures{});
  const auto& mesh = m.meshes[0];
  D3 c{0, 0, 0};
  for (const auto& p : mesh.positions) c = {c[0] + p.x / 8, c[1] + p.y / 8, c[2] + p.z / 8};
  ASSERT_EQ(mesh.faces.size(), 12u);
  for (const auto& f : mesh.faces) {
    auto p = [&](int k) { return D3{mesh.positions[f.vertices[k]].x, mesh.positions[f.vertices[k]].y, mesh.positions[f.vertices[k]].z}; };
    D3 a{p(1)[0] - p(0)[0], p(1)[1] - p(0)[1], p(1)[2] - p(0)[2]}, b{p(2)[0] - p(0)[0], p(2)[1] - p(0)[1], p(2)[2] - p(0)[2]};
    D3 n{b[1] * a[2] - b[2] * a[1], b[2] * a[0] - b[0] * a[2], b[0] * a[1] - b[1] * a[0]};
    D3 out{(p(0)[0] + p(1)[0] + p(2)[0]) / 3 - c[0], (p(0)[1] + p(1)[1] + p(2)[1]) / 3 - c[1], (p(0)[2] + p(1)[2] + p(2)[2]) / 3 - c[2]};
    EXPECT_GT(n[0] * out[0] + n[1] * out[1] + n[2] * out[2], 0);
  }
}

TEST(EqConvert, TexturesCountVFromTheBottomRow) {
  // The crate's corners carry u, v of 0 or 256: a corner with EverQuest v = 0 shows the
  // picture's bottom row, v = 1 from its top (up to whole repetitions: a face whose corners
  // all lie on one edge may take the other edge, the same texels when repeated).
  auto w = world(test::fixturesDir() / "foreign_eq.wld");
  eq::ModelSource crate = eq::findModels(w).at(1);
  ASSERT_EQ(crate.name, "CRATE_ACTORDEF");
  struct Checker : foreign::TextureSource {
    std::optional<foreign::Bitmap> find(const std::string& n) const override {
      foreign::Bitmap b;
      b.name = n, b.width = b.height = 2, b.rgba.assign(16, 255);
      return b;
    }
    std::string describe() const override { return "test"; }
  } textures;
  auto m = eq::convertModel(w, crate, {}, textures);
  const auto& mesh = std::get<eq::Mesh>(w.resolve(std::get<eq::Reference>(
      w.resolve(std::get<eq::ActorDef>(w.fragments[crate.fragment].parsed).models[0])->parsed).target)->parsed);
  for (std::size_t f = 0; f < m.meshes[0].faces.size(); ++f) {
    const auto& face = m.meshes[0].faces[f];
    ASSERT_GE(face.image, 0);
    for (int k = 0; k < 3; ++k) {
      const auto& uv = mesh.uvs[mesh.polygons[f].vertices[k]];
      double du = face.uv[k].u - uv[0] / 256.0, dv = (1.0 - face.uv[k].v) - uv[1] / 256.0;
      EXPECT_NEAR(du, std::round(du), 1e-6) << "face " << f;
      EXPECT_NEAR(dv, std::round(dv), 1e-6) << "face " << f;
      EXPECT_TRUE(face.uv[k].u >= 0 && face.uv[k].u <= 1 && face.uv[k].v >= 0 && face.uv[k].v <= 1);
    }
    // Every face here spans a whole picture along one axis at least: corners differ by one.
    float spanV = std::max({face.uv[0].v, face.uv[1].v, face.uv[2].v}) - std::min({face.uv[0].v, face.uv[1].v, face.uv[2].v});
    float spanU = std::max({face.uv[0].u, face.uv[1].u, face.uv[2].u}) - std::min({face.uv[0].u, face.uv[1].u, face.uv[2].u});
    EXPECT_FLOAT_EQ(std::max(spanU, spanV), 1.0f) << "face " << f;
  }
}

}  // namespace
}  // namespace wadsmith
