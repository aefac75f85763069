// The builder from the common float form to WAD records (model/import/build.h): rotation words,
// the mesh tree, keyframes checked by posing the written WAD with an oracle of its own against
// the source's float pose, texture samples checked by where the WAD's corner mapping lands on
// the page against where the face's coordinates land on its image, TR's limits, and an import
// into a WAD that round-trips and validates.
#include <gtest/gtest.h>

#include <cmath>
#include <iostream>
#include <random>

#include "io/wad_codec.h"
#include "io/wad_files.h"
#include "model/import/build.h"
#include "model/import/import.h"
#include "model/geometry/rotation_words.h"
#include "model/merge/merge.h"
#include "model/object_view.h"
#include "model/texture_mapping.h"
#include "model/texture_word.h"
#include "model/validate.h"
#include "tests/model/foreign_oracle.h"
#include "tests/model/wad_pose_oracle.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

using imported::Quat;
using imported::Vec3;

Quat axisAngle(double x, double y, double z, double degrees) {
  double n = std::sqrt(x * x + y * y + z * z), h = degrees * 3.14159265358979323846 / 360.0;
  return {float(std::cos(h)), float(x / n * std::sin(h)), float(y / n * std::sin(h)), float(z / n * std::sin(h))};
}

double matrixAngle(const test::M3& a, const test::M3& b) {  // degrees of a^T b
  double trace = 0;
  for (int i = 0; i < 3; ++i)
    for (int k = 0; k < 3; ++k) trace += a[k][i] * b[k][i];
  return std::acos(std::clamp((trace - 1) / 2, -1.0, 1.0)) * 180.0 / 3.14159265358979323846;
}

TEST(ImportRotation, ClosestWordsDecodeToTheRotationWithinAHalfStep) {
  // Identity and single-axis turns: one word, exact.
  auto id = geometry::closestRotation({});
  EXPECT_EQ(id.words.size(), 1u);
  EXPECT_NEAR(id.errorDegrees, 0, 1e-6);
  auto y90 = geometry::closestRotation(axisAngle(0, 1, 0, 90));
  ASSERT_EQ(y90.words.size(), 1u);
  EXPECT_EQ(y90.words[0], 0x8000 | 1024);
  auto xm45 = geometry::closestRotation(axisAngle(1, 0, 0, -45));
  ASSERT_EQ(xm45.words.size(), 1u);
  EXPECT_EQ(xm45.words[0], 0x4000 | (4096 - 512));
  // Random rotations: the words, decoded by the keyframe decoder and turned into a matrix here,
  // are the asked rotation within the three-axis words' resolution (half a 1024th of a turn on
  // each of three axes: at most 3 * 0.176 degrees), and the reported error is the true one.
  std::mt19937 rng(17);
  std::normal_distribution<double> g;
  double worst = 0;
  for (int i = 0; i < 2000; ++i) {
    Quat q{float(g(rng)), float(g(rng)), float(g(rng)), float(g(rng))};
    auto e = geometry::closestRotation(q);
    std::vector<std::uint16_t> words(9, 0);
    words.insert(words.end(), e.words.begin(), e.words.end());
    auto k = decodeKeyframe(words, 1);
    ASSERT_EQ(k.rotations.size(), 1u);
    const auto& r = k.rotations[0];
    double truth = matrixAngle(test::rotationYXZ(r.x, r.y, r.z), test::quatMatrix(q.w, q.x, q.y, q.z));
    EXPECT_NEAR(truth, e.errorDegrees, 1e-3);
    worst = std::max(worst, truth);
  }
  EXPECT_LT(worst, 3 * 180.0 / 1024);
  EXPECT_GT(worst, 0.01);  // the test saw three-axis quantization at all
  std::cout << "closest rotation words of 2000 random rotations: worst " << worst << " degrees\n";
}

