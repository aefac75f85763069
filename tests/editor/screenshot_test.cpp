// The editor rendered headless under Xvfb with Mesa's software OpenGL: screenshots of the
// sample WAD and of corpus objects, checked for sane content.
#include <gtest/gtest.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstddef>
#include <cstdio>
#include <fstream>
#include <set>
#include <thread>

#include "editor/session/recovery.h"
#include "io/png_codec.h"
#include "io/document_io.h"
#include "io/file_io.h"
#include "model/object_view.h"
#include "tests/editor/screenshot_support.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

using namespace test::screenshot;

// Hues rather than brightness, so lighting does not matter: the sample's brick and wood.
auto brick = [](int r, int g, int b) { return r > 50 && r * 10 > g * 16 && r > b * 2; };

TEST(Screenshot, SampleWadShowsTheObjectInTheViewport) {
  REQUIRE_EDITOR();
  auto img = shot((test::fixturesDir() / "sample.wad").string(), "sample");
  ASSERT_EQ(img.width, 1280);
  ASSERT_EQ(img.height, 720);
  // Not blank: many colours.
  std::set<std::uint32_t> colours;
  for (std::size_t i = 0; i < img.rgba.size(); i += 4 * 7) colours.insert(img.rgba[i] << 16 | img.rgba[i + 1] << 8 | img.rgba[i + 2]);
  EXPECT_GT(colours.size(), 200u);
  // The textured object is in the viewport; the panels around it have none of its colours.
  Region vp = viewportOf(img);
  EXPECT_GT(count(img, vp, brick), 2000);
  EXPECT_LT(count(img, {0, 0, int(img.width * 0.18), img.height}, brick), 50);
}

TEST(Screenshot, DifferentFramesDiffer) {
  REQUIRE_EDITOR();
  auto f = (test::fixturesDir() / "sample.wad").string();
  auto a = shot(f + " --select movable:427 --animation 1 --frame 0", "frame0");
  auto b = shot(f + " --select movable:427 --animation 1 --frame 8", "frame8");
  auto again = shot(f + " --select movable:427 --animation 1 --frame 0", "frame0again");
  ASSERT_EQ(a.width, b.width);
  Region vp = viewportOf(a);
  EXPECT_GT(differing(a, b, vp), 2000);          // the column turned 180 degrees
  EXPECT_EQ(differing(a, again, vp), 0);         // rendering is deterministic
  EXPECT_EQ(differing(a, b, {0, 40, int(a.width * 0.18), int(a.height * 0.9)}), 0);  // the object list did not change
}

TEST(Screenshot, CorpusObjectAtAKnownFrame) {
  REQUIRE_EDITOR();
  auto path = test::corpusFile("tr4/TEST1.TR4");
  WADSMITH_REQUIRE_CORPUS(path);
  // Lara's skin out of a level, textured from the level's tiles: skin tones in the viewport.
  auto skin = shot(path.string() + " --select movable:8 --animation 0 --frame 0", "test1skin");
  auto skinTone = [](int r, int g, int b) { return r > 70 && r * 10 > g * 12 && g * 10 > b * 13 && r * 10 < g * 20; };
  EXPECT_GT(count(skin, viewportOf(skin), skinTone), 1500);
  auto tut = test::corpusFile("wad/tut1.WAD");
  WADSMITH_REQUIRE_CORPUS(tut);
  auto stand = shot(tut.string() + " --select movable:0 --animation 11 --frame 0", "stand");
  auto walk = shot(tut.string() + " --select movable:0 --animation 1 --frame 10", "walk");
  EXPECT_GT(differing(stand, walk, viewportOf(stand)), 1000);
}

TEST(Screenshot, PanelsAndOverlays) {
  REQUIRE_EDITOR();
  auto f = (test::fixturesDir() / "sample.wad").string();
  auto plain = shot(f, "plain");
  auto textures = shot(f + " --panel Textures", "textures");
  // The texture page (bricks top left) appears in the tools column.
  Region tools{int(plain.width * 0.72), int(plain.height * 0.08), plain.width - 4, int(plain.height * 0.9)};
  EXPECT_GT(count(textures, tools, brick), 400);
  EXPECT_LT(count(plain, tools, brick), 50);
  auto wire = shot(f + " --show wireframe,joints,boxes", "overlays");
  EXPECT_GT(differing(plain, wire, viewportOf(plain)), 1000);
}

