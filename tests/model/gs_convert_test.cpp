// 3D GameStudio models and maps converted to the common float form, against oracles apart from
// the converter: frame vertices decoded from the raw words and turned with the axis matrix,
// the converted movable posed by TR's matrix stack frame by frame, map blocks placed by their
// objects' positions and angles.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "io/file_io.h"
#include "io/foreign_textures.h"
#include "io/gs_mdl_reader.h"
#include "io/gs_wmp_reader.h"
#include "model/foreign/gs_convert.h"
#include "tests/model/foreign_oracle.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

using test::D3;

D3 decoded(const gs::MdlModel& m, std::size_t frame, std::size_t v, double scale) {
  const auto& raw = m.frames[frame].vertices[v].raw;
  return test::toTr({double(m.scale[0]) * raw[0] + m.offset[0], double(m.scale[1]) * raw[1] + m.offset[1],
                     double(m.scale[2]) * raw[2] + m.offset[2]},
                    scale);
}

// Faces of a closed convex-ish mesh face away from its centre (TR's order: normal along
// (v2 - v0) x (v1 - v0)).
int facesPointingOut(const imported::Mesh& mesh) {
  D3 c{0, 0, 0};
  for (const auto& p : mesh.positions) c = {c[0] + p.x, c[1] + p.y, c[2] + p.z};
  for (auto& x : c) x /= static_cast<double>(mesh.positions.size());
  int out = 0;
  for (const auto& f : mesh.faces) {
    auto p = [&](int k) { return mesh.positions[f.vertices[k]]; };
    D3 a{p(1).x - p(0).x, p(1).y - p(0).y, p(1).z - p(0).z}, b{p(2).x - p(0).x, p(2).y - p(0).y, p(2).z - p(0).z};
    D3 n{b[1] * a[2] - b[2] * a[1], b[2] * a[0] - b[0] * a[2], b[0] * a[1] - b[1] * a[0]};
    D3 fc{0, 0, 0};
    for (int k = 0; k < f.corners; ++k) fc = {fc[0] + p(k).x, fc[1] + p(k).y, fc[2] + p(k).z};
    for (auto& x : fc) x /= f.corners;
    out += n[0] * (fc[0] - c[0]) + n[1] * (fc[1] - c[1]) + n[2] * (fc[2] - c[2]) > 0;
  }
  return out;
}

// Positive when faces are drawn outward by TR's order over a closed mesh.
double signedVolume(const imported::Mesh& mesh) {
  double v = 0;
  for (const auto& f : mesh.faces)
    for (int k = 1; k + 1 < f.corners; ++k) {
      auto p = [&](int i) { return D3{mesh.positions[f.vertices[i]].x, mesh.positions[f.vertices[i]].y, mesh.positions[f.vertices[i]].z}; };
      D3 a = p(0), b = p(k + 1), c = p(k);  // (v0, v2, v1): TR's order reversed to the usual one
      v += a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0]) + a[2] * (b[0] * c[1] - b[1] * c[0]);
    }
  return v / 6;
}

// Every frame of a converted MDL movable against the decoded source frames. A source vertex
// is looked for in its bone group's mesh ("bone N", or the one mesh), by its frame 0 position
// (meshes also hold copies of other groups' corners, which coincide there).
double checkMovable(const gs::MdlModel& src, const imported::Model& m, double scale, double bound) {
  std::vector<imported::Frame> frames;
  std::vector<float> reported;
  for (const auto& a : m.animations)
    for (std::size_t f = 0; f < a.frames.size(); ++f) frames.push_back(a.frames[f]), reported.push_back(a.frameResiduals.at(f));
  EXPECT_EQ(frames.size(), src.frames.size());
  auto first = test::poseTr(m, frames.at(0));
  std::vector<std::pair<int, int>> where(src.frames[0].vertices.size(), {-1, -1});
  for (std::size_t v = 0; v < where.size(); ++v) {
    D3 want = decoded(src, 0, v, scale);
    std::string group = "bone " + std::to_string(src.frames[0].vertices[v].bone);
    for (std::size_t b = 0; b < m.meshes.size() && where[v].first < 0; ++b) {
      if (m.meshes.size() > 1 && m.meshes[b].name != group) continue;
      for (std::size_t i = 0; i < m.meshes[b].positions.size(); ++i) {
        const auto& p = m.meshes[b].positions[i];
        if (test::distance(first[b].apply({p.x, p.y, p.z}), want) < bound) {
          where[v] = {static_cast<int>(b), static_cast<int>(i)};
          break;
        }
      }
    }
    EXPECT_GE(where[v].first, 0) << "vertex " << v << " is not where frame 0 puts it";
  }
  double worst = 0;
  for (std::size_t f = 0; f < frames.size() && f < src.frames.size(); ++f) {
    auto tr = test::poseTr(m, frames[f]);
    double here = 0;
    for (std::size_t v = 0; v < where.size(); ++v) {
      if (where[v].first < 0) continue;
      const auto& p = m.meshes[where[v].first].positions[where[v].second];
      here = std::max(here, test::distance(tr[where[v].first].apply({p.x, p.y, p.z}), decoded(src, f, v, scale)));
    }
    EXPECT_NEAR(reported[f], here, 0.01) << "frame " << f;  // what the converter reports is true
    worst = std::max(worst, here);
  }
  return worst;
}