// An 16x16 image of 4x4 blocks, each its own colour; the bottom-right block transparent.
imported::Image blocks() {
  imported::Image img;
  img.name = "blocks";
  img.width = img.height = 16;
  for (int y = 0; y < 16; ++y)
    for (int x = 0; x < 16; ++x) {
      bool clear = x >= 12 && y >= 12;
      std::uint8_t px[4] = {std::uint8_t(20 + 60 * (x / 4)), std::uint8_t(20 + 60 * (y / 4)), std::uint8_t(x / 4 == 1 && y / 4 == 1 ? 255 : 90),
                            std::uint8_t(clear ? 0 : 255)};
      img.rgba.insert(img.rgba.end(), px, px + 4);
    }
  // One opaque magenta pixel: it must not turn transparent.
  auto* m = &img.rgba[(5 * 16 + 9) * 4];
  m[0] = 255, m[1] = 0, m[2] = 255, m[3] = 255;
  return img;
}

imported::Mesh box(const std::string& name, float size, int image) {
  imported::Mesh m;
  m.name = name;
  const float s = size;
  m.positions = {{-s, -s, -s}, {s, -s, -s}, {s, s, -s}, {-s, s, -s}, {-s, -s, s}, {s, -s, s}, {s, s, s}, {-s, s, s}};
  auto quad = [&](int a, int b, int c, int d, std::array<imported::Vec2, 4> uv) {
    imported::Face f;
    f.corners = 4;
    f.vertices = {a, b, c, d};
    f.image = image;
    f.uv = uv;
    m.faces.push_back(f);
  };
  auto tri = [&](int a, int b, int c, std::array<imported::Vec2, 3> uv, int img = 0) {
    imported::Face f;
    f.corners = 3;
    f.vertices = {a, b, c, 0};
    f.image = img;
    f.uv = {uv[0], uv[1], uv[2], {}};
    m.faces.push_back(f);
  };
  // A rectangle of the image (cut as it is), mirrored on the next face (a flipped sample).
  quad(0, 1, 2, 3, {{{0, 0}, {0.5f, 0}, {0.5f, 0.25f}, {0, 0.25f}}});
  quad(5, 4, 7, 6, {{{0.5f, 0}, {0, 0}, {0, 0.25f}, {0.5f, 0.25f}}});
  // Skewed coordinates (resampled), one crossing into the transparent block.
  tri(1, 5, 6, {{{0.1f, 0.3f}, {0.9f, 0.45f}, {0.4f, 0.95f}}}, image);
  tri(1, 6, 2, {{{0.55f, 0.6f}, {0.95f, 0.98f}, {0.6f, 0.99f}}}, image);
  // A solid colour, translucent; a double-sided one.
  tri(0, 3, 7, {{}}, -1);
  m.faces.back().color = {10, 200, 30};
  m.faces.back().translucent = true;
  tri(0, 7, 4, {{{0.3f, 0.3f}, {0.3f, 0.7f}, {0.7f, 0.7f}}}, image);
  m.faces.back().doubleSided = true;
  return m;
}

// Bones listed 0, 1, 2, 3 with 3 hanging from 1: TR wants the depth-first order 0, 1, 3, 2.
imported::Model movableModel() {
  imported::Model m;
  m.name = "tester";
  m.images.push_back(blocks());
  for (int i = 0; i < 4; ++i) m.meshes.push_back(box("part" + std::to_string(i), 40.0f + 10 * i, 0));
  m.bones = {{"root", -1, {}}, {"a", 0, {0, -200, 0}}, {"b", 0, {150, -50, 30}}, {"c", 1, {0, -180, 20}}};
  imported::Animation wave;
  wave.name = "wave";
  wave.framesPerSecond = 10;
  for (int f = 0; f < 4; ++f) {
    imported::Frame fr;
    fr.offset = {f * 10.0f, -300.0f + f * 3, f * -7.0f};
    fr.rotations = {axisAngle(0, 1, 0, f * 20.0), axisAngle(1, 0.3, -0.2, 10 + f * 31.7), axisAngle(0.2, 1, 1, f * -40.0),
                    axisAngle(0, 0, 1, f * 15.0)};
    wave.frames.push_back(fr);
  }
  imported::Animation odd = wave;
  odd.name = "odd";
  odd.framesPerSecond = 24;
  odd.frames.push_back(odd.frames[1]);
  m.animations = {wave, odd};
  return m;
}