TEST(Screenshot, MouseOrbitsPansZoomsAndPicks) {
  REQUIRE_EDITOR();
  const std::string f = (test::fixturesDir() / "sample.wad").string() + " --select movable:427";
  auto plain = shotWithReport(f, "mouse-plain");
  const ViewState start = stateOf(plain.report);
  EXPECT_EQ(start.faces, 0u);
  // A pixel of the object (its brick pedestal) to click on.
  Region vp = viewportOf(plain.img);
  int px = -1, py = -1;
  for (int y = (vp.y0 + vp.y1) / 2; y < vp.y1 && px < 0; ++y)
    for (int x = vp.x0; x < vp.x1 && px < 0; ++x) {
      const std::uint8_t* c = &plain.img.rgba[(std::size_t(y) * plain.img.width + x) * 4];
      bool inside = true;  // all neighbours brick too, so the click is well inside a face
      for (int d : {-3, 3}) {
        const std::uint8_t* h = c + d * 4;
        const std::uint8_t* v = c + std::ptrdiff_t(d) * plain.img.width * 4;
        inside = inside && brick(h[0], h[1], h[2]) && brick(v[0], v[1], v[2]);
      }
      if (brick(c[0], c[1], c[2]) && inside) px = x, py = y;
    }
  ASSERT_GE(px, 0) << "no brick pixel in the viewport";
  const std::string at = std::to_string(px) + "," + std::to_string(py);

  auto input = [&](const std::string& script, const std::string& name) {
    return stateOf(shotWithReport(f + " --input '" + script + "'", name).report);
  };
  EXPECT_EQ(input("click " + at, "mouse-click").faces, 1u);
  EXPECT_EQ(input("click " + at + "; shift-click " + at, "mouse-toggle").faces, 0u);  // shift-click removes it
  // Empty space in the picture (above the object; the timeline is under the picture) clears.
  const std::string empty = std::to_string(vp.x0 + 4) + "," + std::to_string(vp.y0 + 24);
  EXPECT_EQ(input("click " + empty + "; click " + at + "; click " + empty, "mouse-empty").faces, 0u);
  EXPECT_GT(input("shift-drag 270,80 830,510", "mouse-box").faces, 4u);

  auto orbit = shotWithReport(f + " --input 'drag left " + at + " " + std::to_string(px + 80) + "," + std::to_string(py + 30) + "'",
                              "mouse-orbit");
  const ViewState o = stateOf(orbit.report);
  EXPECT_NE(o.yaw, start.yaw);
  EXPECT_NE(o.pitch, start.pitch);
  EXPECT_EQ(o.faces, 0u) << "a drag is not a click";
  EXPECT_GT(differing(plain.img, orbit.img, vp), 1000);

  const ViewState pan = input("drag right " + at + " " + std::to_string(px + 60) + "," + std::to_string(py), "mouse-pan");
  EXPECT_EQ(pan.yaw, start.yaw);
  EXPECT_TRUE(pan.target[0] != start.target[0] || pan.target[2] != start.target[2]) << "a sideways pan moves the target sideways";
  const ViewState down = input("drag middle " + at + " " + std::to_string(px) + "," + std::to_string(py + 60), "mouse-pan2");
  EXPECT_GT(down.target[1], start.target[1]) << "dragging the picture down moves the target up";
  EXPECT_LT(input("wheel " + at + " 2", "mouse-zoom").distance, start.distance * 0.8f);
  // Outside the picture the wheel does nothing to the camera.
  EXPECT_EQ(input("wheel 100,300 2", "mouse-zoom-outside").distance, start.distance);
}

// The keyboard shortcuts, through the same path: recompute normals (N), undo and both redo
// chords, Escape to drop the face selection, W for wireframe.
TEST(Screenshot, KeyboardShortcutsEditUndoRedoAndView) {
  REQUIRE_EDITOR();
  const std::string f = (test::fixturesDir() / "sample.wad").string() + " --select movable:427";
  auto input = [&](const std::string& script, const std::string& name) { return shotWithReport(f + " --input '" + script + "'", name); };
  const auto plain = shotWithReport(f, "keys-plain");
  const ViewState start = stateOf(plain.report);
  EXPECT_EQ(start.edits, 0u);
  EXPECT_FALSE(start.unsaved);

  const ViewState recomputed = stateOf(input("key n", "keys-n").report);
  EXPECT_EQ(recomputed.edit, 1u);
  EXPECT_EQ(recomputed.edits, 1u);
  EXPECT_TRUE(recomputed.unsaved);
  const ViewState undone = stateOf(input("key n; key ctrl+z", "keys-undo").report);
  EXPECT_EQ(undone.edit, 0u);
  EXPECT_EQ(undone.edits, 1u);
  EXPECT_FALSE(undone.unsaved) << "back at the opened document";
  EXPECT_EQ(stateOf(input("key n; key ctrl+z; key ctrl+y", "keys-redo").report).edit, 1u);
  EXPECT_EQ(stateOf(input("key n; key ctrl+z; key ctrl+shift+z", "keys-redo2").report).edit, 1u);
  EXPECT_EQ(stateOf(input("key z", "keys-plain-z").report).edit, 0u) << "Z without Ctrl is no undo";

  const ViewState box = stateOf(input("shift-drag 270,80 830,510", "keys-box").report);
  ASSERT_GT(box.faces, 0u);
  EXPECT_EQ(stateOf(input("shift-drag 270,80 830,510; key escape", "keys-escape").report).faces, 0u);

  const auto wire = input("key w", "keys-wire");
  const Region vp = viewportOf(plain.img);
  EXPECT_GT(differing(plain.img, wire.img, vp), 1000) << "W switches the viewport to wireframe";
  EXPECT_EQ(differing(plain.img, input("key w; key w", "keys-wire2").img, vp), 0) << "and back";
}