TEST(MdlConvert, BonesBecomeMeshesJointedAsTheyMove) {
  auto src = gs::readMdl(readFileBytes(test::fixturesDir() / "foreign_bones.mdl"), "foreign_bones.mdl");
  gs::Options o;
  o.floor = false;
  auto m = gs::convertMdl(src, "bones", true, o);
  ASSERT_EQ(m.bones.size(), 3u);
  EXPECT_EQ(m.bones[0].name, "bone 0");  // the torso, the largest group
  EXPECT_EQ(m.bones[1].name, "bone 1");
  EXPECT_EQ(m.bones[1].parent, 0);  // upper arm on the torso
  EXPECT_EQ(m.bones[2].name, "bone 2");
  EXPECT_EQ(m.bones[2].parent, 1);  // forearm on the upper arm
  // The elbow (0, 13, 38) lies 10 quants along y from the shoulder (0, 3, 38): TR -x, 100
  // units. Along the hinges' own axes the joints are free (any point of the axis turns the
  // same); the converter takes the one nearest the triangles joining the groups.
  EXPECT_NEAR(m.bones[2].offset.x, -100, 0.5);
  ASSERT_EQ(m.animations.size(), 2u);
  EXPECT_EQ(m.animations[0].name, "walk");
  EXPECT_EQ(m.animations[1].name, "hit");
  // The frames are rigid motions stored in 16-bit words: what is left is their rounding.
  EXPECT_LT(checkMovable(src, m, gs::kDefaultScale, 0.5), 0.1);
}

TEST(MdlConvert, EveryGroupGetsAMeshWhateverTheJointFits) {
  // Positions that are not numbers make every joint residual NaN: the tree must still take
  // every group (the fuzzer found a read past a mesh when it did not).
  auto src = gs::readMdl(readFileBytes(test::fixturesDir() / "foreign_bones.mdl"), "foreign_bones.mdl");
  src.scale[1] = std::nanf("");
  auto m = gs::convertMdl(src, "bones", true, {});
  ASSERT_EQ(m.meshes.size(), 3u);
  std::set<std::string> names;
  for (const auto& b : m.bones) names.insert(b.name);
  EXPECT_EQ(names, (std::set<std::string>{"bone 0", "bone 1", "bone 2"}));
  for (std::size_t i = 1; i < m.bones.size(); ++i) EXPECT_LT(m.bones[i].parent, static_cast<int>(i));
}