const std::vector<int> kTrOrder = {0, 1, 3, 2};  // TR mesh k is the model's bone kTrOrder[k]

// The colour the face's coordinates show at barycentric `b` on the source image.
std::array<std::uint8_t, 3> sourceColour(const imported::Image& img, double u, double v) {
  int x = std::clamp(int(std::floor(u * img.width)), 0, img.width - 1), y = std::clamp(int(std::floor(v * img.height)), 0, img.height - 1);
  const auto* p = &img.rgba[(std::size_t(y) * img.width + x) * 4];
  if (p[3] == 0) return {255, 0, 255};
  if (p[0] == 255 && p[1] == 0 && p[2] == 255) return {254, 0, 254};
  return {p[0], p[1], p[2]};
}

// Every face of `wadMesh` (built from `src`) shows, at interior points away from the image's
// block edges, the colour the source face shows there, as the engine maps it (the corners of the
// sample rectangle by the texture word, interpolated across the face). Returns points checked.
int checkFaceTextures(const WadDocument& w, const Mesh& wadMesh, const imported::Mesh& src, const imported::Image& img) {
  int checked = 0;
  std::size_t wi = 0;
  for (std::size_t fi = 0; fi < src.faces.size(); ++fi) {
    const auto& f = src.faces[fi];
    for (int side = 0; side < (f.doubleSided ? 2 : 1); ++side, ++wi) {
      const Polygon& p = wadMesh.polygons.at(wi);
      const int n = p.corners();
      if (n != f.corners) {
        ADD_FAILURE() << "face " << fi << " has " << n << " corners";
        return checked;
      }
      EXPECT_EQ((p.attributes & attr::kTranslucent) != 0, f.translucent) << "face " << fi;
      auto t = WadTextureWord::decode(p.texture, p.quad);
      const auto& s = w.samples->at(t.sample);
      auto page = wadFaceUVs(p, s);
      // Source coordinates per WAD corner: the source corner with the same vertex.
      std::array<imported::Vec2, 4> uv{};
      for (int j = 0; j < n; ++j) {
        int k = 0;
        while (k < n && f.vertices[k] != p.vertices[j]) ++k;
        if (k == n) {
          ADD_FAILURE() << "face " << fi << " lost a vertex";
          return checked;
        }
        uv[j] = f.uv[k];
      }
      const double pts[][4] = {{1 / 3.0, 1 / 3.0, 1 / 3.0, 0}, {0.6, 0.2, 0.2, 0}, {0.2, 0.6, 0.2, 0}, {0.2, 0.2, 0.6, 0},
                               {0.25, 0.25, 0.25, 0.25}, {0.1, 0.4, 0.4, 0.1}};
      for (const auto& b : pts) {
        if (n == 3 && b[3] != 0) continue;
        double pu = 0, pv = 0, su = 0, sv = 0;
        for (int j = 0; j < n; ++j) pu += b[j] * page[j].u, pv += b[j] * page[j].v, su += b[j] * uv[j].u, sv += b[j] * uv[j].v;
        if (n == 4 && b[3] == 0) continue;
        const auto* px = w.pixels->pixel(s.page, int(std::floor(pu)), int(std::floor(pv)));
        if (!px) {
          ADD_FAILURE() << "face " << fi << " samples outside the pages";
          return checked;
        }
        std::array<std::uint8_t, 3> want{f.color[0], f.color[1], f.color[2]};
        if (f.image >= 0) {
          // Away from a block edge by a texel, so resampling to the nearest texel cannot change it.
          double bx = std::fmod(su * img.width, 4.0), by = std::fmod(sv * img.height, 4.0);
          if (bx < 1 || bx > 3 || by < 1 || by > 3) continue;
          if (std::abs(su * img.width - 9.5) < 1.5 && std::abs(sv * img.height - 5.5) < 1.5) continue;  // the magenta pixel
          want = sourceColour(img, su, sv);
        }
        EXPECT_EQ(px[0], want[0]) << "face " << fi << " side " << side << " at " << su << "," << sv;
        EXPECT_EQ(px[1], want[1]) << "face " << fi;
        EXPECT_EQ(px[2], want[2]) << "face " << fi;
        ++checked;
      }
    }
  }
  EXPECT_EQ(wi, wadMesh.polygons.size());
  return checked;
}

