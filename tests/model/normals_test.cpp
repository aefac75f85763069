// Recomputed normals of untouched original meshes stay close to the stored ones.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "io/wad_files.h"
#include "model/ops/mesh_ops.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

double angleDegrees(const Vec3s& a, const Vec3s& b) {
  double la = std::sqrt(double(a.x) * a.x + double(a.y) * a.y + double(a.z) * a.z);
  double lb = std::sqrt(double(b.x) * b.x + double(b.y) * b.y + double(b.z) * b.z);
  if (la == 0 || lb == 0) return 0;
  double c = (double(a.x) * b.x + double(a.y) * b.y + double(a.z) * b.z) / (la * lb);
  return std::acos(std::clamp(c, -1.0, 1.0)) * 180.0 / M_PI;
}

TEST(Normals, RecomputedNormalsMatchTheStoredOnesAcrossTheCorpus) {
  auto files = test::corpusFiles("wad", {".wad"});
  if (files.empty()) GTEST_SKIP() << "../shared corpus not present: skipped";
  std::vector<double> angles;
  for (const auto& f : files) {
    auto doc = loadWad(f);
    for (const auto& e : *doc.objects.meshes) {
      if (!e.mesh || e.mesh->normals.size() != e.mesh->vertices.size()) continue;
      auto n = ops::computeNormals(*e.mesh);
      std::vector<bool> used(e.mesh->vertices.size(), false);
      for (const auto& p : e.mesh->polygons)
        for (int c = 0; c < p.corners(); ++c)
          if (p.vertices[c] < used.size()) used[p.vertices[c]] = true;
      for (std::size_t i = 0; i < n.size(); ++i)
        if (used[i]) angles.push_back(angleDegrees(n[i], e.mesh->normals[i]));
    }
  }
  ASSERT_GT(angles.size(), 1000u);
  std::sort(angles.begin(), angles.end());
  double median = angles[angles.size() / 2], p90 = angles[angles.size() * 9 / 10];
  RecordProperty("median_degrees", std::to_string(median));
  RecordProperty("p90_degrees", std::to_string(p90));
  std::printf("normals: %zu vertices, median %.2f deg, 90th percentile %.2f deg\n", angles.size(), median, p90);
  EXPECT_LE(median, 5.0);
}

TEST(Normals, StoredLengthAndOrientation) {
  // A unit cube face seen from +Z, wound like the originals: the normal points to +Z.
  Mesh m;
  m.vertices = {{0, 0, 0}, {100, 0, 0}, {100, 100, 0}, {0, 100, 0}};
  m.normals.resize(4);
  Polygon q;
  q.quad = true;
  q.vertices = {0, 3, 2, 1};  // cross(v2 - v0, v1 - v0) points to +z
  m.polygons = {q};
  auto n = ops::computeNormals(m);
  for (const auto& v : n) {
    EXPECT_EQ(v.x, 0);
    EXPECT_EQ(v.y, 0);
    EXPECT_EQ(v.z, 16300);
  }
}

TEST(Normals, DegenerateFacesAreIgnoredAndUnusedVerticesKeepTheirNormal) {
  Mesh m;
  m.vertices = {{0, 0, 0}, {100, 0, 0}, {0, 100, 0}, {50, 0, 0}, {7, 7, 7}};
  m.normals = {{1, 2, 3}, {1, 2, 3}, {1, 2, 3}, {1, 2, 3}, {9, 9, 9}};
  Polygon t;
  t.vertices = {0, 2, 1, 0};
  Polygon degenerate;
  degenerate.vertices = {0, 3, 1, 0};  // collinear
  m.polygons = {t, degenerate};
  auto n = ops::computeNormals(m);
  EXPECT_EQ(n[0].z, 16300);
  EXPECT_EQ(n[3].x, 1);  // only in the degenerate face: kept
  EXPECT_EQ(n[4].x, 9);  // in no face: kept
}

}  // namespace
}  // namespace wadsmith