TEST(MdlConvert, WithoutBonesOneMeshKeepsTheRigidPart) {
  auto golem = test::corpusFile("3dgs/mdl4-golem.mdl");
  WADSMITH_REQUIRE_CORPUS(golem);
  auto src = gs::readMdl(readFileBytes(golem), golem.string());
  gs::Options o;
  o.floor = false;
  auto m = gs::convertMdl(src, "golem", true, o);
  ASSERT_EQ(m.meshes.size(), 1u);
  ASSERT_EQ(m.animations.size(), 1u);
  EXPECT_EQ(m.animations[0].frames.size(), 231u);
  // Frame 0 is the reference: exact. The rest is vertex animation no rigid mesh can follow; the
  // residual per frame is measured here and must be what the converter reports.
  double worst = checkMovable(src, m, gs::kDefaultScale, 0.5);
  EXPECT_LT(m.animations[0].frameResiduals[0], 0.05);
  EXPECT_GT(worst, 100.0);
  // A least-squares fit never does worse than leaving the mesh where frame 0 has it.
  for (std::size_t f = 0; f < src.frames.size(); ++f) {
    double still = 0;
    for (std::size_t v = 0; v < src.frames[f].vertices.size(); ++v) {
      double d = test::distance(decoded(src, f, v, 10), decoded(src, 0, v, 10));
      still += d * d;
    }
    auto tr = test::poseTr(m, m.animations[0].frames[f]);
    double fitted = 0;
    for (std::size_t v = 0; v < src.frames[f].vertices.size(); ++v) {
      const auto& p = m.meshes[0].positions[v];
      double d = test::distance(tr[0].apply({p.x, p.y, p.z}), decoded(src, f, v, 10));
      fitted += d * d;
    }
    EXPECT_LE(fitted, still + 1e-3) << "frame " << f;
  }
}

TEST(MdlConvert, StaticsAreAFrameTurnedAndScaled) {
  std::vector<std::filesystem::path> files{test::fixturesDir() / "foreign_mdl3.mdl", test::fixturesDir() / "foreign_bones.mdl"};
  for (const char* c : {"3dgs/mdl3-crystal.mdl", "3dgs/mdl4-golem.mdl"})
    if (auto p = test::corpusFile(c); !p.empty()) files.push_back(p);
  for (const auto& path : files) {
    auto src = gs::readMdl(readFileBytes(path), path.string());
    for (int frame : {0, static_cast<int>(src.frames.size()) - 1}) {
      gs::Options o;
      o.floor = false;
      o.scale = 7;
      o.frame = frame;
      auto m = gs::convertMdl(src, "s", false, o);
      ASSERT_EQ(m.meshes[0].positions.size(), src.frames[frame].vertices.size());
      for (std::size_t v = 0; v < src.frames[frame].vertices.size(); ++v) {
        const auto& p = m.meshes[0].positions[v];
        ASSERT_LT(test::distance({p.x, p.y, p.z}, decoded(src, frame, v, 7)), 1e-3) << path << " frame " << frame;
      }
      ASSERT_EQ(m.meshes[0].faces.size(), src.triangles.size());
      for (std::size_t t = 0; t < src.triangles.size(); ++t)
        for (int k = 0; k < 3; ++k) ASSERT_EQ(m.meshes[0].faces[t].vertices[k], src.triangles[t].vertices[k]);
    }
  }
  auto pyramid = gs::convertMdl(gs::readMdl(readFileBytes(files[0]), "p"), "p", false, {});
  EXPECT_EQ(facesPointingOut(pyramid.meshes[0]), 6);
  // The corpus models are closed: drawn outward in the file's order, as TR draws.
  for (std::size_t i = 2; i < files.size(); ++i)
    EXPECT_GT(signedVolume(gs::convertMdl(gs::readMdl(readFileBytes(files[i]), "c"), "c", false, {}).meshes[0]), 0)
        << files[i];
  EXPECT_THROW(gs::convertMdl(gs::readMdl(readFileBytes(files[0]), "p"), "p", false, {.frame = 2}), std::runtime_error);
}

TEST(MdlConvert, SkinsBecomeImagesWithTheirCoordinates) {
  auto src = gs::readMdl(readFileBytes(test::fixturesDir() / "foreign_mdl3.mdl"), "m");
  auto m = gs::convertMdl(src, "m", false, {});
  ASSERT_EQ(m.images.size(), 1u);
  EXPECT_EQ(m.images[0].width, 4);
  // 5-6-5: the second pixel is (2 << 11 | 4 << 5 | 30).
  EXPECT_EQ(m.images[0].rgba[4], 2 * 255 / 31);
  EXPECT_EQ(m.images[0].rgba[5], 4 * 255 / 63);
  EXPECT_EQ(m.images[0].rgba[6], 30 * 255 / 31);
  // Triangle 0 uses skin vertices (-4, 0), (3, 3), (0, 3): u shifted by one repetition.
  const auto& f = m.meshes[0].faces[0];
  EXPECT_FLOAT_EQ(f.uv[0].u, 0.0f);
  EXPECT_FLOAT_EQ(f.uv[1].u, 1.0f);
  EXPECT_FLOAT_EQ(f.uv[2].u, 1.0f);
  EXPECT_FLOAT_EQ(f.uv[1].v, 0.75f);
}