TEST(ImportBuild, MovableKeyframesPutEveryPieceWhereTheSourceFramePutsIt) {
  const auto model = movableModel();
  auto built = import::buildWad({{&model, 427}});
  const auto& rep = built.models.at(0);
  // Written and read back: what the engine would load.
  const auto bytes = writeWad(built.wad);
  const auto w = readWad(bytes, "built");
  EXPECT_EQ(writeWad(w), bytes);
  EXPECT_TRUE(validate(Document(w)).empty()) << validate(Document(w)).front().what;
  const ObjectView v(w.objects);
  auto mi = v.findMovable(427);
  ASSERT_TRUE(mi);
  ASSERT_EQ(v.meshCount(*mi), 4u);
  const Skeleton sk = v.skeleton(*mi);
  EXPECT_FALSE(sk.popUnderflow);
  std::vector<int> parents;
  for (const auto& b : sk.bones) parents.push_back(b.parent);
  EXPECT_EQ(parents, (std::vector<int>{-1, 0, 1, 0}));  // 0, a, c (under a), b
  EXPECT_EQ(sk.bones[2].offset, (Vec3s{0, -180, 20}));

  auto [a0, a1] = v.animationRange(*mi);
  ASSERT_EQ(a1 - a0, 2u);
  const auto& wave = v.animations()[a0];
  const auto& odd = v.animations()[a0 + 1];
  EXPECT_EQ(wave.frameDuration, 3);  // 10 per second
  EXPECT_EQ(wave.frameStart, 0);
  EXPECT_EQ(wave.frameEnd, 9);
  EXPECT_EQ(odd.frameDuration, 1);  // 24 per second: resampled at 30
  EXPECT_EQ(odd.frameStart, 10);
  EXPECT_EQ(v.keyframeCount(a0 + 1), 6u);  // 4/24 s at 30 per second: 5 steps
  EXPECT_EQ(wave.nextAnimation, RecordRef::record(wave.id));
  EXPECT_EQ(wave.nextFrame, wave.frameStart);

  // The source pose (the oracle's matrices on the float model) against the WAD's pose.
  double radius = 0, worst = 0;
  auto compare = [&](std::size_t anim, std::size_t key, const imported::Frame& frame) {
    const auto tr = test::poseWadKeyframe(v, *mi, anim, key);
    const auto src = test::poseTr(model, frame);
    const auto k = v.keyframes(anim, 4)[key];
    for (std::size_t m = 0; m < 4; ++m) {
      const auto& mesh = *v.movableMeshes(*mi)[m].mesh;
      const auto& srcMesh = model.meshes[std::size_t(kTrOrder[m])];
      for (std::size_t i = 0; i < mesh.vertices.size(); ++i) {
        const auto& p = srcMesh.positions[i];
        auto want = src[std::size_t(kTrOrder[m])].apply({p.x, p.y, p.z});
        auto got = tr[m].apply(test::storedVertices(mesh)[i]);
        worst = std::max(worst, test::distance(want, got));
        radius = std::max(radius, test::distance(want, {double(frame.offset.x), double(frame.offset.y), double(frame.offset.z)}));
        // The keyframe's box holds the posed piece.
        EXPECT_GE(got[0], k.box.minX - 0.5);
        EXPECT_LE(got[0], k.box.maxX + 0.5);
        EXPECT_GE(got[1], k.box.minY - 0.5);
        EXPECT_LE(got[1], k.box.maxY + 0.5);
      }
    }
  };
  for (std::size_t f = 0; f < 4; ++f) compare(a0, f, model.animations[0].frames[f]);
  compare(a0 + 1, 0, model.animations[1].frames[0]);
  compare(a0 + 1, 5, model.animations[1].frames[4]);  // 5 * 24/30 = source frame 4
  // Stated error: rounding a vertex (0.87) and an offset (0.87) plus three levels of rotation
  // words, each within 0.53 degrees, over the model's reach.
  const double bound = 0.87 * 2 + 3 * (0.53 * 3.14159265358979323846 / 180) * radius;
  EXPECT_LT(worst, bound);
  EXPECT_GT(worst, 0.01);
  // The builder's own measure (over every keyframe, resampled ones too) is at least the
  // oracle's on the source frames, within the same bound.
  EXPECT_GE(rep.maxPositionError, worst - 1e-3);
  EXPECT_LT(rep.maxPositionError, bound);
  EXPECT_LT(rep.maxRotationError, 0.53);
  EXPECT_GT(rep.oneAxisRotations, 0u);
  EXPECT_EQ(rep.keyframes, 10u);

  // Textures: every face shows what its coordinates show.
  int checked = 0;
  for (std::size_t m = 0; m < 4; ++m)
    checked += checkFaceTextures(w, *v.movableMeshes(*mi)[m].mesh, model.meshes[std::size_t(kTrOrder[m])], model.images[0]);
  EXPECT_GT(checked, 40);
  EXPECT_EQ(rep.facesBackAdded, 4u);
  EXPECT_EQ(rep.facesCut, 8u);
  EXPECT_EQ(rep.facesSolid, 4u);
  EXPECT_EQ(rep.magentaNudged, 1u);
  // Identical samples are one: the four boxes share their pictures.
  EXPECT_EQ(rep.samples, w.samples->size() - 1);
  EXPECT_LT(rep.samples, 10u);
}