// The panels' buttons, pressed by their labels through the real mouse path: each edit lands in
// the history with its label, and the History panel's Undo takes it back.
TEST(Screenshot, PanelButtonsEditThroughTheHistory) {
  REQUIRE_EDITOR();
  const std::string f = (test::fixturesDir() / "sample.wad").string() + " --select movable:427";
  auto run = [&](const std::string& panels, const std::string& script, const std::string& name) {
    return stateOf(shotWithReport(f + " " + panels + " --input '" + script + "'", name).report);
  };
  const ViewState start = stateOf(shotWithReport(f, "buttons-plain").report);
  EXPECT_EQ(start.lastEdit, "open sample.wad");

  const ViewState normals = run("--panel Mesh", "click @Recompute normals", "buttons-normals");
  EXPECT_EQ(normals.edit, 1u);
  EXPECT_EQ(normals.lastEdit, "recompute normals of movable 427");
  // With no mesh selected the mesh tools cover the whole object, in one step each.
  const ViewState lighting =
      run("--panel Mesh", "click @Convert to shades; click @Convert to normals; click @Recompute bounding sphere", "buttons-mesh");
  EXPECT_EQ(lighting.edit, 3u);
  EXPECT_EQ(lighting.lastEdit, "recompute bounding spheres of movable 427");
  const ViewState undone = run("--panel Mesh --panel History", "click @Recompute normals; click @Undo", "buttons-undo");
  EXPECT_EQ(undone.edit, 0u);
  EXPECT_FALSE(undone.unsaved);

  const ViewState added = run("--panel \"State changes\"", "click @Add state change; click @Add dispatch", "buttons-state");
  EXPECT_EQ(added.edit, 2u);
  EXPECT_EQ(added.lastEdit, "movable 427 animation 0 state change 0: add dispatch");
  const ViewState removed = run("--panel \"State changes\"", "click @Add state change; click @Remove", "buttons-remove");
  EXPECT_EQ(removed.edit, 2u);
  EXPECT_EQ(removed.lastEdit, "movable 427 animation 0: remove state change 0");

  // Clicks in a row on a button the previous click moved (each added command pushes it down),
  // and the second of two same-named buttons.
  const ViewState commands = run("--panel Commands", "click @Add command; click @Add command; click @Remove#2", "buttons-commands");
  EXPECT_EQ(commands.edit, 3u);
  EXPECT_EQ(commands.lastEdit, "movable 427 animation 0: remove command 1");

  // Merge two objects picked from a second WAD: one undo step, one more movable and static.
  const ViewState merged = run("--source " + (test::fixturesDir() / "quirks.wad").string() + " --panel Merge",
                               "click @M 101  MOVABLE_101; click @S 5  PLANT5; click @Merge", "buttons-merge");
  EXPECT_EQ(merged.edit, 1u);
  EXPECT_EQ(merged.lastEdit, "merge 2 objects from quirks.wad");
  EXPECT_EQ(merged.movables, start.movables + 1);
  EXPECT_EQ(merged.statics, start.statics + 1);
}

