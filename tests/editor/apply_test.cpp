// `wadsmith apply`: scripts run as one history; errors name the operation; nothing is written
// on error; --undo N previews.
#include <gtest/gtest.h>

#include <fstream>

#include "editor/cli/script.h"
#include "io/document_io.h"
#include "io/file_io.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {


std::filesystem::path script(const std::filesystem::path& dir, const std::string& text) {
  auto p = dir / "script.json";
  std::ofstream(p) << text;
  return p;
}

const char* kEveryOperation = R"([
  {"op": "recompute_normals", "movable": 427, "mesh": 2},
  {"op": "flip_normals", "movable": 427, "mesh": 1},
  {"op": "flip_normals", "movable": 427, "mesh": 1},
  {"op": "set_face", "movable": 427, "mesh": 3, "faces": [0, 2], "translucent": true, "shine": true, "intensity": 20, "texture": 4, "flip": false, "rotate": 1},
  {"op": "convert_lighting", "movable": 427, "mesh": 0, "to": "shades", "light": [0, 1, 0], "ambient": 0.3},
  {"op": "convert_lighting", "movable": 427, "mesh": 0, "to": "normals"},
  {"op": "recompute_sphere", "movable": 427, "mesh": 2},
  {"op": "recompute_static_boxes", "static": 30},
  {"op": "add_state_change", "movable": 427, "animation": 1, "state": 3, "dispatches": [{"in": 0, "out": 4, "next_animation": 0, "next_frame": 0}]},
  {"op": "set_state_change", "movable": 427, "animation": 1, "state_change": 1, "state": 4},
  {"op": "add_dispatch", "movable": 427, "animation": 1, "state_change": 1, "in": 5, "out": 9, "next_animation": 1, "next_frame": 0},
  {"op": "set_dispatch", "movable": 427, "animation": 1, "state_change": 1, "dispatch": 1, "next_frame": 2},
  {"op": "remove_dispatch", "movable": 427, "animation": 1, "state_change": 1, "dispatch": 0},
  {"op": "remove_state_change", "movable": 427, "animation": 0, "state_change": 0},
  {"op": "set_animation", "movable": 427, "animation": 0, "next_animation": 1, "next_frame": 0, "frame_duration": 3, "state_id": 7, "speed": 1.5, "accel_raw": 100, "lateral_speed": 0, "lateral_accel": 0},
  {"op": "add_command", "movable": 427, "animation": 0, "command": {"type": "flipeffect", "frame": 1, "effect": 32, "foot": "left"}},
  {"op": "add_command", "movable": 427, "animation": 0, "command": {"type": "set_position", "x": 0, "y": -10, "z": 256}, "position": 0},
  {"op": "set_command", "movable": 427, "animation": 0, "index": 0, "command": {"type": "jump", "vertical": -20, "horizontal": 40}},
  {"op": "remove_command", "movable": 427, "animation": 1, "index": 0},
  {"op": "set_slot", "static": 30, "slot": 31},
  {"op": "delete_object", "static": 31}
])";

TEST(Apply, EveryOperationRunsAndUndoAllRestoresTheFile) {
  auto dir = test::scratchDir();
  auto s = script(dir, kEveryOperation);
  auto in = (test::fixturesDir() / "sample.wad").string();
  auto out = (dir / "out.wad").string();
  auto r = test::runWadsmith("apply " + in + " " + s.string() + " -o " + out);
  ASSERT_EQ(r.exit, 0) << r.out;
  auto doc = loadDocument(out);
  const auto& t = objectsOf(doc);
  EXPECT_TRUE(t.statics->empty());
  ObjectView v(t);
  const Animation& a0 = v.animations()[0];
  EXPECT_EQ(a0.stateId, 7);
  EXPECT_EQ(a0.speed, 98304);
  EXPECT_EQ(a0.accel, 100);
  EXPECT_EQ(v.stateChangeRange(0).second - v.stateChangeRange(0).first, 0u);
  auto c = v.commands(0);
  ASSERT_EQ(c.commands.size(), 2u);
  EXPECT_EQ(c.commands[0].code, 2);
  EXPECT_EQ(c.commands[1].operands[1], 0x4000 | 32);
  auto undone = (dir / "undone.wad").string();
  auto u = test::runWadsmith("apply " + in + " " + s.string() + " -o " + undone + " --undo 21");
  ASSERT_EQ(u.exit, 0) << u.out;
  EXPECT_EQ(readFileBytes(undone), readFileBytes(in));
}

