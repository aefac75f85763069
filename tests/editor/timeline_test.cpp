// The timeline's layout without GL (editor/view/timeline.h) and a drag on it as one operation.
#include <gtest/gtest.h>

#include "editor/session/actions.h"
#include "editor/view/timeline.h"
#include "tests/support/test_support.h"

namespace wadsmith::view {
namespace {

// sample.wad's ANIMATING1, animation 1: frames 7-23 (17), a keyframe every 2 frames, one state
// change to state 1 with a window 19..24 (12..17 from its first frame) into animation 0, and
// two sounds (71 on frame 7, 126 on frame 15, both with the land flag).
struct Fixture {
  session::Session s;
  Fixture() {
    s.open(test::fixturesDir() / "sample.wad");
    s.selection.animation = 1;
  }
  Timeline layout() { return layoutTimeline(s.view(), 0, 1, {0, 0, 170, 20}); }
};

TEST(Timeline, MarksSitOnTheirFrames) {
  Fixture f;
  const Timeline t = f.layout();
  EXPECT_EQ(t.frames, 17);
  EXPECT_FLOAT_EQ(t.cell, 10);
  ASSERT_EQ(t.keyframes.size(), 9u);
  EXPECT_EQ(t.keyframes[3].frame, 6);
  EXPECT_FLOAT_EQ(t.keyframes[3].rect.x0, 60);
  EXPECT_FALSE(t.interpolated(6));
  EXPECT_TRUE(t.interpolated(7));
  EXPECT_TRUE(t.interpolated(6.5f));
  ASSERT_EQ(t.dispatches.size(), 1u);
  const DispatchWindow& w = t.dispatches[0];
  EXPECT_EQ(w.in, 12);
  EXPECT_EQ(w.out, 17);
  EXPECT_EQ(w.state, 1);
  EXPECT_EQ(w.label, "0");
  EXPECT_FLOAT_EQ(w.rect.x0, 120);
  EXPECT_FLOAT_EQ(w.rect.x1, 170);
  EXPECT_FLOAT_EQ(w.rect.y0, 20);  // the first state change's row, under the keyframes
  EXPECT_EQ(w.colour, stateColour(1));
  EXPECT_NE(stateColour(1), stateColour(2));
  ASSERT_EQ(t.commands.size(), 2u);
  EXPECT_EQ(t.commands[1].frame, 8);
  EXPECT_EQ(t.commands[1].kind, CommandKind::Sound);
  EXPECT_NE(t.commands[0].label.find("(land)"), std::string::npos);
  EXPECT_FLOAT_EQ(t.commands[1].rect.x0, 80);
  EXPECT_FLOAT_EQ(t.commands[1].rect.y0, 40);
  EXPECT_FLOAT_EQ(t.height, 60);
}

TEST(Timeline, HitsFindEdgesBeforeBodies) {
  Fixture f;
  const Timeline t = f.layout();
  EXPECT_EQ(hitTimeline(t, 121, 30).part, TimelinePart::DispatchIn);
  EXPECT_EQ(hitTimeline(t, 168, 30).part, TimelinePart::DispatchOut);
  EXPECT_EQ(hitTimeline(t, 150, 30).part, TimelinePart::Dispatch);
  auto c = hitTimeline(t, 85, 50);
  EXPECT_EQ(c.part, TimelinePart::Command);
  EXPECT_EQ(c.index, 1u);
  EXPECT_EQ(hitTimeline(t, 61, 5).part, TimelinePart::Keyframe);
  EXPECT_EQ(hitTimeline(t, 50, 30).part, TimelinePart::None);
  EXPECT_EQ(t.boundaryAt(133), 13);
  EXPECT_EQ(t.frameAt(139), 13);
  EXPECT_EQ(t.boundaryAt(999), 17);
}

// Dragging the window's in edge to frame 9 is one set_dispatch; a command to frame 3 one
// set_command; each one undo step, undone to the same document.
TEST(Timeline, ADragIsOneOperation) {
  Fixture f;
  const std::size_t steps = f.s.history().size();
  auto call = timelineDrop(f.s.view(), 1, f.layout(), {TimelinePart::DispatchIn, 0}, 9);
  ASSERT_TRUE(call);
  EXPECT_EQ(call->op, "set_dispatch");
  session::actions::run(f.s, call->op, call->args);
  EXPECT_EQ(f.s.history().size(), steps + 1);
  EXPECT_EQ(f.layout().dispatches[0].in, 9);
  EXPECT_EQ(f.layout().dispatches[0].out, 17);
  // Past the other edge: held at it.
  call = timelineDrop(f.s.view(), 1, f.layout(), {TimelinePart::DispatchIn, 0}, 30);
  ASSERT_TRUE(call);
  session::actions::run(f.s, call->op, call->args);
  EXPECT_EQ(f.layout().dispatches[0].in, 17);
  // A command moved keeps its sound and flag.
  call = timelineDrop(f.s.view(), 1, f.layout(), {TimelinePart::Command, 1}, 3);
  ASSERT_TRUE(call);
  session::actions::run(f.s, call->op, call->args);
  EXPECT_EQ(f.s.history().size(), steps + 3);
  const Timeline t = f.layout();
  EXPECT_EQ(t.commands[1].frame, 3);
  EXPECT_EQ(t.commands[1].label, Fixture().layout().commands[1].label);
  // Let go where it started: no step.
  EXPECT_FALSE(timelineDrop(f.s.view(), 1, t, {TimelinePart::Command, 1}, 3));
  EXPECT_FALSE(timelineDrop(f.s.view(), 1, t, {TimelinePart::Keyframe, 0}, 3));
  for (int i = 0; i < 3; ++i) EXPECT_TRUE(f.s.undo());
  EXPECT_EQ(f.layout().dispatches[0].in, 12);
  EXPECT_EQ(f.layout().commands[1].frame, 8);
}

}  // namespace
}  // namespace wadsmith::view