// Other engines' models merged by the CLI render textured and play their animations: the
// picture changes from frame to frame, and differs from the untextured rendering.
void expectBuiltModelPlays(const std::string& command, const std::string& name, int animation) {
  // Beside the scratch folder, which each screenshot empties.
  const auto dir = test::scratchDir().parent_path() / ("merged-" + name);
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  auto a = dir / (name + ".wad");
  auto r = test::runWadsmith(command + " -o " + a.string());
  ASSERT_EQ(r.exit, 0) << r.out;
  const std::string f = a.string() + " --select movable:429 --animation " + std::to_string(animation);
  auto first = shot(f + " --frame 0", name + "-frame0");
  auto later = shot(f + " --frame 12", name + "-frame12");
  auto flat = shot(f + " --frame 0 --show untextured", name + "-untextured");
  auto played = shotWithReport(f + " --play --frames 30", name + "-play");
  Region vp = viewportOf(first);
  EXPECT_GT(differing(first, later, vp), 500) << name << ": the animation moves the model";
  EXPECT_GT(differing(first, flat, vp), 500) << name << ": the model is textured";
  EXPECT_NE(played.report.find("movable 429 animation " + std::to_string(animation)), std::string::npos) << played.report;
}

void expectMergedModelPlays(const std::string& args, const std::string& name, int animation) {
  expectBuiltModelPlays("merge --into " + (test::fixturesDir() / "sample.wad").string() + " " + args, name, animation);
}

// A model made outside WadSmith (the generator's hand-written glTF) imported as a movable: the
// editor plays it textured.
TEST(Screenshot, ImportedGltfModelPlaysTextured) {
  REQUIRE_EDITOR();
  expectBuiltModelPlays("import " + (test::fixturesDir() / "sample.wad").string() + " " +
                            (test::fixturesDir() / "outside.gltf").string() + " --movable 429",
                        "gltf-lamp", 0);
}

// Importing is merging from a 3D file: --import opens it in the Merge panel, its object goes
// into the first free slot as one undo step.
TEST(Screenshot, ImportingIsMergingFromA3dFile) {
  REQUIRE_EDITOR();
  const std::string f = (test::fixturesDir() / "sample.wad").string();
  const ViewState start = stateOf(shotWithReport(f, "import-plain").report);
  const std::string pick = "click @M lamp  (3 meshes, 36 faces, 2 animations); click @Merge";
  auto imported = shotWithReport(f + " --import " + (test::fixturesDir() / "outside.glb").string() + " --panel Merge --input '" + pick + "'",
                                 "import-panel");
  const ViewState v = stateOf(imported.report);
  EXPECT_EQ(v.edit, 1u);
  EXPECT_EQ(v.lastEdit, "merge 1 object from outside.glb");
  EXPECT_EQ(v.movables, start.movables + 1);
  // Undo takes the whole import back.
  auto undone = shotWithReport(f + " --import " + (test::fixturesDir() / "outside.glb").string() + " --panel Merge --input '" +
                                   pick + "; key ctrl+z'",
                               "import-undo");
  EXPECT_EQ(stateOf(undone.report).movables, start.movables);
}

TEST(Screenshot, MergedEverQuestCharacterPlaysTextured) {
  REQUIRE_EDITOR();
  expectMergedModelPlays("--from " + (test::fixturesDir() / "foreign_eq.s3d").string() + " --movable TINY", "eq-tiny", 1);
  auto chr = test::corpusFile("eq/gfaydark_chr.wld");
  WADSMITH_REQUIRE_CORPUS(chr);
  // The corpus characters' bitmaps are not in gfaydark.s3d: solid colours, still shaded apart
  // from the untextured view by their samples' colours.
  expectMergedModelPlays("--from " + chr.string() + " --movable ORC", "eq-orc", 7);
}

TEST(Screenshot, MergedMdl4ModelPlaysTextured) {
  REQUIRE_EDITOR();
  expectMergedModelPlays("--from " + (test::fixturesDir() / "foreign_bones.mdl").string() + " --movable 0", "mdl-bones", 0);
  auto golem = test::corpusFile("3dgs/mdl4-golem.mdl");
  WADSMITH_REQUIRE_CORPUS(golem);
  expectMergedModelPlays("--from " + golem.string() + " --movable mdl4-golem --as ANIMATING2", "mdl-golem", 0);
}

// The merge panel takes another engine's file: its models listed by name, merged with the
// first free slot as one undo step; the report shows the builder's notes.
TEST(Screenshot, MergePanelTakesAnotherEnginesModels) {
  REQUIRE_EDITOR();
  const std::string f = (test::fixturesDir() / "sample.wad").string();
  const ViewState start = stateOf(shotWithReport(f, "foreign-plain").report);
  auto merged = shotWithReport(f + " --source " + (test::fixturesDir() / "foreign_bones.mdl").string() +
                                   " --panel Merge --input 'click @M foreign_bones  (3 meshes, 38 faces, 2 animations); click @Merge'",
                               "foreign-merge");
  const ViewState v = stateOf(merged.report);
  EXPECT_EQ(v.edit, 1u);
  EXPECT_EQ(v.lastEdit, "merge 1 object from foreign_bones.mdl");
  EXPECT_EQ(v.movables, start.movables + 1);
  // A static from the same file, placed under a slot of the user's choosing.
  auto placed = shotWithReport(f + " --source " + (test::fixturesDir() / "foreign_map.wmp").string() +
                                   " --panel Merge --input 'click @S all  (1 mesh, 10 faces); click @Place under slot; click @Merge'",
                               "foreign-merge-static");
  const ViewState s = stateOf(placed.report);
  EXPECT_EQ(s.edit, 1u);
  EXPECT_EQ(s.statics, start.statics + 1);
}

