// Pose edits of a keyframe on a real WAD: only the words they must change, the rotation word's
// form kept while it can, and an edit to the same values changes nothing.
#include <gtest/gtest.h>

#include "io/document_io.h"
#include "io/file_io.h"
#include "model/anim/keyframes.h"
#include "model/ops/keyframe_ops.h"
#include "tests/support/doc_diff.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

using namespace ops;

struct Tut1 {
  std::vector<std::uint8_t> bytes;
  Document doc;
};

Tut1 loadTut1() {
  const auto path = test::corpusFile("wad/tut1.WAD");
  Tut1 t;
  t.bytes = readFileBytes(path);
  t.doc = readDocument(t.bytes, path.string());
  return t;
}

std::size_t bytesDiffering(const std::vector<std::uint8_t>& a, const std::vector<std::uint8_t>& b) {
  std::size_t n = a.size() > b.size() ? a.size() - b.size() : b.size() - a.size();
  for (std::size_t i = 0; i < std::min(a.size(), b.size()); ++i) n += a[i] != b[i];
  return n;
}

Keyframe keyframeOf(const Document& d, std::size_t animation, std::size_t k) {
  const ObjectView v(objectsOf(d));
  const std::size_t anim = animationOf(v, 0, animation);
  return v.keyframes(anim, v.meshCount(*v.findMovable(0)))[k];
}

TEST(KeyframeOps, OffsetAndBoxWriteOnlyTheirWords) {
  WADSMITH_REQUIRE_CORPUS(test::corpusFile("wad/tut1.WAD"));
  const auto t = loadTut1();
  const Keyframe before = keyframeOf(t.doc, 3, 2);
  KeyframeChange c;
  c.offset[1] = static_cast<std::int16_t>(before.offset.y + 7);
  c.box[0] = static_cast<std::int16_t>(before.box.minX - 5);
  const auto out = encodeDocument(setKeyframe(t.doc, 0, 3, 2, c).doc);
  EXPECT_EQ(test::diffParts(t.bytes, out).sections, (std::set<std::string>{"keyframes"}));
  EXPECT_LE(bytesDiffering(t.bytes, out), 4u);
  const Keyframe after = keyframeOf(readDocument(out, "edited"), 3, 2);
  EXPECT_EQ(after.offset.y, before.offset.y + 7);
  EXPECT_EQ(after.box.minX, before.box.minX - 5);
  EXPECT_EQ(after.box.maxX, before.box.maxX);
  // The same values again: the same bytes.
  c.offset[1] = before.offset.y, c.box[0] = before.box.minX;
  EXPECT_EQ(encodeDocument(setKeyframe(t.doc, 0, 3, 2, c).doc), t.bytes);
}

TEST(KeyframeOps, BoneRotationKeepsTheWordsForm) {
  WADSMITH_REQUIRE_CORPUS(test::corpusFile("wad/tut1.WAD"));
  const auto t = loadTut1();
  const ObjectView v(objectsOf(t.doc));
  const std::size_t movable = *v.findMovable(0), first = v.animationRange(movable).first;
  // Lara's first single-axis rotation, and a three-axis one.
  std::optional<std::tuple<std::size_t, std::size_t, std::size_t>> single, triple;
  for (std::size_t a = 0; a < 20 && !(single && triple); ++a) {
    const auto ks = v.keyframes(first + a, v.meshCount(movable));
    for (std::size_t b = 0; b < (ks.empty() ? 0 : ks[0].rotations.size()); ++b) {
      if (!single && ks[0].rotations[b].axes != Rotation::Axes::XYZ) single = {a, 0, b};
      if (!triple && ks[0].rotations[b].axes == Rotation::Axes::XYZ) triple = {a, 0, b};
    }
  }
  ASSERT_TRUE(single && triple);
  {
    auto [a, k, b] = *single;
    const Rotation r = keyframeOf(t.doc, a, k).rotations[b];
    RotationChange c;
    const double step = 360.0 / 4096;
    if (r.axes == Rotation::Axes::X) c.x = r.x + 10 * step;
    if (r.axes == Rotation::Axes::Y) c.y = r.y + 10 * step;
    if (r.axes == Rotation::Axes::Z) c.z = r.z + 10 * step;
    const auto out = encodeDocument(setBoneRotation(t.doc, 0, a, k, b, c).doc);
    EXPECT_EQ(test::diffParts(t.bytes, out).sections, (std::set<std::string>{"keyframes"}));
    EXPECT_LE(bytesDiffering(t.bytes, out), 2u);
    const Rotation after = keyframeOf(readDocument(out, "edited"), a, k).rotations[b];
    EXPECT_EQ(after.axes, r.axes) << "a turn about its axis stays one word";
    EXPECT_NEAR(after.x + after.y + after.z, r.x + r.y + r.z + 10 * step, 1e-3);
    // Off its axis it must become three-axis: the keyframe grows, so does the keyframe size.
    RotationChange off;
    off.x = r.axes == Rotation::Axes::X ? 0.0 : 30.0;
    off.y = r.axes == Rotation::Axes::Y ? 0.0 : 30.0;
    const auto grown = readDocument(encodeDocument(setBoneRotation(t.doc, 0, a, k, b, off).doc), "grown");
    EXPECT_EQ(keyframeOf(grown, a, k).rotations[b].axes, Rotation::Axes::XYZ);
    // The other keyframes, padded to the new size, decode as before.
    const auto other = keyframeOf(grown, a, k + 1), was = keyframeOf(t.doc, a, k + 1);
    ASSERT_EQ(other.rotations.size(), was.rotations.size());
    for (std::size_t i = 0; i < was.rotations.size(); ++i)
      EXPECT_TRUE(other.rotations[i].axes == was.rotations[i].axes && other.rotations[i].x == was.rotations[i].x &&
                  other.rotations[i].y == was.rotations[i].y && other.rotations[i].z == was.rotations[i].z);
  }
  {
    auto [a, k, b] = *triple;
    const Rotation r = keyframeOf(t.doc, a, k).rotations[b];
    RotationChange c;
    c.y = r.y + 360.0 / 1024;
    const auto out = encodeDocument(setBoneRotation(t.doc, 0, a, k, b, c).doc);
    EXPECT_EQ(test::diffParts(t.bytes, out).sections, (std::set<std::string>{"keyframes"}));
    const Rotation after = keyframeOf(readDocument(out, "edited"), a, k).rotations[b];
    EXPECT_EQ(after.axes, Rotation::Axes::XYZ);
    EXPECT_FLOAT_EQ(after.x, r.x);
    EXPECT_FLOAT_EQ(after.z, r.z);
  }
}

TEST(KeyframeOps, RefusesWhatTheAnimationLacks) {
  WADSMITH_REQUIRE_CORPUS(test::corpusFile("wad/tut1.WAD"));
  const auto t = loadTut1();
  EXPECT_THROW(setKeyframe(t.doc, 0, 3, 9999, {}), EditError);
  EXPECT_THROW(setBoneRotation(t.doc, 0, 3, 0, 99, {}), EditError);
}

}  // namespace
}  // namespace wadsmith
