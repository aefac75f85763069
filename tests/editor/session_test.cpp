// The editor's state without a window: an edit through the same code path a button uses,
// undo, save: identical bytes.
#include <gtest/gtest.h>

#include <cmath>

#include "editor/session/actions.h"
#include "io/document_io.h"
#include "io/file_io.h"
#include "editor/view/geometry.h"
#include "io/level_codec.h"
#include "model/catalog.h"
#include "model/ops/animation_ops.h"
#include "tests/support/test_support.h"

namespace wadsmith::session {
namespace {

TEST(Session, EditUndoSaveGivesTheOriginalBytes) {
  auto dir = test::scratchDir();
  auto path = dir / "sample.wad";
  std::filesystem::copy_file(test::fixturesDir() / "sample.wad", path);
  Session s;
  s.open(path);
  ASSERT_TRUE(s.selection.object);
  EXPECT_EQ(s.selection.object->slot, 427u);
  // What the "Shine" checkbox does with three faces selected.
  s.selection.faces = {{3, 0}, {3, 1}, {0, 2}};
  actions::setField(s, "set_face", "shine", 1);
  EXPECT_TRUE(s.dirty());
  EXPECT_EQ(s.history().size(), 2u);
  const Mesh& gem = *s.view().movableMeshes(0)[3].mesh;
  EXPECT_TRUE(gem.polygons[0].attributes & attr::kShine);
  s.saveAs(dir / "edited.wad");
  EXPECT_NE(readFileBytes(dir / "edited.wad"), readFileBytes(path));
  EXPECT_TRUE(s.undo());
  s.saveAs(dir / "undone.wad");
  EXPECT_EQ(readFileBytes(dir / "undone.wad"), readFileBytes(path));
  EXPECT_TRUE(s.redo());
  EXPECT_TRUE(s.dirty());
  EXPECT_FALSE(s.redo()) << "nothing more to redo";
}

TEST(Session, MovingAnObjectToItsOwnSlotIsNoStep) {
  Session s;
  s.open(test::fixturesDir() / "sample.wad");
  actions::setSelectedSlot(s, 427);
  EXPECT_EQ(s.history().size(), 1u);
  EXPECT_FALSE(s.dirty());
  actions::setSelectedSlot(s, 428);
  EXPECT_EQ(s.history().size(), 2u);
  EXPECT_EQ(s.selection.object->slot, 428u) << "the selection follows the object";
}

// A panel reads the view, then a button in its middle edits: what it read must stay readable
// for the rest of the frame (the State changes panel read freed memory before, seen by ASan).
TEST(Session, ViewsReadBeforeAnEditStayValidUntilSettled) {
  Session s;
  s.open(test::fixturesDir() / "sample.wad");
  const ObjectView& before = s.view();
  const auto animations = before.tables().animations;
  const std::size_t stateChanges = before.tables().stateChanges->size();
  s.run({"add_state_change", {{"movable", 427}, {"animation", 0}, {"state", 0}}});
  const ObjectView& after = s.view();
  ASSERT_NE(&after, &before);
  EXPECT_EQ(after.tables().stateChanges->size(), stateChanges + 1);
  EXPECT_EQ(before.tables().stateChanges->size(), stateChanges) << "the old view still reads the old version";
  EXPECT_EQ(before.tables().animations, animations);
  s.settle();
  EXPECT_EQ(&s.view(), &after) << "settling keeps the current view";
}

TEST(Session, FailedEditsChangeNothing) {
  Session s;
  s.open(test::fixturesDir() / "sample.wad");
  auto before = s.history().size();
  s.selection.faces = {{9, 0}};  // no mesh 9
  EXPECT_THROW(actions::setField(s, "set_face", "shine", 1), ops::EditError);
  EXPECT_EQ(s.history().size(), before);
  EXPECT_FALSE(s.dirty());
}

TEST(Session, FacesUsingTheSameTexture) {
  Session s;
  s.open(test::fixturesDir() / "sample.wad");
  actions::selectFacesWithTexture(s, {0, 0});  // the pedestal's brick
  // The 6 pedestal faces use the brick sample; the column is metal.
  EXPECT_EQ(s.selection.faces.size(), 6u);
  for (const auto& f : s.selection.faces) EXPECT_EQ(f.mesh, 0u);
}

TEST(Session, MergeIsOneUndoStepAndDetectsDiskChanges) {
  auto dir = test::scratchDir();
  auto path = dir / "quirks.wad";
  std::filesystem::copy_file(test::fixturesDir() / "quirks.wad", path);
  Session s;
  s.open(path);
  s.openSource(test::fixturesDir() / "sample.wad");
  usecases::BringIn req;
  req.all = true;
  auto merged = s.bringIn(req);
  EXPECT_EQ(merged.report.merged.size(), 2u);
  EXPECT_EQ(s.history().size(), 2u);
  EXPECT_TRUE(s.view().findMovable(427));
  s.undo();
  EXPECT_FALSE(s.view().findMovable(427));
  EXPECT_FALSE(s.changedOnDisk());
  // Another tool rewrites the file.
  auto bytes = readFileBytes(path);
  std::filesystem::last_write_time(path, std::filesystem::last_write_time(path) + std::chrono::seconds(5));
  EXPECT_TRUE(s.changedOnDisk());
  s.reload();
  EXPECT_FALSE(s.changedOnDisk());
  EXPECT_FALSE(s.dirty());
}

TEST(Session, ReaderErrorsLeaveTheSessionAsItWas) {
  auto dir = test::scratchDir();
  auto bad = dir / "bad.wad";
  writeFileAtomic(bad, std::vector<std::uint8_t>{0x81, 0, 0, 0, 1});
  Session s;
  s.open(test::fixturesDir() / "sample.wad");
  EXPECT_THROW(s.open(bad), std::exception);
  EXPECT_EQ(s.path().filename(), "sample.wad");
  EXPECT_TRUE(s.view().findMovable(427));
}

// The panels' state belongs to the open file: another file starts it afresh, and another merge
// source drops the picks and the report made for the previous one.
TEST(Session, OpeningAnotherFileResetsThePanels) {
  Session s;
  s.open(test::fixturesDir() / "sample.wad");
  s.openSource(test::fixturesDir() / "quirks.wad");
  auto& p = s.panels;
  p.objectFilter = "arm";
  p.merge.picked = {movableRef(101)};
  p.merge.mode = MergeMode::Replace;
  p.merge.asSlot = 12;
  p.merge.withRelated = true;
  p.merge.notes = {"a note"};
  p.merge.report = merge::Report{};
  p.mesh.light = {1, 0, 0, 0.9};
  p.mesh.slotFieldFor = movableRef(427);
  p.mesh.slotField = 500;
  p.mesh.texturePage = 3;
  p.newCommandType = static_cast<std::uint16_t>(CommandCode::Kill);
  p.viewport = {true, true, 10, 20};
  p.field = {42, 2.5};
  s.open(test::fixturesDir() / "quirks.wad");
  const PanelState fresh;
  EXPECT_EQ(p.objectFilter, "");
  EXPECT_TRUE(p.merge.picked.empty());
  EXPECT_EQ(p.merge.mode, MergeMode::Refuse);
  EXPECT_EQ(p.merge.asSlot, 0);
  EXPECT_FALSE(p.merge.withRelated);
  EXPECT_FALSE(p.merge.report);
  EXPECT_TRUE(p.merge.notes.empty());
  EXPECT_EQ(p.mesh.light.x, fresh.mesh.light.x);
  EXPECT_EQ(p.mesh.light.ambient, fresh.mesh.light.ambient);
  EXPECT_FALSE(p.mesh.slotFieldFor);
  EXPECT_EQ(p.mesh.slotField, 0);
  EXPECT_EQ(p.mesh.texturePage, 0);
  EXPECT_EQ(p.newCommandType, fresh.newCommandType);
  EXPECT_FALSE(p.viewport.boxing);
  EXPECT_FALSE(p.viewport.leftPressHere);
  EXPECT_EQ(p.field.id, 0u);

  p.objectFilter = "kept";
  p.merge.picked = {movableRef(427)};
  p.merge.report = merge::Report{};
  s.openSource(test::fixturesDir() / "sample.wad");
  EXPECT_TRUE(p.merge.picked.empty());
  EXPECT_FALSE(p.merge.report);
  EXPECT_EQ(p.objectFilter, "kept") << "a new source concerns the merge panel only";
}

// Pages decoded for display: 24-bit WAD pages with magenta transparent, decoded once and
// reused by every version that keeps the page.
TEST(Session, TexturePagesDecodeOnceWithMagentaTransparent) {
  Session s;
  s.open(test::fixturesDir() / "sample.wad");
  const WadDocument w = std::get<WadDocument>(s.document());  // a copy: the history's storage moves
  ASSERT_EQ(w.pixels->pages.size(), 1u);
  const PageImages pages = s.pageImages();
  ASSERT_EQ(pages.size(), 1u);
  ASSERT_EQ(pages[0]->size(), 256u * 256 * 4);
  auto rgba = [&](const PageImages& p, int x, int y) { return &(*p[0])[(std::size_t(y) * 256 + x) * 4]; };
  // The glass lens at (224, 0): magenta outside its circle, glass inside.
  const std::uint8_t* corner = rgba(pages, 224, 0);
  EXPECT_EQ(std::vector<int>(corner, corner + 4), (std::vector<int>{255, 0, 255, 0}));
  const std::uint8_t* glass = rgba(pages, 240, 16);
  const std::uint8_t* rgb = w.pixels->pixel(0, 240, 16);
  EXPECT_EQ(std::vector<int>(glass, glass + 4), (std::vector<int>{rgb[0], rgb[1], rgb[2], 255}));
  const std::uint8_t* brick = rgba(pages, 5, 5);
  rgb = w.pixels->pixel(0, 5, 5);
  EXPECT_EQ(std::vector<int>(brick, brick + 4), (std::vector<int>{rgb[0], rgb[1], rgb[2], 255}));

  // An edit that does not touch pixels, and its undo, reuse the decoded page.
  actions::run(s, "recompute_normals");
  EXPECT_EQ(s.pageImages()[0], pages[0]);
  s.undo();
  EXPECT_EQ(s.pageImages()[0], pages[0]);
  // A merge that adds pixels decodes what it adds and keeps what it did not touch.
  s.openSource(test::fixturesDir() / "quirks.wad");
  usecases::BringIn all;
  all.all = true;
  s.bringIn(all);
  const WadDocument merged = std::get<WadDocument>(s.document());
  const auto& after = s.pageImages();
  ASSERT_EQ(after.size(), merged.pixels->pages.size());
  for (std::size_t p = 0; p < after.size(); ++p)
    EXPECT_EQ(after[p] == pages[0], merged.pixels->pages[p] == w.pixels->pages[0]) << "page " << p;
}

TEST(Session, LevelTilesDecodeFromTheirChunk) {
  Session s;
  s.open(test::fixturesDir() / "synthetic.tr4");
  const auto& level = std::get<LevelDocument>(s.document());
  const auto bgra = chunkPayload(level.tiles32);
  const PageImages pages = s.pageImages();
  ASSERT_EQ(pages.size(), bgra.size() / (256 * 256 * 4));
  ASSERT_FALSE(pages.empty());
  for (std::size_t p = 0; p < pages.size(); ++p)
    for (std::size_t i = 0; i < 256 * 256; i += 97) {
      const std::uint8_t* in = &bgra[(p * 256 * 256 + i) * 4];
      const std::uint8_t* out = &(*pages[p])[i * 4];
      ASSERT_EQ(std::vector<int>(out, out + 4), (std::vector<int>{in[2], in[1], in[0], in[3]})) << "tile " << p << " texel " << i;
    }
  s.selection.faces = {{0, 0}};
  actions::setField(s, "set_face", "intensity", 3);
  EXPECT_EQ(s.pageImages(), pages) << "a face edit keeps the decoded tiles";
}

// TR2's 16-bit tiles show as the game draws them, and its coloured faces take their 16-bit
// palette colour from one more page (checked against the file's bytes).
TEST(Session, ClassicLevelPagesShowTilesAndColouredFaces) {
  const auto path = test::fixturesDir() / "synthetic.tr2";
  const auto bytes = readFileBytes(path);
  Session s;
  s.open(path);
  const auto& level = std::get<LevelDocument>(s.document());
  const PageImages pages = s.pageImages();
  ASSERT_EQ(pages.size(), 2u);  // the tile and the colour page
  const std::size_t tiles16 = 4 + 768 + 1024 + 4 + 65536;
  for (std::size_t i = 0; i < 256 * 256; i += 61) {
    const unsigned v = bytes[tiles16 + 2 * i] | (bytes[tiles16 + 2 * i + 1] << 8);
    auto five = [](unsigned c) { return static_cast<int>(std::lround(c * 255.0 / 31)); };
    const std::uint8_t* out = &(*pages[0])[i * 4];
    ASSERT_EQ(std::vector<int>(out, out + 4),
              (std::vector<int>{five((v >> 10) & 31), five((v >> 5) & 31), five(v & 31), (v & 0x8000) ? 255 : 0}))
        << "texel " << i;
  }
  const auto textures = view::documentTextures(s.document());
  const Mesh& mesh = *(*level.data->objects.meshes)[0].mesh;
  std::size_t coloured = 0;
  for (const auto& p : mesh.polygons) {
    if (!p.coloured) continue;
    ++coloured;
    const auto t = textures(p);
    ASSERT_EQ(t.page, 1);
    const std::size_t entry = 4 + 768 + 4 * std::size_t{static_cast<std::uint8_t>(p.texture >> 8)};
    for (int c = 0; c < p.corners(); ++c) {
      const std::uint8_t* out = &(*pages[1])[(static_cast<std::size_t>(t.uv[c].v) * 256 + static_cast<std::size_t>(t.uv[c].u)) * 4];
      EXPECT_EQ(std::vector<int>(out, out + 3), (std::vector<int>{bytes[entry], bytes[entry + 1], bytes[entry + 2]}));
    }
  }
  EXPECT_EQ(coloured, 2u);
}

// The editor's merge names objects taken from a level as `wadsmith merge` does: the same .WAS
// line (and the same file).
TEST(Session, MergeFromALevelWritesTheSameWasLineAsTheCli) {
  const auto level = test::corpusFile("tr4/TEST1.TR4");
  WADSMITH_REQUIRE_CORPUS(level);
  const auto dog = catalog::movableSlot("DOG");
  ASSERT_TRUE(dog);
  const auto dir = test::scratchDir();
  std::filesystem::copy_file(test::fixturesDir() / "sample.wad", dir / "sample.wad");
  std::filesystem::copy_file(test::fixturesDir() / "sample.was", dir / "sample.was");
  const auto cli = test::runWadsmith("merge --into " + (dir / "sample.wad").string() + " --from " + level.string() +
                                     " --movable DOG -o " + (dir / "cli.wad").string());
  ASSERT_EQ(cli.exit, 0) << cli.out;

  Session s;
  s.open(dir / "sample.wad");
  s.openSource(level);
  s.panels.merge.picked = {movableRef(*dog)};
  actions::mergePicked(s);
  s.saveAs(dir / "gui.wad");
  const auto was = readFileBytes(dir / "gui.was");
  EXPECT_EQ(was, readFileBytes(dir / "cli.was"));
  EXPECT_NE(std::string(was.begin(), was.end()).find(level.string()), std::string::npos) << "the line names the level";
  EXPECT_EQ(readFileBytes(dir / "gui.wad"), readFileBytes(dir / "cli.wad"));
  // The notes the CLI prints for this merge are the panel's.
  ASSERT_FALSE(s.panels.merge.notes.empty()) << cli.out;
  for (const auto& n : s.panels.merge.notes) EXPECT_NE(cli.out.find("note: " + n + "\n"), std::string::npos) << n;
}

}  // namespace
}  // namespace wadsmith::session