TEST(Apply, ErrorsNameTheOperationAndWriteNothing) {
  auto dir = test::scratchDir();
  auto in = (test::fixturesDir() / "sample.wad").string();
  auto out = dir / "out.wad";
  struct Case {
    const char* script;
    const char* expect;
  } cases[] = {
      {R"([{"op": "recompute_normals", "movable": 427}, {"op": "frobnicate"}])", "operation 1 (frobnicate): unknown operation"},
      {R"([{"op": "add_dispatch", "movable": 427, "animation": 0, "state_change": 0, "in": 0}])", "operation 0 (add_dispatch): missing field \"out\""},
      {R"([{"op": "set_face", "movable": 427, "mesh": 0, "faces": [0]}, {"op": "set_face", "movable": 427, "mesh": 9, "faces": [0], "shine": true}])",
       "operation 1 (set_face): movable 427 has 4 meshes, no mesh 9"},
      {R"([{"op": "delete_object", "movable": 5}])", "operation 0 (delete_object): no movable in slot 5"},
      {R"({"op": "kill"})", "a script is a JSON array"},
      {R"([{"op": "set_slot", "movable": 427, "slot": 427.5}])", "must be an integer"},
  };
  for (const auto& c : cases) {
    auto r = test::runWadsmith("apply " + in + " " + script(dir, c.script).string() + " -o " + out.string());
    EXPECT_NE(r.exit, 0) << c.script;
    EXPECT_NE(r.out.find(c.expect), std::string::npos) << r.out;
    EXPECT_FALSE(std::filesystem::exists(out)) << "written despite an error: " << c.script;
  }
  auto tooMuchUndo = test::runWadsmith("apply " + in + " " + script(dir, "[]").string() + " -o " + out.string() + " --undo 1");
  EXPECT_NE(tooMuchUndo.exit, 0);
}

TEST(Apply, WarningsArePrinted) {
  auto dir = test::scratchDir();
  auto r = test::runWadsmith("apply " + (test::fixturesDir() / "sample.wad").string() + " " +
               script(dir, R"([{"op": "set_face", "static": 30, "mesh": 0, "faces": "all", "shine": true}])").string() +
               " -o " + (dir / "o.wad").string());
  EXPECT_EQ(r.exit, 0) << r.out;
  EXPECT_NE(r.out.find("warning: operation 0"), std::string::npos) << r.out;
}

TEST(Apply, ScriptOperationsCoverTheIssueList) {
  for (const char* op : {"recompute_normals", "flip_normals", "set_face", "add_state_change", "remove_state_change",
                         "set_dispatch", "add_dispatch", "remove_dispatch", "set_animation", "add_command",
                         "remove_command", "set_slot", "delete_object"})
    EXPECT_NE(ops::findOperation(op), nullptr) << op;
}

TEST(Apply, Test1LevelEditAndUndo) {
  auto path = test::corpusFile("tr4/TEST1.TR4");
  WADSMITH_REQUIRE_CORPUS(path);
  auto dir = test::scratchDir();
  auto s = script(dir, R"([{"op": "set_face", "movable": 0, "mesh": 0, "faces": [0], "shine": true, "intensity": 40},
                           {"op": "set_animation", "movable": 0, "animation": 3, "speed": 10}])");
  auto out = dir / "edited.tr4";
  ASSERT_EQ(test::runWadsmith("apply " + path.string() + " " + s.string() + " -o " + out.string()).exit, 0);
  auto doc = std::get<LevelDocument>(loadDocument(out));
  EXPECT_EQ(ObjectView(doc.data->objects).animations()[3].speed, 10 * 65536);
  auto undone = dir / "undone.tr4";
  ASSERT_EQ(test::runWadsmith("apply " + path.string() + " " + s.string() + " -o " + undone.string() + " --undo 2").exit, 0);
  EXPECT_EQ(readFileBytes(undone), readFileBytes(path));
}

}  // namespace
}  // namespace wadsmith