// Property fields drawn from the field tables: a drag is one undo step, committed on release.
TEST(Screenshot, DraggingAFieldIsOneUndoStep) {
  REQUIRE_EDITOR();
  const std::string f = (test::fixturesDir() / "sample.wad").string() + " --select movable:427";
  const ViewState speed = stateOf(shotWithReport(f + " --panel Animation --input 'drag left @Speed 60,0'", "drag-speed").report);
  EXPECT_EQ(speed.edit, 1u);
  EXPECT_EQ(speed.edits, 1u);
  EXPECT_EQ(speed.lastEdit, "movable 427 animation 0: set speed");
  const ViewState intensity =
      stateOf(shotWithReport(f + " --faces 3:0,3:1 --panel Mesh --input 'drag left @Shine intensity 50,0'", "drag-intensity").report);
  EXPECT_EQ(intensity.edits, 1u);
  EXPECT_EQ(intensity.lastEdit, "movable 427: set shine intensity of 2 faces");
  const ViewState dispatch =
      stateOf(shotWithReport(f + " --panel \"State changes\" --input 'drag left @##in 40,0'", "drag-dispatch").report);
  EXPECT_EQ(dispatch.edits, 1u);
  EXPECT_EQ(dispatch.lastEdit, "movable 427 animation 0 state change 0 dispatch 0: set in");
}

// The command editor follows the command-type table: a flipeffect's foot is one choice (radio
// buttons), a sound's land and water are independent. Saved with Ctrl+S and read back.
TEST(Screenshot, CommandFlagsFollowTheirType) {
  REQUIRE_EDITOR();
  const auto dir = test::scratchDir().parent_path() / "CommandFlags.files";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  std::filesystem::copy_file(test::fixturesDir() / "sample.wad", dir / "sample.wad");
  const std::string f = (dir / "sample.wad").string() + " --select movable:427 --panel Commands";
  const ViewState feet = stateOf(shotWithReport(f + " --input 'click @##newtype; click @flipeffect; click @Add command; "
                                                    "click @left; click @right; key ctrl+s'",
                                                "command-flags")
                                     .report);
  EXPECT_EQ(feet.edits, 3u);
  EXPECT_EQ(feet.lastEdit, "movable 427 animation 0: set command 0 (flipeffect)");
  EXPECT_FALSE(feet.unsaved);
  auto saved = loadDocument(dir / "sample.wad");
  ObjectView v(objectsOf(saved));
  auto list = v.commands(0);
  ASSERT_EQ(list.commands.size(), 1u);
  EXPECT_EQ(list.commands[0].code, 6);
  EXPECT_EQ(static_cast<std::uint16_t>(list.commands[0].operands[1]) & 0xC000, 0x8000) << "the right foot only";

  const std::string fixture = (test::fixturesDir() / "sample.wad").string() + " --select movable:427 --panel Commands";
  const ViewState sound =
      stateOf(shotWithReport(fixture + " --input 'click @Add command; click @land; click @water'", "command-sound").report);
  EXPECT_EQ(sound.edits, 3u);
  EXPECT_EQ(sound.lastEdit, "movable 427 animation 0: set command 0 (sound)");
}

// A refused edit shows the reader's message in a modal (and the report), changes nothing, and
// OK dismisses it. The synthetic level's movable has a mesh lit by shades.
TEST(Screenshot, RefusedEditsShowTheirMessageInAModal) {
  REQUIRE_EDITOR();
  const std::string f = (test::fixturesDir() / "synthetic.tr4").string() + " --panel Mesh";
  auto refused = shotWithReport(f + " --input 'click @Recompute normals'", "refused");
  EXPECT_NE(refused.report.find("\nerror: movable 427: mesh entry 1 uses shades"), std::string::npos) << refused.report;
  EXPECT_EQ(stateOf(refused.report).edits, 0u);
  auto dismissed = shotWithReport(f + " --input 'click @Recompute normals; click @OK'", "refused-ok");
  EXPECT_EQ(dismissed.report.find("\nerror:"), std::string::npos) << dismissed.report;
  EXPECT_GT(differing(refused.img, dismissed.img, viewportOf(refused.img)), 500) << "the modal covers the viewport until OK";
  const ViewState fixed = stateOf(shotWithReport(f + " --input 'click @Convert to normals; click @Recompute normals'", "refused-fixed").report);
  EXPECT_EQ(fixed.edit, 2u);
  EXPECT_EQ(fixed.lastEdit, "recompute normals of movable 427");
}

