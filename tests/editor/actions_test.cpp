// Every edit the editor's panels make, as the session actions they call, without a window:
// the values after the edit, one history step with its label, undo back to the opened bytes,
// and refused edits that change nothing.
#include <gtest/gtest.h>

#include "editor/session/actions.h"
#include "io/document_io.h"
#include "model/texture_word.h"
#include "tests/support/test_support.h"

namespace wadsmith::session {
namespace {

// The sample: movable 427 with animation 0 (frames 0-6, one state change to state 2 with one
// dispatch) and animation 1 (frames 7-23, one state change, two land sounds at frames 7 and
// 15); static 30.
struct Sample {
  Session s;
  std::vector<std::uint8_t> opened;
  Sample() {
    s.open(test::fixturesDir() / "sample.wad");
    opened = encodeDocument(s.document());
  }
  std::size_t steps() const { return s.history().size() - 1; }
  std::string label() const { return s.history().label(s.history().position()); }
  const Animation& animation(std::size_t i) const { return s.view().animations()[i]; }
  // Undoes everything: the document writes the opened bytes again.
  void expectUndoRestores() {
    while (s.undo()) {
    }
    EXPECT_EQ(encodeDocument(s.document()), opened);
  }
  // A refused edit: nothing changes, not even the document's identity.
  template <class F>
  void expectRefused(F&& f) {
    const std::size_t before = s.history().size();
    const auto* doc = &s.document();
    const auto version = s.version();
    EXPECT_THROW(f(), ops::EditError);
    EXPECT_EQ(s.history().size(), before);
    EXPECT_EQ(&s.document(), doc);
    EXPECT_EQ(s.version(), version);
  }
};

TEST(Actions, AnimationFieldsTakeUsersValuesByKey) {
  Sample x;
  x.s.selection.animation = 1;
  actions::setField(x.s, "set_animation", "speed", 2.5);
  EXPECT_EQ(x.animation(1).speed, 163840) << "game units become 16.16";
  EXPECT_EQ(x.label(), "movable 427 animation 1: set speed");
  actions::setField(x.s, "set_animation", "next_animation", 1);
  actions::setField(x.s, "set_animation", "next_frame", 3);
  EXPECT_EQ(x.animation(1).nextFrame, 10) << "a next frame counts from the target's first frame (7)";
  EXPECT_EQ(x.s.view().indexOf(x.animation(1).nextAnimation), 1u);
  actions::setField(x.s, "set_animation", "frame_duration", 3);
  EXPECT_EQ(x.animation(1).frameDuration, 3);
  actions::setField(x.s, "set_animation", "state_id", 9);
  EXPECT_EQ(x.animation(1).stateId, 9);
  EXPECT_EQ(x.label(), "movable 427 animation 1: set state id");
  EXPECT_EQ(x.steps(), 5u) << "one step per edit";
  EXPECT_EQ(x.animation(0).speed, 0) << "the other animation is untouched";

  x.expectRefused([&] { actions::setField(x.s, "set_animation", "frame_duration", 0); });     // range 1..255
  x.expectRefused([&] { actions::setField(x.s, "set_animation", "state_id", 2.5); });         // whole numbers
  x.expectRefused([&] { actions::setField(x.s, "set_animation", "keyframe_size", 4); });      // shown, not edited
  x.expectRefused([&] { actions::setField(x.s, "set_animation", "no_such_field", 1); });
  x.expectRefused([&] { actions::setField(x.s, "set_animation", "next_animation", 2); });     // the movable has 2
  x.expectUndoRestores();
}

TEST(Actions, StateChangesAndDispatches) {
  Sample x;
  x.s.selection.animation = 1;
  const ObjectView* v = &x.s.view();
  auto stateChanges = [&] {
    v = &x.s.view();
    auto [a, b] = v->stateChangeRange(1);
    return b - a;
  };
  auto dispatch = [&](std::size_t k, std::size_t d) -> const Dispatch& {
    v = &x.s.view();
    auto [s0, s1] = v->stateChangeRange(1);
    auto [d0, d1] = v->dispatchRange(s0 + k);
    EXPECT_LT(d, d1 - d0);
    return v->dispatches()[d0 + d];
  };
  actions::run(x.s, "add_state_change");
  EXPECT_EQ(stateChanges(), 2u);
  EXPECT_EQ(x.label(), "movable 427 animation 1: add state change");
  actions::setField(x.s, "set_state_change", "state", 5, {{"state_change", 1}});
  EXPECT_EQ(x.s.view().stateChanges()[x.s.view().stateChangeRange(1).first + 1].stateId, 5);
  EXPECT_EQ(x.label(), "movable 427 animation 1 state change 1: set to state");
  actions::run(x.s, "add_dispatch", {{"state_change", 1}});
  EXPECT_EQ(x.label(), "movable 427 animation 1 state change 1: add dispatch");
  {
    const Dispatch& d = dispatch(1, 0);
    EXPECT_EQ(d.inFrame, 7) << "the whole animation: from its first frame";
    EXPECT_EQ(d.outFrame, 7 + 17);
    EXPECT_EQ(v->indexOf(d.nextAnimation), 1u) << "to the animation itself";
  }
  actions::setField(x.s, "set_dispatch", "in", 3, {{"state_change", 1}, {"dispatch", 0}});
  EXPECT_EQ(dispatch(1, 0).inFrame, 10) << "in counts from the animation's first frame";
  actions::setField(x.s, "set_dispatch", "next_animation", 0, {{"state_change", 1}, {"dispatch", 0}});
  actions::setField(x.s, "set_dispatch", "next_frame", 2, {{"state_change", 1}, {"dispatch", 0}});
  EXPECT_EQ(dispatch(1, 0).nextFrame, 2) << "from animation 0's first frame";
  EXPECT_EQ(x.label(), "movable 427 animation 1 state change 1 dispatch 0: set next frame");
  EXPECT_EQ(dispatch(0, 0).inFrame, 19) << "the first state change's dispatch is untouched";

  x.expectRefused([&] { actions::setField(x.s, "set_dispatch", "in", 1, {{"state_change", 1}, {"dispatch", 4}}); });     // no dispatch 4
  x.expectRefused([&] { actions::setField(x.s, "set_dispatch", "out", 1e6, {{"state_change", 1}, {"dispatch", 0}}); });  // range
  x.expectRefused([&] { actions::setField(x.s, "set_state_change", "state", -1, {{"state_change", 1}}); });
  x.expectRefused([&] { actions::run(x.s, "remove_state_change", {{"state_change", 7}}); });

  actions::run(x.s, "remove_dispatch", {{"state_change", 1}, {"dispatch", 0}});
  EXPECT_EQ(x.label(), "movable 427 animation 1 state change 1: remove dispatch 0");
  actions::run(x.s, "remove_state_change", {{"state_change", 1}});
  EXPECT_EQ(stateChanges(), 1u);
  EXPECT_EQ(x.label(), "movable 427 animation 1: remove state change 1");
  EXPECT_EQ(x.steps(), 8u);
  x.expectUndoRestores();
}

TEST(Actions, CommandsFollowTheCommandTypeTable) {
  Sample x;
  x.s.selection.animation = 1;
  const auto flipeffect = static_cast<std::uint16_t>(CommandCode::FlipEffect);
  using Args = ops::Args;
  auto commands = actions::commandValues(x.s);
  ASSERT_EQ(commands.size(), 2u);
  EXPECT_EQ(commands[1], ops::Value(Args{{"type", "sound"}, {"frame", 8}, {"sound", 126}, {"land", true}, {"water", false}}))
      << "frame from the animation's first frame, flags by name";
  auto stored = [&](std::size_t i) { return x.s.view().commands(1).commands.at(i); };
  auto setCommand = [&](std::size_t i, Args command) { actions::run(x.s, "set_command", {{"index", i}, {"command", command}}); };

  x.s.selection.frame = 4;
  actions::run(x.s, "add_command", {{"command", actions::newCommand(x.s, flipeffect)}});
  EXPECT_EQ(x.label(), "movable 427 animation 1: add flipeffect command");
  EXPECT_EQ(stored(2).code, flipeffect);
  EXPECT_EQ(stored(2).operands[0], 11) << "at the shown frame";

  // A flipeffect's foot is one choice; a sound's flags are independent.
  x.expectRefused([&] { setCommand(2, {{"type", "flipeffect"}, {"frame", 4}, {"effect", 32}, {"foot", "both"}}); });
  setCommand(2, {{"type", "flipeffect"}, {"frame", 4}, {"effect", 32}, {"foot", "right"}});
  EXPECT_EQ(static_cast<std::uint16_t>(stored(2).operands[1]), 32 | 0x8000);
  EXPECT_EQ(x.label(), "movable 427 animation 1: set command 2 (flipeffect)");
  setCommand(0, {{"type", "sound"}, {"frame", 1}, {"sound", 71}, {"land", true}, {"water", true}});
  EXPECT_EQ(stored(0).operands[0], 8);
  EXPECT_EQ(static_cast<std::uint16_t>(stored(0).operands[1]), 71 | 0xC000);

  const auto setPosition = static_cast<std::uint16_t>(CommandCode::SetPosition);
  x.expectRefused([&] { setCommand(0, {{"type", "set_position"}, {"x", 0}, {"y", 40000}, {"z", 0}}); });  // outside -32768..32767
  x.expectRefused([&] { setCommand(0, {{"type", "set_position"}, {"x", 0}, {"y", 0}}); });               // three operands
  x.expectRefused([&] { setCommand(0, {{"type", "dance"}}); });
  x.expectRefused([&] { setCommand(9, {{"type", "kill"}}); });  // no command 9
  x.expectRefused([&] { actions::newCommand(x.s, 0); });

  setCommand(1, actions::newCommand(x.s, setPosition).named());
  EXPECT_EQ(stored(1).code, setPosition);
  actions::run(x.s, "remove_command", {{"index", 0}});
  EXPECT_EQ(x.s.view().commands(1).commands.size(), 2u);
  EXPECT_EQ(x.label(), "movable 427 animation 1: remove command 0");
  EXPECT_EQ(x.steps(), 5u);
  x.expectUndoRestores();
}

TEST(Actions, FaceFieldsOnEveryFaceSelected) {
  Sample x;
  x.s.selection.faces = {{3, 0}, {3, 2}, {0, 1}};
  auto face = [&](std::size_t mesh, std::size_t f) { return x.s.view().movableMeshes(0)[mesh].mesh->polygons[f]; };
  const Polygon before = face(3, 0), unselected = face(3, 1);
  actions::setField(x.s, "set_face", "shine", 1);
  EXPECT_EQ(x.label(), "movable 427: set shine of 3 faces");
  actions::setField(x.s, "set_face", "intensity", 20);
  for (auto [m, f] : {std::pair{3, 0}, {3, 2}, {0, 1}}) {
    EXPECT_TRUE(face(m, f).attributes & attr::kShine);
    EXPECT_EQ(attr::intensity(face(m, f).attributes), 20);
  }
  EXPECT_EQ(face(3, 1), unselected) << "an unselected face";
  actions::setField(x.s, "set_face", "texture", 2);
  EXPECT_EQ(WadTextureWord::decode(face(3, 0).texture, face(3, 0).quad).sample, 2);
  actions::run(x.s, "set_face", {{"rotate", 1}});
  EXPECT_EQ(x.label(), "movable 427: rotate the mapping of 3 faces");
  EXPECT_NE(face(3, 0).vertices, before.vertices);
  EXPECT_EQ(x.steps(), 4u);

  x.expectRefused([&] { actions::setField(x.s, "set_face", "intensity", 32); });  // a WAD keeps 5 bits
  x.expectRefused([&] { actions::setField(x.s, "set_face", "texture", -1); });
  x.s.selection.faces = {{9, 0}};
  x.expectRefused([&] { actions::setField(x.s, "set_face", "shine", 1); });  // no mesh 9
  x.s.selection.faces.clear();
  x.expectRefused([&] { actions::run(x.s, "set_face", {{"rotate", 1}}); });
  x.expectUndoRestores();
}

TEST(Actions, LevelFacesHaveNoFlipAndMoreIntensity) {
  Session s;
  s.open(test::fixturesDir() / "synthetic.tr4");
  ASSERT_TRUE(s.selection.object);
  s.selection.faces = {{0, 0}};
  EXPECT_THROW(actions::setField(s, "set_face", "flip", 1), ops::EditError) << "flip is a WAD property";
  actions::setField(s, "set_face", "intensity", 40);
  EXPECT_EQ((s.view().movableMeshes(0)[0].mesh->polygons[0].attributes >> 2) & 0x3F, 40);
  EXPECT_EQ(s.history().size(), 2u);
}

TEST(Actions, StaticBoxesFollowTheMesh) {
  Sample x;
  EXPECT_THROW(actions::run(x.s, "recompute_static_boxes"), ops::EditError) << "movable 427 is selected";
  // Give the pillar boxes its mesh does not have, so recomputing them shows.
  x.s.openDocument(editDocument(x.s.document(), [](Draft& e) { e.statics.edit()[0].visibility = e.statics.edit()[0].collision = {}; }),
                   x.s.path());
  x.opened = encodeDocument(x.s.document());
  x.s.selection = {};
  x.s.selection.object = staticRef(30);
  actions::run(x.s, "recompute_static_boxes");
  EXPECT_EQ(x.label(), "recompute boxes of static 30");
  const Static& st = x.s.view().statics()[0];
  EXPECT_EQ(st.visibility.minY, -1024);
  EXPECT_EQ(st.visibility.maxY, 0);
  EXPECT_EQ(st.collision.minY, -1024);
  x.expectUndoRestores();
}

TEST(Actions, ObjectsMoveAndGo) {
  Sample x;
  x.s.selection.animation = 1;
  actions::setSelectedSlot(x.s, 428);
  EXPECT_EQ(x.label(), "move movable 427 to slot 428");
  ASSERT_TRUE(x.s.selection.object) << "the selection follows the object";
  EXPECT_EQ(*x.s.selection.object, movableRef(428));
  EXPECT_EQ(x.s.selection.animation, 1u);
  EXPECT_TRUE(x.s.view().findMovable(428));
  actions::run(x.s, "delete_object");
  EXPECT_EQ(x.label(), "delete movable 428");
  EXPECT_TRUE(x.s.view().movables().empty());
  EXPECT_FALSE(x.s.selection.object);
  x.expectRefused([&] { actions::run(x.s, "recompute_normals"); });  // nothing selected
  x.expectUndoRestores();
}

TEST(Actions, MergePickedKeepsTheReportInThePanelState) {
  Sample x;
  x.s.openSource(test::fixturesDir() / "quirks.wad");
  EXPECT_THROW(actions::mergePicked(x.s), ops::EditError) << "nothing picked";
  x.s.panels.merge.picked = {movableRef(101), staticRef(5)};
  actions::mergePicked(x.s);
  ASSERT_TRUE(x.s.panels.merge.report);
  EXPECT_EQ(x.s.panels.merge.report->merged.size(), 2u);
  EXPECT_TRUE(x.s.panels.merge.notes.empty()) << "a WAD source loses nothing";
  EXPECT_EQ(x.label(), "merge 2 objects from quirks.wad");
  EXPECT_TRUE(x.s.view().findMovable(101));
  // Placing one object under another slot.
  x.s.panels.merge.picked = {staticRef(5)};
  x.s.panels.merge.mode = MergeMode::PlaceUnder;
  x.s.panels.merge.asSlot = 77;
  actions::mergePicked(x.s);
  EXPECT_TRUE(x.s.view().findStatic(77));
  x.expectUndoRestores();
}

}  // namespace
}  // namespace wadsmith::session
