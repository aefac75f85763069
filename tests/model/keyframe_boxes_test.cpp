// Measured (largest side's distance per keyframe, every movable's keyframes): tut1.WAD median 9
// units, 90% within 25, 99% within 95; karnak.WAD 9, 23, 70. The bounds below allow a little more.
// Bounding boxes recomputed from the posed meshes the engine draws (LARA with LARA_SKIN's),
// against the boxes the TRLE tools stored in real WADs: how close, and the operation's bytes.
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>

#include "io/document_io.h"
#include "io/file_io.h"
#include "model/anim/drawn_bones.h"
#include "model/anim/poses.h"
#include "model/ops/keyframe_ops.h"
#include "model/ops/keyframe_sampling.h"
#include "tests/support/doc_diff.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

// Per keyframe, the largest distance of a recomputed side from the stored one.
std::vector<int> sideErrors(const Document& d) {
  const ObjectView v(objectsOf(d));
  std::vector<int> out;
  for (std::size_t m = 0; m < v.movables().size(); ++m) {
    const auto meshes = anim::drawnBones(v, kWadGame, m).meshes;
    const auto skeleton = v.skeleton(m);
    for (auto [a, end] = v.animationRange(m); a < end; ++a)
      for (const auto& k : v.keyframes(a, v.meshCount(m))) {
        if (k.rotations.size() != skeleton.bones.size()) continue;
        const BoundingBox b = anim::posedBox(skeleton, meshes, k, 0), s = k.box;
        out.push_back(std::max({std::abs(b.minX - s.minX), std::abs(b.maxX - s.maxX), std::abs(b.minY - s.minY),
                                std::abs(b.maxY - s.maxY), std::abs(b.minZ - s.minZ), std::abs(b.maxZ - s.maxZ)}));
      }
  }
  std::sort(out.begin(), out.end());
  return out;
}

TEST(KeyframeBoxes, RecomputedBoxesAreCloseToTheStoredOnes) {
  for (const char* name : {"wad/tut1.WAD", "wad/karnak.WAD"}) {
    const auto path = test::corpusFile(name);
    WADSMITH_REQUIRE_CORPUS(path);
    const auto errors = sideErrors(readDocument(readFileBytes(path), path.string()));
    ASSERT_GT(errors.size(), 1000u);
    auto at = [&](double q) { return errors[std::size_t(q * double(errors.size() - 1))]; };
    std::cout << name << ": " << errors.size() << " keyframes; largest side error: median " << at(0.5) << ", 90% " << at(0.9)
              << ", 99% " << at(0.99) << ", max " << errors.back() << "\n";
    EXPECT_LE(at(0.5), 12) << name;
    EXPECT_LE(at(0.9), 32) << name;
    EXPECT_LE(at(0.99), 128) << name;
  }
}

TEST(KeyframeBoxes, TheOperationWritesOnlyBoxesAndGrows) {
  const auto path = test::corpusFile("wad/tut1.WAD");
  WADSMITH_REQUIRE_CORPUS(path);
  const auto bytes = readFileBytes(path);
  const auto doc = readDocument(bytes, path.string());
  const auto exact = ops::recomputeKeyframeBoxes(doc, 0, 103, 0, 0, 0);
  const auto grown = ops::recomputeKeyframeBoxes(doc, 0, 103, 1, 2, 10);
  EXPECT_EQ(test::diffParts(bytes, encodeDocument(exact.doc)).sections, (std::set<std::string>{"keyframes"}));
  const ObjectView v(objectsOf(doc)), e(objectsOf(exact.doc)), g(objectsOf(grown.doc));
  const std::size_t anim = v.animationRange(*v.findMovable(0)).first + 103;
  const auto was = v.keyframes(anim, 15), now = e.keyframes(anim, 15), wider = g.keyframes(anim, 15);
  ASSERT_GE(was.size(), 4u);
  EXPECT_EQ(wider[0].box, was[0].box) << "outside the range: as stored";
  EXPECT_EQ(wider[3].box, was[3].box);
  for (std::size_t k : {1, 2}) {
    EXPECT_EQ(wider[k].box.minX, now[k].box.minX - 10);
    EXPECT_EQ(wider[k].box.maxY, now[k].box.maxY + 10);
    EXPECT_EQ(wider[k].offset, was[k].offset);
  }
  // The boxes it computed, set again: nothing changes.
  EXPECT_EQ(encodeDocument(ops::recomputeKeyframeBoxes(exact.doc, 0, 103, 0, 0, 0).doc), encodeDocument(exact.doc));
}

}  // namespace
}  // namespace wadsmith