// Files: Ctrl+O opens the built-in browser; opening another file with unsaved changes asks
// first, and Cancel, Discard and Save each do what they say.
TEST(Screenshot, OpeningAnotherFileAsksAboutUnsavedChanges) {
  REQUIRE_EDITOR();
  // Beside the scratch directory, which each screenshot empties.
  const auto dir = test::scratchDir().parent_path() / "OpeningAnotherFile.files";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  for (const char* name : {"sample.wad", "quirks.wad"}) std::filesystem::copy_file(test::fixturesDir() / name, dir / name);
  const auto original = readFileBytes(dir / "sample.wad");
  const std::string f = (dir / "sample.wad").string() + " --panel Mesh";
  const std::string ask = "click @Flip normals; key ctrl+o; click @quirks.wad; click @Open";
  auto run = [&](const std::string& script, const std::string& name) {
    return stateOf(shotWithReport(f + " --input '" + script + "'", name).report);
  };
  const ViewState asked = run(ask, "open-asks");
  EXPECT_EQ(asked.lastEdit, "flip normals of movable 427") << "nothing opened while the question is open";
  const ViewState cancelled = run(ask + "; click @Cancel", "open-cancel");
  EXPECT_TRUE(cancelled.unsaved);
  EXPECT_EQ(cancelled.movables, 1u);
  const ViewState discarded = run(ask + "; click @Discard", "open-discard");
  EXPECT_EQ(discarded.lastEdit, "open quirks.wad");
  EXPECT_EQ(discarded.movables, 4u);
  EXPECT_EQ(readFileBytes(dir / "sample.wad"), original) << "discarding leaves the file alone";
  const ViewState saved = run(ask + "; click @Save", "open-save");
  EXPECT_EQ(saved.lastEdit, "open quirks.wad");
  EXPECT_NE(readFileBytes(dir / "sample.wad"), original) << "Save wrote the flipped normals first";
}

// The object browser's rows select objects; a validation finding selects what it is about: the
// object, the animation, the face.
TEST(Screenshot, BrowserRowsAndFindingsSelectWhatTheyName) {
  REQUIRE_EDITOR();
  const std::string sample = (test::fixturesDir() / "sample.wad").string();
  EXPECT_EQ(stateOf(shotWithReport(sample, "select-start").report).selected, "movable 427 animation 0 frame 0");
  EXPECT_EQ(stateOf(shotWithReport(sample + " --input 'click @30'", "select-static").report).selected, "static 30 animation 0 frame 0");

  const std::string quirks = (test::fixturesDir() / "quirks.wad").string() + " --panel Validation";
  const ViewState animation = stateOf(
      shotWithReport(quirks + " --input 'click @movable 102 animation 1: next frame 0 is outside next animation 1 (frames 2-2)'", "select-finding")
          .report);
  EXPECT_EQ(animation.selected, "movable 102 animation 1 frame 0");

  // A finding on a face: shine on a face of the static lit by shades, made with `apply`.
  const auto dir = test::scratchDir().parent_path() / "BrowserRowsAndFindings.files";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  {
    std::ofstream script(dir / "shine.json");
    script << R"([{"op": "set_face", "static": 30, "mesh": 0, "faces": [1], "shine": true}])";
  }
  const auto shiny = dir / "shiny.wad";
  ASSERT_EQ(test::runWadsmith("apply " + sample + " " + (dir / "shine.json").string() + " -o " + shiny.string()).exit, 0);
  const auto found = test::runWadsmith("validate " + shiny.string());
  const auto at = found.out.find("mesh entry ");
  ASSERT_NE(at, std::string::npos) << found.out;
  const std::string finding = found.out.substr(at, found.out.find('\n', at) - at);
  const ViewState face =
      stateOf(shotWithReport(shiny.string() + " --panel Validation --input 'click @" + finding + "'", "select-face").report);
  EXPECT_EQ(face.selected, "static 30 animation 0 frame 0");
  EXPECT_EQ(face.faces, 1u);
}

