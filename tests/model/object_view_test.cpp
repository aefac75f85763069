// ObjectView on hand-built tables: ranges, skeleton decoding, package reads across segments.
#include <gtest/gtest.h>

#include "model/object_view.h"

namespace wadsmith {
namespace {

ObjectTables emptyTables() {
  ObjectTables t;
  t.meshes = share<std::vector<MeshEntry>>();
  t.meshPointers = share<std::vector<MeshPointer>>();
  t.animations = share<std::vector<Animation>>();
  t.stateChanges = share<std::vector<StateChange>>();
  t.dispatches = share<std::vector<Dispatch>>();
  t.commands = share<WordPackage>();
  t.links = share<DwordPackage>();
  t.keyframes = share<WordPackage>();
  t.movables = share<std::vector<Movable>>();
  t.statics = share<std::vector<Static>>();
  return t;
}

TEST(ObjectView, SkeletonFollowsPushAndPop) {
  auto t = emptyTables();
  // 5 meshes: 1 on 0 (push 0), 2 on 1, 3 pops back to 0, 4 on 3.
  DwordPackage links;
  links.segments.push_back({10, share<std::vector<std::int32_t>>(std::vector<std::int32_t>{
                                    2, 0, -100, 0, 0, 0, -50, 0, 1, 20, 0, 0, 0, 0, 0, 30})});
  t.links = share<DwordPackage>(links);
  Movable m;
  m.id = 1;
  m.numPointers = 5;
  m.links = PackageRef::at(10, 0);
  m.animations = RecordRef::rawValue(0xFFFF);
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

TEST(ObjectView, LinksAreReadAcrossSegmentsAndDeltas) {
  auto t = emptyTables();
  DwordPackage links;
  links.segments.push_back({10, share<std::vector<std::int32_t>>(std::vector<std::int32_t>{99, 0, 1, 2})});
  links.segments.push_back({11, share<std::vector<std::int32_t>>(std::vector<std::int32_t>{3, 0, 4, 5, 6})});
  t.links = share<DwordPackage>(links);
  Movable m;
  m.numPointers = 3;
  m.links = PackageRef::at(10, 1);  // starts one dword into the first segment
  m.animations = RecordRef::rawValue(0xFFFF);
  t.movables = share<std::vector<Movable>>(std::vector<Movable>{m});
  ObjectView v(t);
  EXPECT_EQ(v.linkDwords(0), (std::vector<std::int32_t>{0, 1, 2, 3, 0, 4, 5, 6}));
  EXPECT_EQ(v.linkDword(m.links), std::optional<std::uint32_t>(1));
}

TEST(ObjectView, AnimationRangesRunToTheNextMovableWithAnimations) {
  auto t = emptyTables();
  std::vector<Animation> anims(5);
  for (std::size_t i = 0; i < anims.size(); ++i) anims[i].id = 100 + static_cast<Id>(i);
  t.animations = share<std::vector<Animation>>(anims);
  std::vector<Movable> ms(3);
  ms[0].animations = RecordRef::record(100);
  ms[1].animations = RecordRef::rawValue(0xFFFF);  // none
  ms[2].animations = RecordRef::record(103);
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
  t.keyframes = share<WordPackage>(kf);
  std::vector<Animation> anims(3);
  anims[0].keyframes = PackageRef::at(50);
  anims[0].keyframeSize = 10;
  anims[1].keyframes = PackageRef::at(51);
  anims[1].keyframeSize = 12;
  anims[2].keyframes = PackageRef::end();
  anims[2].keyframeSize = 0;
  t.animations = share<std::vector<Animation>>(anims);
  ObjectView v(t);
  EXPECT_EQ(v.keyframeCount(0), 3u);
  EXPECT_EQ(v.keyframeCount(1), 2u);  // 25 words / 12, the remainder is junk
  EXPECT_EQ(v.keyframeCount(2), 0u);
  EXPECT_EQ(v.keyframeWords(1).size(), 24u);
}

}  // namespace
}  // namespace wadsmith
