// ObjectView on hand-built tables: ranges, skeleton decoding, package reads across segments.
#include <gtest/gtest.h>

#include "model/object_view.h"

namespace wadsmith {
namespace {

ObjectTables emptyTables() { return ObjectTables::empty(); }

// A record table of segments, each a run of records.
template <class T>
Shared<RecordTable<T>> table(std::vector<std::pair<Id, std::vector<T>>> segments) {
  RecordTable<T> t;
  for (auto& [id, items] : segments) t.segments.push_back({id, share<std::vector<T>>(std::move(items))});
  return share<RecordTable<T>>(std::move(t));
}

Movable withMeshes(std::size_t n) {
  Movable m;
  m.pointers = RunRef::rawValue(0, static_cast<std::uint32_t>(n));  // counted, not resolved
  m.animations = RunRef::rawValue(0xFFFF, 0);
  return m;
}

TEST(ObjectView, SkeletonFollowsPushAndPop) {
  auto t = emptyTables();
  // 5 meshes: 1 on 0 (push 0), 2 on 1, 3 pops back to 0, 4 on 3.
  DwordPackage links;
  links.segments.push_back({10, share<std::vector<std::int32_t>>(std::vector<std::int32_t>{
                                    2, 0, -100, 0, 0, 0, -50, 0, 1, 20, 0, 0, 0, 0, 0, 30})});
  t.links = share<DwordPackage>(links);
  Movable m = withMeshes(5);
  m.id = 1;
  m.links = RunRef::segment(10);
  t.movables = share<std::vector<Movable>>(std::vector<Movable>{m});
  ObjectView v(t);
  auto s = v.skeleton(0);
  ASSERT_EQ(s.bones.size(), 5u);
  EXPECT_EQ(s.bones[1].parent, 0);
  EXPECT_EQ(s.bones[2].parent, 1);
  EXPECT_EQ(s.bones[3].parent, 0);
  EXPECT_EQ(s.bones[3].offset.x, 20);
  EXPECT_EQ(s.bones[4].parent, 3);
  EXPECT_FALSE(s.popUnderflow);
}

TEST(ObjectView, LinksAreReadAcrossSegments) {
  auto t = emptyTables();
  DwordPackage links;
  links.segments.push_back({10, share<std::vector<std::int32_t>>(std::vector<std::int32_t>{99})});
  links.segments.push_back({11, share<std::vector<std::int32_t>>(std::vector<std::int32_t>{0, 1, 2})});
  links.segments.push_back({12, share<std::vector<std::int32_t>>(std::vector<std::int32_t>{3, 0, 4, 5, 6})});
  t.links = share<DwordPackage>(links);
  Movable m = withMeshes(3);
  m.links = RunRef::segments(11, 12);  // a run of two segments, one dword into the package
  t.movables = share<std::vector<Movable>>(std::vector<Movable>{m});
  ObjectView v(t);
  EXPECT_EQ(v.linkDwords(0), (std::vector<std::int32_t>{0, 1, 2, 3, 0, 4, 5, 6}));
  EXPECT_EQ(v.runStart(m.links), std::optional<std::uint32_t>(1));
}

TEST(ObjectView, AnimationRangesAreTheMovablesRuns) {
  auto t = emptyTables();
  std::vector<Animation> anims(5);
  for (std::size_t i = 0; i < anims.size(); ++i) anims[i].id = 100 + static_cast<Id>(i);
  t.animations = table<Animation>({{1, {anims[0], anims[1], anims[2]}}, {2, {anims[3], anims[4]}}});
  std::vector<Movable> ms(3);
  ms[0].animations = RunRef::segment(1);
  ms[1].animations = RunRef::rawValue(0xFFFF, 0);  // none
  ms[2].animations = RunRef::segment(2);
  t.movables = share<std::vector<Movable>>(ms);
  ObjectView v(t);
  EXPECT_EQ(v.animationRange(0), (std::pair<std::size_t, std::size_t>{0, 3}));
  EXPECT_EQ(v.animationRange(1), (std::pair<std::size_t, std::size_t>{0, 0}));
  EXPECT_EQ(v.animationRange(2), (std::pair<std::size_t, std::size_t>{3, 5}));
  EXPECT_EQ(v.movableOfAnimation(4), std::optional<std::size_t>(2));
  EXPECT_EQ(v.movableOfAnimation(1), std::optional<std::size_t>(0));
}

TEST(ObjectView, KeyframeCountUsesTheNextAnimationsOffset) {
  auto t = emptyTables();
  WordPackage kf;
  kf.segments.push_back({50, share<std::vector<std::uint16_t>>(std::vector<std::uint16_t>(30, 0))});
  kf.segments.push_back({51, share<std::vector<std::uint16_t>>(std::vector<std::uint16_t>(25, 0))});
  kf.segments.push_back({52, share<std::vector<std::uint16_t>>()});  // an empty run at the end
  t.keyframes = share<WordPackage>(kf);
  std::vector<Animation> anims(3);
  anims[0].keyframes = RunRef::segment(50);
  anims[0].keyframeSize = 10;
  anims[1].keyframes = RunRef::segment(51);
  anims[1].keyframeSize = 12;
  anims[2].keyframes = RunRef::segment(52);
  anims[2].keyframeSize = 0;
  // Two segments: the count still follows the next animation in table order.
  t.animations = table<Animation>({{1, {anims[0]}}, {2, {anims[1], anims[2]}}});
  ObjectView v(t);
  EXPECT_EQ(v.keyframeCount(0), 3u);
  EXPECT_EQ(v.keyframeCount(1), 2u);  // 25 words / 12, the remainder is junk
  EXPECT_EQ(v.keyframeCount(2), 0u);
  EXPECT_EQ(v.keyframeWords(1).size(), 24u);
}

TEST(ObjectView, RunsGiveRangesAndStoredValues) {
  auto t = emptyTables();
  std::vector<StateChange> scs(4);
  for (std::size_t i = 0; i < scs.size(); ++i) scs[i].id = 10 + static_cast<Id>(i);
  // [sc0 sc1] [] [sc2 sc3]: an empty run sits where the next records start.
  t.stateChanges = table<StateChange>({{1, {scs[0], scs[1]}}, {2, {}}, {3, {scs[2], scs[3]}}});
  std::vector<Animation> anims(4);
  anims[0].stateChanges = RunRef::segment(1);
  anims[1].stateChanges = RunRef::segment(2);
  anims[2].stateChanges = RunRef::segments(1, 3);  // spans all three
  anims[3].stateChanges = RunRef::rawValue(3, 0x7FFF);  // past the table
  t.animations = table<Animation>({{20, anims}});
  ObjectView v(t);
  EXPECT_EQ(v.stateChangeRange(0), (std::pair<std::size_t, std::size_t>{0, 2}));
  EXPECT_EQ(v.stateChangeRange(1), (std::pair<std::size_t, std::size_t>{2, 2}));
  EXPECT_EQ(v.runStored(anims[1].stateChanges), (std::pair<std::uint32_t, std::uint32_t>{2, 0}));
  EXPECT_EQ(v.stateChangeRange(2), (std::pair<std::size_t, std::size_t>{0, 4}));
  EXPECT_EQ(v.stateChangeRange(3), (std::pair<std::size_t, std::size_t>{0, 0}));
  EXPECT_EQ(v.runStored(anims[3].stateChanges), (std::pair<std::uint32_t, std::uint32_t>{3, 0x7FFF}));
  EXPECT_EQ(v.stateChanges()[2].id, 12u);
  auto slot = v.slotOf(13);
  ASSERT_TRUE(slot);
  EXPECT_EQ(slot->segment, 3u);
  EXPECT_EQ(slot->offset, 1u);
}

}  // namespace
}  // namespace wadsmith