TEST(Screenshot, ClickOnAMissingWidgetFailsNamingTheOnesThere) {
  REQUIRE_EDITOR();
  std::string cmd = xvfb() + test::wadsmithBinary() + " edit " + (test::fixturesDir() / "sample.wad").string() +
                    " --input \"click @No such button\" --screenshot " + (test::scratchDir() / "x.png").string() + " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  std::string out;
  char buf[4096];
  for (std::size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) out.append(buf, n);
  EXPECT_NE(pclose(p), 0);
  EXPECT_NE(out.find("no widget labelled \"No such button\""), std::string::npos) << out;
  EXPECT_NE(out.find("\"Undo\""), std::string::npos) << "the message lists what is on screen: " << out;
}

// `wadsmith FILE` (a WAD dropped on the program) opens the editor, as `wadsmith edit FILE` does.
TEST(Screenshot, AFileAloneOpensTheEditor) {
  REQUIRE_EDITOR();
  auto out = test::scratchDir() / "dropped.png";
  std::string cmd = xvfb() + test::wadsmithBinary() + " " + (test::fixturesDir() / "sample.wad").string() +
                    " --screenshot " + out.string() + " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  std::string report;
  char buf[4096];
  for (std::size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) report.append(buf, n);
  EXPECT_EQ(pclose(p), 0) << report;
  EXPECT_NE(report.find("last edit: open sample.wad"), std::string::npos) << report;
  auto img = png::decode(readFileBytes(out), out.string());
  EXPECT_GT(count(img, viewportOf(img), brick), 2000);
}

// A TR1 level opens in the editor, and its wolf merged into a WAD plays there as in the level.
TEST(Screenshot, Tr1LevelAndItsMergedWolf) {
  REQUIRE_EDITOR();
  const auto phd = test::corpusFile("trlevels/TEST1.PHD");
  WADSMITH_REQUIRE_CORPUS(phd);
  // Beside the test's scratch folder, which every shot empties.
  const auto wad = (test::scratchDir().parent_path() / "Tr1LevelAndItsMergedWolf.wad").string();
  ASSERT_EQ(test::runWadsmith("merge --into " + (test::fixturesDir() / "sample.wad").string() + " --from " + phd.string() +
                              " --movable WOLF --as 60 -o " + wad).exit, 0);
  auto a = shot(wad + " --select movable:60 --animation 1 --frame 0", "wolf0");
  auto b = shot(wad + " --select movable:60 --animation 1 --frame 6", "wolf6");
  EXPECT_GT(differing(a, b, viewportOf(a)), 500);
  std::set<std::uint32_t> colours;
  const Region vp = viewportOf(a);
  for (int y = vp.y0; y < vp.y1; y += 3)
    for (int x = vp.x0; x < vp.x1; x += 3) {
      const std::uint8_t* p = &a.rgba[(std::size_t(y) * a.width + x) * 4];
      colours.insert(p[0] << 16 | p[1] << 8 | p[2]);
    }
  EXPECT_GT(colours.size(), 100u) << "the wolf is textured";
  auto played = shotWithReport(wad + " --select movable:60 --animation 1 --play --frames 20", "wolfplay");
  EXPECT_NE(played.report.find("animation 1"), std::string::npos) << played.report;
  // The level itself shows the same wolf at the same frame.
  auto level = shot(phd.string() + " --select movable:7 --animation 1 --frame 6", "wolflevel");
  EXPECT_LT(differing(level, b, viewportOf(b)), differing(a, b, viewportOf(b)));
}