TEST(ImportBuild, NormalsFromTheModelOrRecomputedAndStaticsGetBoxes) {
  imported::Model m;
  m.name = "crate";
  m.movable = false;
  m.meshes.push_back(box("crate", 100, -1));
  for (auto& f : m.meshes[0].faces) f.image = -1;
  auto built = import::buildWad({{&m, 10}});
  const ObjectView v(built.wad.objects);
  auto si = v.findStatic(10);
  ASSERT_TRUE(si);
  const auto& st = v.statics()[*si];
  EXPECT_EQ(st.visibility, (BoundingBox{-100, 100, -100, 100, -100, 100}));
  EXPECT_EQ(st.collision, st.visibility);
  const Mesh& mesh = *v.staticMesh(*si)->mesh;
  EXPECT_EQ(mesh.radius, 174);  // ceil(100 * sqrt 3)
  // No normals given: computed, pointing out of the box (the faces' visible sides).
  ASSERT_EQ(mesh.normals.size(), 8u);
  for (std::size_t i = 0; i < 8; ++i) {
    const auto& p = mesh.vertices[i];
    const auto& n = mesh.normals[i];
    EXPECT_GT(double(p.x) * n.x + double(p.y) * n.y + double(p.z) * n.z, 0) << "vertex " << i;
  }
  // Given normals are kept (scaled to 16300); shades win where given.
  m.meshes[0].normals.assign(8, {0, -2, 0});
  auto kept = import::buildWad({{&m, 10}});
  EXPECT_EQ(kept.wad.objects.meshes->at(0).mesh->normals.at(3), (Vec3s{0, -16300, 0}));
  m.meshes[0].shades.assign(8, 0.5f);
  auto shaded = import::buildWad({{&m, 10}});
  EXPECT_TRUE(shaded.wad.objects.meshes->at(0).mesh->usesShades());
  EXPECT_EQ(shaded.wad.objects.meshes->at(0).mesh->shades.at(0), 4096);
}