namespace wadsmith {
namespace {

// Every number is checked against what its field can hold before it is converted: nothing
// wraps around to edit something else (a slot of 2^32 used to edit LARA, slot 0).
TEST(Apply, OutOfRangeNumbersAreRefusedNotTruncated) {
  auto dir = test::scratchDir();
  auto in = (test::fixturesDir() / "sample.wad").string();
  auto out = dir / "out.wad";
  struct Case {
    const char* script;
    const char* expect;
  } cases[] = {
      {R"([{"op": "delete_object", "movable": 4294967296}])", "\"movable\" must be within 0..4294967295"},
      {R"([{"op": "delete_object", "movable": 18446744073709551615}])", "\"movable\" must be within"},
      {R"([{"op": "set_slot", "movable": 427, "slot": -1}])", "\"slot\" must be within"},
      {R"([{"op": "set_face", "movable": 427, "mesh": 0, "faces": [0], "intensity": 1e300}])", "\"intensity\" must be within"},
      {R"([{"op": "set_face", "movable": 427, "mesh": 0, "faces": [4294967296]}])", "face indices must be integers"},
      {R"([{"op": "set_animation", "movable": 427, "animation": 0, "speed": 1e300}])", "speed must be within -32768..32767 game units, got 1e+300"},
      {R"([{"op": "set_animation", "movable": 427, "animation": 0, "frame_duration": 256}])", "\"frame_duration\" must be within 1..255"},
      {R"([{"op": "set_animation", "movable": 427, "animation": 0, "accel_raw": 2147483648}])", "\"accel_raw\" must be within"},
      {R"([{"op": "add_dispatch", "movable": 427, "animation": 0, "state_change": 0, "in": 70000, "out": 1, "next_animation": 0, "next_frame": 0}])", "\"in\" must be within"},
      {R"([{"op": "set_dispatch", "movable": 427, "animation": 0, "state_change": 0, "dispatch": 0, "out": 40000}])", "does not fit"},
      {R"([{"op": "add_command", "movable": 427, "animation": 0, "command": {"type": "sound", "frame": 0, "sound": 16384}}])", "\"sound\" must be within 0..16383"},
      {R"([{"op": "set_state_change", "movable": 427, "animation": 0, "state_change": 0, "state": 65536}])", "\"state\" must be within 0..65535"},
  };
  for (const auto& c : cases) {
    auto r = test::runWadsmith("apply " + in + " " + script(dir, c.script).string() + " -o " + out.string());
    EXPECT_NE(r.exit, 0) << c.script;
    EXPECT_NE(r.out.find("operation 0"), std::string::npos) << r.out;
    EXPECT_NE(r.out.find(c.expect), std::string::npos) << c.script << "\n" << r.out;
    EXPECT_FALSE(std::filesystem::exists(out)) << "written despite an error: " << c.script;
  }
}

// A script nested far deeper than any script needs is refused while it is read, instead of
// exhausting the stack (100,000 nested arrays used to crash apply).
TEST(Apply, DeeplyNestedJsonIsRefused) {
  auto dir = test::scratchDir();
  std::string deep = R"([{"op": "set_face", "movable": 427, "mesh": 0, "faces": )";
  deep += std::string(100000, '[') + std::string(100000, ']') + "}]";
  auto out = dir / "out.wad";
  auto r = test::runWadsmith("apply " + (test::fixturesDir() / "sample.wad").string() + " " + script(dir, deep).string() +
                             " -o " + out.string());
  EXPECT_EQ(r.exit, 1) << r.out;
  EXPECT_NE(r.out.find("nested deeper than"), std::string::npos) << r.out.substr(0, 400);
  EXPECT_FALSE(std::filesystem::exists(out));
}

}  // namespace
}  // namespace wadsmith
