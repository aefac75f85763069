// Reading 3D files made outside WadSmith (the generator's hand-written outside.gltf / .glb /
// .obj) into the common float form, with known answers worked out from the scene by hand:
// the mesh tree from the bind pose, vertices in their heaviest joint's mesh, animations
// sampled at 30 fps (linear, step and cubic-spline keys), rotations measured from the bind
// pose in TR's space; quads and polygons from OBJ through Assimp. Also: the fixtures
// regenerate identically and pass the Khronos validator; corrupt files fail with the file's
// name, never a crash.
#include <gtest/gtest.h>
#include "editor/interop/tiny_gltf_config.h"

#include <cmath>
#include <nlohmann/json.hpp>

#include "editor/interop/gltf_file.h"
#include "editor/interop/gltf_import.h"
#include "editor/interop/import_file.h"
#include "fixtures/generator/gltf_fixtures.h"
#include "io/file_io.h"
#include "io/parse_error.h"
#include "tests/editor/gltf_validator.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

constexpr double kPi = 3.14159265358979323846;

// The angle of the turn between two rotations: 2 atan2(|v|, |w|) of conj(q) * e.
double angleTo(const imported::Quat& q, double w, double x, double y, double z) {
  const double rw = q.w * w + q.x * x + q.y * y + q.z * z;
  const double rx = q.w * x - q.x * w - q.y * z + q.z * y;
  const double ry = q.w * y + q.x * z - q.y * w - q.z * x;
  const double rz = q.w * z - q.x * y + q.y * x - q.z * w;
  return 2 * std::atan2(std::sqrt(rx * rx + ry * ry + rz * rz), std::abs(rw)) * 180 / kPi;
}
imported::Quat about(double x, double y, double z, double degrees) {
  double h = degrees * kPi / 360;
  return {float(std::cos(h)), float(x * std::sin(h)), float(y * std::sin(h)), float(z * std::sin(h))};
}
double angle(const imported::Quat& q, const imported::Quat& e) { return angleTo(q, e.w, e.x, e.y, e.z); }

TEST(GltfFixtures, RegeneratingGivesIdenticalBytesAndTheyValidate) {
  std::vector<std::filesystem::path> gltf;
  for (const auto& f : fixtures::generateGltfFixtures()) {
    auto path = test::fixturesDir() / f.name;
    ASSERT_TRUE(std::filesystem::exists(path)) << path << " missing: run build/fixtures/wadsmith_fixtures_gen";
    EXPECT_EQ(test::firstDifference(readFileBytes(path), f.bytes), -1) << f.name << " differs from the generator";
    if (path.extension() == ".gltf" || path.extension() == ".glb") gltf.push_back(path);
  }
  EXPECT_EQ(gltf.size(), 2u);
  test::expectValidGltf(gltf);
}

std::vector<interop::GltfObject> outside(const std::string& name) {
  const auto path = test::fixturesDir() / name;
  return name.ends_with(".obj") ? interop::loadAssimpObjects(path) : interop::loadGltfObjects(path);
}

