// Where new runs go and when a run is copied before an edit (model/runs.h).
#include <gtest/gtest.h>

#include "model/runs.h"

namespace wadsmith {
namespace {

Document withStateChanges(std::vector<std::pair<Id, std::vector<StateChange>>> segments) {
  WadDocument w;
  w.samples = share<std::vector<TextureSample>>();
  w.pixels = share<TexturePages>();
  w.objects = ObjectTables::empty();
  RecordTable<StateChange> t;
  for (auto& [id, items] : segments) t.segments.push_back({id, share<std::vector<StateChange>>(std::move(items))});
  w.objects.stateChanges = share<RecordTable<StateChange>>(std::move(t));
  w.nextId = 100;
  return w;
}

TEST(Runs, NewRunsGoBeforeTheNextOwnersRunAndNeverInsideOne) {
  RecordTable<StateChange> t;
  for (Id id : {1, 2, 3, 4}) t.segments.push_back({id, share<std::vector<StateChange>>(std::vector<StateChange>(1))});
  // Owners 0..3: run of segment 1, none, segments 2-3 together, segment 4.
  std::vector<RunRef> runs = {RunRef::segment(1), {}, RunRef::segments(2, 3), RunRef::segment(4)};
  EXPECT_EQ(placeRun(t, runs, 1), 1u) << "before owner 2's run";
  EXPECT_EQ(placeRun(t, runs, 3), 4u) << "the last owner: at the end";
  // An owner whose next owner's run starts inside another run goes after that run.
  std::vector<RunRef> overlapping = {RunRef::segments(1, 3), {}, RunRef::segment(2)};
  EXPECT_EQ(placeRun(t, overlapping, 1), 3u);
}

TEST(Runs, ASharedRunIsCopiedBeforeItsOwnerEditsIt) {
  StateChange a{10, 1, {}}, b{11, 2, {}};
  Document d = withStateChanges({{1, {a, b}}, {2, {}}});
  Draft e(d);
  std::vector<RunRef> runs = {RunRef::segment(1), RunRef::segment(1), RunRef::segment(2)};
  EXPECT_FALSE(ownsRun(*e.stateChanges, runs, 0));
  EXPECT_TRUE(ownsRun(*e.stateChanges, runs, 2));
  RunRef got;
  const Id seg = ownRun(e, e.stateChanges, runs, 1, [&](RunRef r) { got = r; });
  EXPECT_EQ(got, RunRef::segment(seg));
  ASSERT_EQ(e.stateChanges->segments.size(), 3u);
  const auto& copy = e.stateChanges->segments[1].items;  // placed before owner 2's run
  EXPECT_EQ(e.stateChanges->segments[1].id, seg);
  ASSERT_EQ(copy.size(), 2u);
  EXPECT_EQ(copy[0].stateId, 1);
  EXPECT_NE(copy[0].id, a.id) << "copies take fresh ids";
  // The original document is untouched.
  EXPECT_EQ(objectsOf(d).stateChanges->segments.size(), 2u);
  // An owner that owns its run edits it in place.
  EXPECT_EQ(ownRun(e, e.stateChanges, runs, 2, [](RunRef) { FAIL() << "no copy expected"; }), 2u);
}

TEST(Runs, DraftEditsCopyOnlyWhatTheyTouch) {
  StateChange a{10, 1, {}};
  Document d = withStateChanges({{1, {a}}, {2, {a}}});
  Draft e(d);
  e.items(e.stateChanges, 2)[0].stateId = 7;
  auto out = std::get<WadDocument>(e.result());
  const auto& before = objectsOf(d).stateChanges->segments;
  const auto& after = out.objects.stateChanges->segments;
  EXPECT_EQ(after[0].items.data(), before[0].items.data()) << "the untouched segment is shared";
  EXPECT_NE(after[1].items.data(), before[1].items.data());
  EXPECT_EQ(after[1].items[0].stateId, 7);
  EXPECT_EQ(before[1].items[0].stateId, 1);
  EXPECT_EQ(out.objects.meshes.get(), objectsOf(d).meshes.get());
}

}  // namespace
}  // namespace wadsmith