// Crash recovery end to end: an editor edits through its real input path (recompute normals,
// a merge from a second WAD, again, undo) and is killed with SIGKILL; the next start offers the
// unsaved work, restores it (the same history) and saves the bytes the CLI makes from the same
// edits; a clean exit leaves no journal.
TEST(Screenshot, AKilledEditorsUnsavedWorkIsRestored) {
  REQUIRE_EDITOR();
  auto dir = test::scratchDir();
  const auto config = dir / "config", journals = config / "wadsmith" / "recovery";
  const auto file = dir / "sample.wad";
  saveDocument(loadDocument(test::fixturesDir() / "sample.wad"), file);
  const std::string quirks = (test::fixturesDir() / "quirks.wad").string();
  const std::string first = xvfb(config) + test::wadsmithBinary() + " edit " + file.string() + " --select movable:427 --source " +
                            quirks + " --panel Merge --panel History --input 'key n; click @M 101  MOVABLE_101; click @Merge; " +
                            "key n; click @Undo' --frames 1000000 --screenshot " + (dir / "first.png").string() + " >" +
                            (dir / "first.log").string() + " 2>&1";
  pid_t shell = ::fork();
  ASSERT_GE(shell, 0);
  if (shell == 0) {
    ::execl("/bin/sh", "sh", "-c", first.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  // Once the journal holds the four steps, kill the editor itself (its pid names the folder).
  unsigned long editor = 0;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(300);
  while (!editor && std::chrono::steady_clock::now() < deadline) {
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator(journals, ec)) {
      std::vector<nlohmann::json> lines;
      try {
        lines = session::recovery::readJournal(e.path() / "journal");
      } catch (const std::exception&) {
      }
      if (lines.size() == 5) editor = lines[0].at("pid").get<unsigned long>();
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  ASSERT_NE(editor, 0u) << "the editor never journaled its four steps: " << readFileBytes(dir / "first.log").size();
  ASSERT_EQ(::kill(static_cast<pid_t>(editor), SIGKILL), 0);
  int status = 0;
  ::waitpid(shell, &status, 0);

  // The next start offers the work; Restore, then Ctrl+S.
  std::string cmd = xvfb(config) + test::wadsmithBinary() + " edit " + file.string() + " --panel History --input 'click @Restore; key ctrl+s'" +
                    " --screenshot " + (dir / "second.png").string() + " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  std::string report;
  char buf[4096];
  for (std::size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) report.append(buf, n);
  ASSERT_EQ(pclose(p), 0) << report;
  const ViewState restored = stateOf(report);
  EXPECT_EQ(restored.edit, 2u) << report;
  EXPECT_EQ(restored.edits, 3u) << "the undone step is there to redo";
  EXPECT_FALSE(restored.unsaved);
  EXPECT_EQ(restored.lastEdit, "merge 1 object from quirks.wad");
  EXPECT_EQ(restored.movables, objectsOf(loadDocument(test::fixturesDir() / "sample.wad")).movables->size() + 1);
  std::error_code ec;
  EXPECT_TRUE(std::filesystem::is_empty(journals, ec)) << "a save and a clean exit leave no journal";

  // The same edits through the CLI: recompute the normals, merge the movable.
  const auto oracle = dir / "oracle";
  std::filesystem::create_directories(oracle);
  std::string script = R"([{"op": "recompute_normals", "movable": 427}])";
  writeFileAtomic(oracle / "normals.json", std::vector<std::uint8_t>(script.begin(), script.end()));
  ASSERT_EQ(test::runWadsmith("apply " + (test::fixturesDir() / "sample.wad").string() + " " + (oracle / "normals.json").string() +
                              " -o " + (oracle / "a.wad").string()).exit, 0);
  auto merged = test::runWadsmith("merge --into " + (oracle / "a.wad").string() + " --from " + quirks + " --movable 101 -o " +
                                  (oracle / "b.wad").string());
  ASSERT_EQ(merged.exit, 0) << merged.out;
  EXPECT_EQ(test::firstDifference(readFileBytes(file), readFileBytes(oracle / "b.wad")), -1) << "the saved WAD";
  EXPECT_EQ(readFileBytes(dir / "sample.was"), readFileBytes(oracle / "b.was")) << "the saved .WAS";
}

TEST(Screenshot, UnknownSelectionFails) {
  REQUIRE_EDITOR();
  std::string cmd = xvfb() + test::wadsmithBinary() + " edit " + (test::fixturesDir() / "sample.wad").string() + " --select movable:999 --screenshot " +
                    (test::scratchDir() / "x.png").string() + " >/dev/null 2>&1";
  EXPECT_NE(std::system(cmd.c_str()), 0);
}

// sample.wad's movable 427 has animations 0 and 1: --animation 2 once crashed the first frame,
// with the movable named or selected by default. Now the run fails and says why.
TEST(Screenshot, AnimationPastTheLastFailsNamingTheCount) {
  REQUIRE_EDITOR();
  for (const std::string select : {" --select movable:427", ""}) {
    std::string cmd = xvfb() + test::wadsmithBinary() + " edit " + (test::fixturesDir() / "sample.wad").string() + select +
                      " --animation 2 --screenshot " + (test::scratchDir() / "x.png").string() + " 2>&1";
    FILE* p = popen(cmd.c_str(), "r");
    std::string out;
    char buf[4096];
    for (std::size_t n; (n = fread(buf, 1, sizeof buf, p)) > 0;) out.append(buf, n);
    const int status = pclose(p);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 1) << select << ": " << out;
    EXPECT_NE(out.find("--animation 2: movable 427 has 2 animations"), std::string::npos) << select << ": " << out;
  }
}

}  // namespace
}  // namespace wadsmith