void checkOutsideLamp(const interop::GltfObject& o) {
  EXPECT_EQ(o.name, "lamp");
  EXPECT_FALSE(o.records.has_value());
  const auto& m = o.model;
  ASSERT_EQ(m.bones.size(), 3u);
  EXPECT_EQ(m.bones[0].parent, -1);
  EXPECT_EQ(m.bones[1].parent, 0);
  EXPECT_EQ(m.bones[2].parent, 1);
  // Arm at (0, .25, 0) m: TR y is down, 512 units a metre.
  EXPECT_NEAR(m.bones[1].offset.y, -128, 1e-3);
  EXPECT_NEAR(m.bones[1].offset.x, 0, 1e-3);
  // Hand at (-.5, .25, 0): half a metre along glTF -x is TR +x after the half turn about z.
  EXPECT_NEAR(m.bones[2].offset.x, 256, 1e-3);
  EXPECT_NEAR(m.bones[2].offset.y, 0, 1e-3);
  ASSERT_EQ(m.meshes.size(), 3u);
  for (const auto& mesh : m.meshes) EXPECT_EQ(mesh.faces.size(), 12u) << mesh.name;  // a box: 6 quads as 12 triangles
  // The base's corner (-.25, 0, .25) is TR (128, 0, 128) from the base joint.
  bool corner = false;
  for (const auto& p : m.meshes[0].positions) corner |= std::abs(p.x - 128) < 1e-3 && std::abs(p.y) < 1e-3 && std::abs(p.z - 128) < 1e-3;
  EXPECT_TRUE(corner);
  // The arm box spans x in [-.5, 0] m around the arm at x = 0: TR x in [0, 256].
  float lo = 1e9, hi = -1e9;
  for (const auto& p : m.meshes[1].positions) lo = std::min(lo, p.x), hi = std::max(hi, p.x);
  EXPECT_NEAR(lo, 0, 1e-3);
  EXPECT_NEAR(hi, 256, 1e-3);
  ASSERT_EQ(m.images.size(), 1u);
  EXPECT_EQ(m.images[0].width, 64);
  EXPECT_EQ(m.images[0].rgba[(0 * 64 + 60) * 4 + 3], 0);  // the transparent corner
  EXPECT_EQ(m.meshes[0].faces[0].image, 0);
  EXPECT_FALSE(m.meshes[0].faces[0].translucent);
  EXPECT_EQ(m.meshes[2].faces[0].image, -1);  // the glow: a colour, translucent
  EXPECT_TRUE(m.meshes[2].faces[0].translucent);
  EXPECT_EQ(m.meshes[2].faces[0].color, (std::array<std::uint8_t, 3>{255, 255, 0}));
  // Each box face faces outward in TR's sense: cross(v2 - v0, v1 - v0) away from the box centre.
  const auto& base = m.meshes[0];
  for (const auto& f : base.faces) {
    auto p = [&](int c) { return base.positions[f.vertices[c]]; };
    imported::Vec3 a{p(2).x - p(0).x, p(2).y - p(0).y, p(2).z - p(0).z}, b{p(1).x - p(0).x, p(1).y - p(0).y, p(1).z - p(0).z};
    imported::Vec3 n{a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
    imported::Vec3 c{(p(0).x + p(1).x + p(2).x) / 3, (p(0).y + p(1).y + p(2).y) / 3 + 64, (p(0).z + p(1).z + p(2).z) / 3};
    EXPECT_GT(n.x * c.x + n.y * c.y + n.z * c.z, 0);  // the base's centre is TR (0, -64, 0)
  }

  ASSERT_EQ(m.animations.size(), 2u);
  const auto& wave = m.animations[0];
  EXPECT_EQ(wave.name, "wave");
  ASSERT_EQ(wave.frames.size(), 31u);  // one second at 30 fps, both ends
  // Frame 15 (0.5 s): the arm turned 45 degrees about glTF +y: TR -y.
  EXPECT_LT(angle(wave.frames[15].rotations[1], about(0, -1, 0, 45)), 0.01);
  EXPECT_LT(angle(wave.frames[0].rotations[1], about(0, 1, 0, 0)), 0.01);
  EXPECT_LT(angle(wave.frames[6].rotations[1], about(0, -1, 0, 18)), 0.01);  // linear keys between frames
  // STEP root translation: z = .25 m from 0.5 s on.
  EXPECT_NEAR(wave.frames[14].offset.z, 0, 1e-3);
  EXPECT_NEAR(wave.frames[15].offset.z, 128, 1e-3);
  EXPECT_NEAR(wave.frames[30].offset.z, 128, 1e-3);
  // Cubic spline with zero tangents: the hand at 30 degrees halfway, 60 at the end, about z.
  EXPECT_LT(angle(wave.frames[15].rotations[2], about(0, 0, 1, 30)), 0.05);
  EXPECT_LT(angle(wave.frames[30].rotations[2], about(0, 0, 1, 60)), 0.01);
  const auto& turn = m.animations[1];
  ASSERT_EQ(turn.frames.size(), 61u);
  EXPECT_LT(angle(turn.frames[60].rotations[0], about(0, -1, 0, 90)), 0.01);
  EXPECT_LT(angle(turn.frames[30].rotations[0], about(0, -1, 0, 45)), 0.01);
}

TEST(GltfImport, OutsideGltfKnownAnswers) {
  auto objects = outside("outside.gltf");
  ASSERT_EQ(objects.size(), 1u);
  checkOutsideLamp(objects[0]);
}

TEST(GltfImport, OutsideGlbIsTheSameScene) {
  auto objects = outside("outside.glb");
  ASSERT_EQ(objects.size(), 1u);
  checkOutsideLamp(objects[0]);
}

TEST(AssimpImport, OutsideObjKeepsQuadsAndTexture) {
  auto objects = outside("outside.obj");
  ASSERT_EQ(objects.size(), 1u);
  const auto& m = objects[0].model;
  ASSERT_EQ(m.meshes.size(), 1u);
  std::size_t quads = 0, triangles = 0;
  for (const auto& f : m.meshes[0].faces) (f.corners == 4 ? quads : triangles)++;
  EXPECT_EQ(quads, 5u);      // four sides and the pentagon's fan tail
  EXPECT_EQ(triangles, 1u);  // the pentagon's first corner
  ASSERT_EQ(m.images.size(), 1u);
  EXPECT_EQ(m.images[0].width, 64);
  float top = 0;
  for (const auto& p : m.meshes[0].positions) top = std::min(top, p.y);
  EXPECT_NEAR(top, -1.75f * 512, 1e-2);  // the apex, 1.75 m up (TR y is down)
  // v flipped to count from the picture's top row: the side quads' first corner is uv (0, 0) in
  // OBJ terms, the bottom left of the picture.
  bool bottomLeft = false;
  for (const auto& f : m.meshes[0].faces)
    for (int c = 0; c < f.corners; ++c) bottomLeft |= std::abs(f.uv[c].u) < 1e-6 && std::abs(f.uv[c].v - 1) < 1e-6;
  EXPECT_TRUE(bottomLeft);
}

TEST(GltfImport, CorruptFilesFailWithTheirName) {
  const auto bytes = readFileBytes(test::fixturesDir() / "outside.glb");
  const auto dir = test::scratchDir();
  std::size_t failures = 0;
  // Every truncation at a step, and bytes flipped through the JSON and binary chunks.
  for (std::size_t n = 0; n < bytes.size(); n += 97) {
    std::vector<std::uint8_t> cut(bytes.begin(), bytes.begin() + n);
    try {
      tinygltf::Model m;
      interop::readGltf(cut, dir / "cut.glb", m);
      interop::gltfObjects(m, "cut.glb");
    } catch (const std::runtime_error& e) {
      ++failures;
      EXPECT_NE(std::string(e.what()).find("cut.glb"), std::string::npos) << e.what();
    }
  }
  EXPECT_GT(failures, 10u);
  for (std::size_t at = 20; at < bytes.size(); at += 131) {
    auto bad = bytes;
    bad[at] ^= 0x5A;
    try {
      tinygltf::Model m;
      interop::readGltf(bad, dir / "bad.glb", m);
      interop::gltfObjects(m, "bad.glb");
    } catch (const std::runtime_error& e) {
      EXPECT_NE(std::string(e.what()).find("bad.glb"), std::string::npos) << e.what();
    }
  }
}

// A GLB from its JSON and binary chunk (each padded to 4 bytes as the format asks).
std::vector<std::uint8_t> glb(const std::string& json, std::span<const std::uint8_t> bin) {
  std::vector<std::uint8_t> out;
  auto u32 = [&out](std::size_t v) {
    for (int i = 0; i < 4; ++i) out.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
  };
  std::string j = json;
  while (j.size() % 4) j += ' ';
  std::vector<std::uint8_t> b(bin.begin(), bin.end());
  while (b.size() % 4) b.push_back(0);
  out.insert(out.end(), {'g', 'l', 'T', 'F'});
  u32(2);
  u32(12 + 8 + j.size() + 8 + b.size());
  u32(j.size());
  out.insert(out.end(), {'J', 'S', 'O', 'N'});
  out.insert(out.end(), j.begin(), j.end());
  u32(b.size());
  out.insert(out.end(), {'B', 'I', 'N', '\0'});
  out.insert(out.end(), b.begin(), b.end());
  return out;
}

// Found by the glTF fuzzer: tinygltf hands the picture of a buffer view over as the view claims
// it, so a view past its buffer made the picture reader read past the heap block. Refused now,
// named and never read (the sanitizer build checks the "never read").
TEST(GltfImport, PictureViewPastItsBufferIsRefused) {
  const auto bytes = readFileBytes(test::fixturesDir() / "outside.glb");
  ASSERT_GE(bytes.size(), 28u);
  const std::size_t jsonLength = bytes[12] | bytes[13] << 8 | bytes[14] << 16 | std::size_t(bytes[15]) << 24;
  auto json = nlohmann::json::parse(bytes.begin() + 20, bytes.begin() + 20 + static_cast<long>(jsonLength));
  const std::span<const std::uint8_t> bin(bytes.data() + 20 + jsonLength + 8, bytes.size() - 20 - jsonLength - 8);
  ASSERT_TRUE(json.contains("images"));
  ASSERT_TRUE(json["images"][0].contains("bufferView"));
  const int view = json["images"][0]["bufferView"];
  json["bufferViews"][view]["byteLength"] = json["buffers"][0]["byteLength"].get<std::size_t>() + 4096;
  const auto bad = glb(json.dump(), bin);
  tinygltf::Model m;
  try {
    interop::readGltf(bad, "past.glb", m);
    ADD_FAILURE() << "a picture past its buffer was read";
  } catch (const ParseError& e) {
    EXPECT_NE(std::string(e.what()).find("past.glb"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("image 0: its buffer view runs past its buffer"), std::string::npos) << e.what();
  }
}

TEST(GltfImport, AccessorPastItsBufferIsLocated) {
  auto bytes = readFileBytes(test::fixturesDir() / "outside.gltf");
  std::string s(bytes.begin(), bytes.end());
  // The first accessor claims far more elements than its view holds.
  auto at = s.find("\"count\"");
  ASSERT_NE(at, std::string::npos);
  auto end = s.find_first_of(",}", at);
  s.replace(at, end - at, "\"count\": 100000");
  tinygltf::Model m;
  std::vector<std::uint8_t> b(s.begin(), s.end());
  try {
    interop::readGltf(b, test::fixturesDir() / "outside.gltf", m);
    interop::gltfObjects(m, "outside.gltf");
    ADD_FAILURE() << "an accessor past its view was read";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("outside.gltf"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace wadsmith