TEST(ImportBuild, LimitsAreLocatedErrors) {
  imported::Model m = movableModel();
  m.meshes[2].positions[5].x = 40000;
  try {
    import::buildWad({{&m, 427}});
    FAIL() << "built a vertex past 16 bits";
  } catch (const import::BuildError& e) {
    EXPECT_STREQ(e.what(),
                 "model tester: mesh 2 (part2): vertex 5 x = 40000 is outside TR's 16-bit range (-32768..32767): choose a "
                 "smaller scale");
  }
  m = movableModel();
  m.animations[1].frames[2].offset.y = -1e6f;
  try {
    import::buildWad({{&m, 427}});
    FAIL();
  } catch (const import::BuildError& e) {
    EXPECT_NE(std::string(e.what()).find("model tester: animation 1 (odd) frame 2: root offset y"), std::string::npos) << e.what();
  }
  m = movableModel();
  m.meshes[1].faces[0].vertices[2] = 99;
  EXPECT_THROW(import::buildWad({{&m, 427}}), import::BuildError);
  m = movableModel();
  m.bones.pop_back();
  EXPECT_THROW(import::buildWad({{&m, 427}}), import::BuildError);
  m = movableModel();
  EXPECT_THROW(import::buildWad({{&m, 427}, {&m, 427}}), import::BuildError);
  m.meshes[0].positions[0].y = std::nanf("");
  EXPECT_THROW(import::buildWad({{&m, 427}}), import::BuildError);
}

TEST(ImportBuild, ImportIntoTheSampleWadRoundTripsAndValidates) {
  const auto dst = loadWad(test::fixturesDir() / "sample.wad");
  const auto model = movableModel();
  imported::Model crate;
  crate.name = "crate";
  crate.movable = false;
  crate.images.push_back(blocks());
  crate.meshes.push_back(box("crate", 300, 0));
  auto slot = import::firstFreeSlot(dst, true);
  ASSERT_TRUE(slot);
  EXPECT_EQ(*slot, 429u);  // sample.wad holds ANIMATING1
  EXPECT_EQ(import::firstFreeSlot(dst, true, {429}), 431u);
  const auto built = import::buildWad({{&model, *slot}, {&crate, 12}});
  merge::Request req;
  req.movables = {*slot};
  req.statics = {12};
  req.sourceLabel = "tester.mdl";
  const auto merged = merge::mergeObjects(dst, built.wad, req);
  const auto bytes = writeWad(merged.doc);
  auto out = readWad(bytes, "merged");
  EXPECT_EQ(writeWad(out), bytes);
  out.sounds = merged.doc.sounds;  // the .SFX/.SAM travel beside the .wad bytes
  EXPECT_EQ(validate(Document(out)).size(), validate(Document(dst)).size());
  const ObjectView v(out.objects);
  auto mi = v.findMovable(429);
  ASSERT_TRUE(mi);
  EXPECT_EQ(v.meshCount(*mi), 4u);
  EXPECT_EQ(v.animationRange(*mi).second - v.animationRange(*mi).first, 2u);
  // After the merge packed them into the sample's pages, the faces still show their pictures.
  int checked = 0;
  for (std::size_t m = 0; m < 4; ++m)
    checked += checkFaceTextures(out, *v.movableMeshes(*mi)[m].mesh, model.meshes[std::size_t(kTrOrder[m])], model.images[0]);
  EXPECT_GT(checked, 40);
  auto si = v.findStatic(12);
  ASSERT_TRUE(si);
  EXPECT_GT(checkFaceTextures(out, *v.staticMesh(*si)->mesh, crate.meshes[0], crate.images[0]), 5);
  // The keyframes survive the merge: the same pose as in the built WAD.
  const ObjectView bv(built.wad.objects);
  auto a = test::poseWadKeyframe(v, *mi, v.animationRange(*mi).first, 2);
  auto b = test::poseWadKeyframe(bv, *bv.findMovable(429), 0, 2);
  for (std::size_t m = 0; m < 4; ++m) EXPECT_LT(test::distance(a[m].t, b[m].t), 1e-9);
  // The notes say what was chosen and measured.
  bool measured = false;
  for (const auto& n : import::reportLines(model, built.models[0])) measured |= n.find("rotation words off by at most") != std::string::npos;
  EXPECT_TRUE(measured);
  ASSERT_TRUE(merged.doc.was);
  bool named = false;
  for (const auto& l : merged.doc.was->lines) named |= l.text.find("tester.mdl") != std::string::npos;
  EXPECT_TRUE(named);
}

}  // namespace
}  // namespace wadsmith
