// Keyframe operations on Lara of a real WAD: the identities (mirror twice, reverse twice,
// interpolate then delete the inserted, duplicate then delete, move and back) give the file's
// bytes back, and frame numbers stay on their moments.
#include <gtest/gtest.h>

#include "io/document_io.h"
#include "io/file_io.h"
#include "model/ops/keyframe_ops.h"
#include "tests/support/doc_diff.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

using namespace ops;

struct Lara {
  std::vector<std::uint8_t> bytes;
  Document doc;
};

Lara loadLara() {
  const auto path = test::corpusFile("wad/tut1.WAD");
  Lara l;
  l.bytes = readFileBytes(path);
  l.doc = readDocument(l.bytes, path.string());
  return l;
}

// Lara's animations with at least three keyframes, a few of them.
std::vector<std::size_t> someAnimations(const Document& d) {
  const ObjectView v(objectsOf(d));
  const auto [first, end] = v.animationRange(*v.findMovable(0));
  std::vector<std::size_t> out;
  for (std::size_t a = first; a < end && out.size() < 12; a += 7)
    if (v.keyframeCount(a) >= 3) out.push_back(a - first);
  return out;
}

std::vector<std::uint8_t> bytesOf(const Edited& e) { return encodeDocument(e.doc); }

TEST(KeyframeRunOps, MirrorTwiceAndReverseTwiceAreIdentities) {
  WADSMITH_REQUIRE_CORPUS(test::corpusFile("wad/tut1.WAD"));
  const auto l = loadLara();
  for (std::size_t a : someAnimations(l.doc)) {
    SCOPED_TRACE("animation " + std::to_string(a));
    const auto mirrored = mirrorKeyframes(l.doc, 0, a, 0, 0);
    EXPECT_NE(bytesOf(mirrored), l.bytes);
    EXPECT_EQ(test::diffParts(l.bytes, bytesOf(mirrored)).sections, (std::set<std::string>{"keyframes"}));
    EXPECT_EQ(bytesOf(mirrorKeyframes(mirrored.doc, 0, a, 0, 0)), l.bytes);
    const auto reversed = reverseKeyframes(l.doc, 0, a);
    EXPECT_NE(bytesOf(reversed), l.bytes);
    EXPECT_EQ(bytesOf(reverseKeyframes(reversed.doc, 0, a)), l.bytes);
  }
}

TEST(KeyframeRunOps, InsertedKeyframesDeletedGiveTheFileBack) {
  WADSMITH_REQUIRE_CORPUS(test::corpusFile("wad/tut1.WAD"));
  const auto l = loadLara();
  for (std::size_t a : someAnimations(l.doc)) {
    SCOPED_TRACE("animation " + std::to_string(a));
    EXPECT_EQ(bytesOf(deleteKeyframes(interpolateKeyframes(l.doc, 0, a, 1, 3).doc, 0, a, 2, 3)), l.bytes);
    EXPECT_EQ(bytesOf(deleteKeyframes(duplicateKeyframe(l.doc, 0, a, 0).doc, 0, a, 1, 1)), l.bytes);
    const ObjectView v(objectsOf(l.doc));
    const int d = std::max<int>(v.animations()[animationOf(v, 0, a)].frameDuration, 1);
    EXPECT_EQ(bytesOf(deleteKeyframes(insertKeyframe(l.doc, 0, a, d + d / 2).doc, 0, a, 2, 1)), l.bytes);
    EXPECT_EQ(bytesOf(moveKeyframe(moveKeyframe(l.doc, 0, a, 0, 2).doc, 0, a, 2, 0)), l.bytes);
  }
}

TEST(KeyframeRunOps, FramesAfterAnInsertedKeyframeMoveOn) {
  WADSMITH_REQUIRE_CORPUS(test::corpusFile("wad/tut1.WAD"));
  const auto l = loadLara();
  const ObjectView v(objectsOf(l.doc));
  const std::size_t movable = *v.findMovable(0);
  const auto [first, end] = v.animationRange(movable);
  // An animation that another animation's next frame jumps into past its first keyframe, with a
  // dispatch.
  for (std::size_t src = first; src < end; ++src) {
    const auto target = v.indexOf(v.animations()[src].nextAnimation);
    if (!target || *target < first || *target >= end) continue;
    const Animation& t = v.animations()[*target];
    const int rel = int(v.animations()[src].nextFrame) - t.frameStart;
    if (rel < 2 * std::max<int>(t.frameDuration, 1) || v.keyframeCount(*target) < 3) continue;
    const int d = std::max<int>(t.frameDuration, 1);
    const auto edited = insertKeyframe(l.doc, 0, *target - first, 0);
    const ObjectView after(objectsOf(edited.doc));
    EXPECT_EQ(after.keyframeCount(*target), v.keyframeCount(*target) + 1);
    EXPECT_EQ(after.animations()[*target].frameEnd, t.frameEnd + d);
    EXPECT_EQ(after.animations()[src].nextFrame, v.animations()[src].nextFrame + d) << "animation " << src - first;
    // The inserted keyframe is the first's pose (frame 0), with the first's words.
    EXPECT_EQ(after.keyframeWords(*target).size(), v.keyframeWords(*target).size() + t.keyframeSize);
    return;
  }
  FAIL() << "no animation jumps into another past its first keyframe";
}

TEST(KeyframeRunOps, PastingTheSamePosesOverChangesNothing) {
  WADSMITH_REQUIRE_CORPUS(test::corpusFile("wad/tut1.WAD"));
  const auto l = loadLara();
  const ObjectView v(objectsOf(l.doc));
  const std::size_t movable = *v.findMovable(0), anim = v.animationRange(movable).first + 3;
  const auto poses = v.keyframes(anim, v.meshCount(movable));
  EXPECT_EQ(bytesOf(pasteKeyframes(l.doc, 0, 3, 0, poses, true)), l.bytes);
  EXPECT_EQ(ObjectView(objectsOf(pasteKeyframes(l.doc, 0, 3, 1, poses, false).doc)).keyframeCount(anim), 2 * poses.size());
  EXPECT_THROW(pasteKeyframes(l.doc, 0, 3, 0, {Keyframe{}}, false), EditError);
  EXPECT_THROW(deleteKeyframes(l.doc, 0, 3, 0, 1000), EditError);
}

}  // namespace
}  // namespace wadsmith