TEST(WmpConvert, ObjectsInTheirOwnSpaceTheMapPlaced) {
  auto path = test::fixturesDir() / "foreign_map.wmp";
  auto map = gs::readWmp(readFileBytes(path), path.string());
  gs::Options o;
  o.floor = false;
  // Its pictures read first, as a bring-in reads them: brick.pcx is beside the map, stone nowhere.
  const auto read = foreign::readGsMap(path);
  const auto models = foreign::candidates(read.records);
  const auto& whole = foreign::findCandidate(read.records, models, ObjectKind::Static, "all");
  const auto textures = foreign::readPictures({test::fixturesDir()}, foreign::pictureNames(read.records, whole, {}));
  auto corners = [](const imported::Mesh& mesh) {
    std::set<std::array<long, 3>> s;
    for (const auto& p : mesh.positions) s.insert({std::lround(p.x), std::lround(p.y), std::lround(p.z)});
    return s;
  };
  // Object 1: the cube of planes at +-32, in its own space.
  auto cube = gs::convertWmp(map, "object1", o, textures);
  std::set<std::array<long, 3>> want;
  for (int i = 0; i < 8; ++i) {
    D3 tr = test::toTr({i & 4 ? 32.0 : -32.0, i & 2 ? 32.0 : -32.0, i & 1 ? 32.0 : -32.0}, 10);
    want.insert({std::lround(tr[0]), std::lround(tr[1]), std::lround(tr[2])});
  }
  EXPECT_EQ(corners(cube.meshes[0]), want);
  EXPECT_EQ(cube.meshes[0].faces.size(), 6u);
  EXPECT_EQ(facesPointingOut(cube.meshes[0]), 6);
  // The whole map: object 1 turned a quarter (pan) and moved 100 along x; object 2 moved.
  auto all = gs::convertWmp(map, "all", o, textures);
  std::set<std::array<long, 3>> placed;
  for (int i = 0; i < 8; ++i) {
    double x = i & 4 ? 32.0 : -32.0, y = i & 2 ? 32.0 : -32.0, z = i & 1 ? 32.0 : -32.0;
    D3 tr = test::toTr({-y + 100, x, z}, 10);
    placed.insert({std::lround(tr[0]), std::lround(tr[1]), std::lround(tr[2])});
  }
  for (const auto& b : map.blocks[1].vertices) {
    D3 tr = test::toTr({b.x, b.y - 16, b.z - 12}, 10);
    placed.insert({std::lround(tr[0]), std::lround(tr[1]), std::lround(tr[2])});
  }
  EXPECT_EQ(corners(all.meshes[0]), placed);
  // brick.pcx is beside the map, stone is nowhere.
  int textured = 0, solid = 0;
  for (const auto& f : all.meshes[0].faces) (f.image >= 0 ? textured : solid)++;
  EXPECT_EQ(textured, 5 + 3);  // five brick planes, three brick faces
  EXPECT_EQ(solid, 1 + 1);
  EXPECT_THROW(gs::convertWmp(map, "object9", o, textures), std::runtime_error);
}

TEST(WmpConvert, CorpusBlockVerticesAndFacing) {
  auto path = test::corpusFile("3dgs/block.wmp");
  WADSMITH_REQUIRE_CORPUS(path);
  auto map = gs::readWmp(readFileBytes(path), path.string());
  gs::Options o;
  o.floor = false;
  auto m = gs::convertWmp(map, "object1", o, foreign::NoTextures{});
  const auto& b = map.blocks[0];
  ASSERT_EQ(m.meshes[0].faces.size(), b.faces.size());
  for (std::size_t f = 0; f < b.faces.size(); ++f)
    for (int k = 0; k < 3; ++k) {
      const auto& p = m.meshes[0].positions[m.meshes[0].faces[f].vertices[k]];
      const auto& v = b.vertices[b.faces[f].vertices[k]];
      D3 want = test::toTr({v.x, v.y, v.z}, 10);
      EXPECT_LT(test::distance({p.x, p.y, p.z}, want), 1e-3) << "face " << f;  // kept in the file's order
    }
  EXPECT_EQ(facesPointingOut(m.meshes[0]), 4);
}

}  // namespace
}  // namespace wadsmith
