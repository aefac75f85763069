// Keyframe edits on Lara of a real WAD: pose edits change only the words they must and keep the
// rotation word's form while they can; the identities (mirror twice, reverse twice, interpolate
// then delete the inserted, duplicate then delete, move and back) give the file's bytes back,
// and frame numbers stay on their moments.
#include <gtest/gtest.h>

#include "io/document_io.h"
#include "io/file_io.h"
#include "model/anim/keyframes.h"
#include "model/anim/poses.h"
#include "model/ops/animation_ops.h"
#include "model/ops/keyframe_ops.h"
#include "model/ops/keyframe_sampling.h"
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
  const auto l = loadTut1();
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

// Real files have animations whose frame end sits keyframes before their last (the keyframes past
// it never play: title_ng.tr4's LARA has 8, animation 103 ends two frames before its 45th
// keyframe): mirror and reverse keep that end, an inserted keyframe before it moves it on one
// keyframe, a deleted one past it leaves it, a new frame duration keeps it on its keyframe.
TEST(KeyframeRunOps, AnEndBeforeTheLastKeyframeKeepsItsMoment) {
  std::size_t found = 0;
  for (const char* name : {"tr4/title_ng.tr4"}) {
    const auto path = test::corpusFile(name);
    WADSMITH_REQUIRE_CORPUS(path);
    const auto bytes = readFileBytes(path);
    const Document doc = readDocument(bytes, path.string());
    const ObjectView v(objectsOf(doc));
    for (const auto& mv : v.movables()) {
      const auto [first, end] = v.animationRange(*v.findMovable(mv.objectId));
      for (std::size_t g = first; g < end && found < 12; ++g) {
        const Animation& a = v.animations()[g];
        const int d = std::max<int>(a.frameDuration, 1), span = a.frameEnd - a.frameStart;
        if (v.keyframeCount(g) < 2 || (int(v.keyframeCount(g)) - 1) * d - span < d) continue;
        SCOPED_TRACE(std::string(name) + " movable " + std::to_string(mv.objectId) + " animation " + std::to_string(g - first));
        ++found;
        const std::size_t n = g - first;
        auto endOf = [&](const Edited& e) { return ObjectView(objectsOf(e.doc)).animations()[g].frameEnd; };
        const auto reversed = reverseKeyframes(doc, mv.objectId, n);
        EXPECT_EQ(endOf(reversed), a.frameEnd);
        EXPECT_EQ(bytesOf(reverseKeyframes(reversed.doc, mv.objectId, n)), bytes);
        if (mv.objectId == 0) {
          const auto mirrored = mirrorKeyframes(doc, 0, n, 0, 0);
          EXPECT_EQ(endOf(mirrored), a.frameEnd);
          EXPECT_EQ(bytesOf(mirrorKeyframes(mirrored.doc, 0, n, 0, 0)), bytes);
        }
        EXPECT_EQ(endOf(insertKeyframe(doc, mv.objectId, n, 0)), a.frameEnd + (span >= d ? d : 0)) << "inserted as keyframe 1";
        EXPECT_EQ(endOf(deleteKeyframes(doc, mv.objectId, n, v.keyframeCount(g) - 1, 1)), a.frameEnd) << "a keyframe past the end";
        AnimationChange c;
        c.frameDuration = 2 * d;
        EXPECT_EQ(endOf(setAnimation(doc, mv.objectId, n, c)), a.frameStart + span / d * 2 * d + span % d) << "on its keyframe";
      }
    }
  }
  EXPECT_GT(found, 0u) << "no animation of title_ng.tr4 ends before its last keyframe";
}

TEST(KeyframeRunOps, InsertedKeyframesDeletedGiveTheFileBack) {
  WADSMITH_REQUIRE_CORPUS(test::corpusFile("wad/tut1.WAD"));
  const auto l = loadTut1();
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
  const auto l = loadTut1();
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
  const auto l = loadTut1();
  const ObjectView v(objectsOf(l.doc));
  const std::size_t movable = *v.findMovable(0), anim = v.animationRange(movable).first + 3;
  const auto poses = v.keyframes(anim, v.meshCount(movable));
  EXPECT_EQ(bytesOf(pasteKeyframes(l.doc, 0, 3, 0, poses, true)), l.bytes);
  EXPECT_EQ(ObjectView(objectsOf(pasteKeyframes(l.doc, 0, 3, 1, poses, false).doc)).keyframeCount(anim), 2 * poses.size());
  EXPECT_THROW(pasteKeyframes(l.doc, 0, 3, 0, {Keyframe{}}, false), EditError);
  EXPECT_THROW(deleteKeyframes(l.doc, 0, 3, 0, 1000), EditError);
}

// Resampled at one frame a keyframe and back: the keyframes at the old moments are the old ones
// (words and all), so the way back gives the file; frame numbers never move.
TEST(KeyframeRunOps, ResampleKeepsMomentsAndGoesBack) {
  WADSMITH_REQUIRE_CORPUS(test::corpusFile("wad/tut1.WAD"));
  const auto l = loadTut1();
  const ObjectView v(objectsOf(l.doc));
  const std::size_t movable = *v.findMovable(0), first = v.animationRange(movable).first;
  std::size_t tried = 0;
  for (std::size_t a : someAnimations(l.doc)) {
    const Animation& was = v.animations()[first + a];
    if (was.frameDuration < 2 || v.stateChangeRange(first + a).first == v.stateChangeRange(first + a).second) continue;
    SCOPED_TRACE("animation " + std::to_string(a));
    ++tried;
    EXPECT_EQ(bytesOf(resampleKeyframes(l.doc, 0, a, was.frameDuration)), l.bytes);
    const auto fine = resampleKeyframes(l.doc, 0, a, 1);
    const auto out = bytesOf(fine);
    EXPECT_EQ(test::diffParts(l.bytes, out).sections, (std::set<std::string>{"animations", "keyframes", "movables"}))
        << "the keyframe package grows: the later movables' keyframe offsets move";
    const ObjectView after(objectsOf(fine.doc));
    const Animation& now = after.animations()[first + a];
    EXPECT_EQ(now.frameDuration, 1);
    EXPECT_EQ(now.frameEnd, was.frameEnd);
    EXPECT_EQ(after.keyframeCount(first + a), (v.keyframeCount(first + a) - 1) * was.frameDuration + 1);
    EXPECT_TRUE(after.tables().dispatches->flatten() == v.tables().dispatches->flatten()) << "dispatch windows keep their frames";
    EXPECT_EQ(after.commands(first + a).commands, v.commands(first + a).commands);
    // Between the old keyframes: the pose the engine interpolated there.
    const auto old = v.keyframes(first + a, 15), resampled = after.keyframes(first + a, 15);
    const auto mid = anim::poseAt(old, was.frameDuration, 1, KeyframeFormat::Tr4);
    EXPECT_EQ(resampled[1].offset, mid.offset);
    EXPECT_EQ(resampled[1].rotations[2].x, mid.rotations[2].x);
    EXPECT_EQ(bytesOf(resampleKeyframes(fine.doc, 0, a, was.frameDuration)), l.bytes);
  }
  EXPECT_GT(tried, 0u);
}

}  // namespace
}  // namespace wadsmith
