// A level opened as the destination of a merge in the editor: the bring-in use case places the
// objects (model/merge/level_merge.h), one undo step, and save writes the level.
#include <gtest/gtest.h>

#include "editor/session/actions.h"
#include "editor/session/session.h"
#include "model/object_view.h"
#include "io/document_io.h"
#include "io/file_io.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

using session::Session;

void mergeIsOneUndoStepAndSaves(const std::string& relative) {
  auto level = test::corpusFile(relative);
  auto wad = test::corpusFile("wad/karnak.WAD");
  WADSMITH_REQUIRE_CORPUS(level);
  WADSMITH_REQUIRE_CORPUS(wad);
  const auto dir = test::scratchDir();
  const auto path = dir / level.filename();
  std::filesystem::copy_file(level, path);
  Session s;
  s.open(path);
  s.openSource(wad);
  ASSERT_FALSE(s.view().findMovable(51));
  usecases::BringIn req;
  req.picks = {{ObjectKind::Movable, "CROCODILE", std::nullopt}};
  const auto merged = s.bringIn(req);
  ASSERT_TRUE(merged.level);
  EXPECT_EQ(merged.report.merged.size(), 1u);
  EXPECT_EQ(s.history().size(), 2u);
  EXPECT_TRUE(s.view().findMovable(51));
  s.save();
  const auto saved = loadDocument(path);
  ASSERT_TRUE(std::holds_alternative<LevelDocument>(saved));
  EXPECT_TRUE(ObjectView(std::get<LevelDocument>(saved).data->objects).findMovable(51));
  s.undo();
  EXPECT_FALSE(s.view().findMovable(51));
  EXPECT_TRUE(s.dirty());
}

TEST(LevelMergeSession, MergeIntoALevelIsOneUndoStepAndSaves) { mergeIsOneUndoStepAndSaves("tr4/TEST1.TR4"); }
// TR1-3 levels take the same path (model/merge/level_merge_classic.cpp).
TEST(LevelMergeSession, MergeIntoATr1Level) { mergeIsOneUndoStepAndSaves("trlevels/TEST1.PHD"); }
TEST(LevelMergeSession, MergeIntoATr3Level) { mergeIsOneUndoStepAndSaves("trlevels/tr3_TEST1.TR2"); }
// TR5 levels take TR4's path (their sounds stay as they were: level_merge.h).
TEST(LevelMergeSession, MergeIntoATr5Level) { mergeIsOneUndoStepAndSaves("trlevels/TEST1.TRC"); }

// The Merge panel keeps the destination's sounds by default: a level of MS-ADPCM samples
// (TEST1.TRC) takes no PCM ones, so its sounds stay as they were and the objects come in.
TEST(LevelMergeSession, ThePanelsDefaultLeavesATr5LevelsSoundsAsTheyWere) {
  auto level = test::corpusFile("trlevels/TEST1.TRC");
  auto wad = test::corpusFile("wad/karnak.WAD");
  WADSMITH_REQUIRE_CORPUS(level);
  WADSMITH_REQUIRE_CORPUS(wad);
  Session s;
  s.open(level);
  s.openSource(wad);
  ASSERT_EQ(s.panels.merge.sounds, merge::SoundMode::Keep);
  s.panels.merge.picked = {ObjectRef{ObjectKind::Movable, 51}};  // CROCODILE
  session::actions::mergePicked(s);
  const auto& after = std::get<LevelDocument>(s.document());
  EXPECT_TRUE(s.view().findMovable(51));
  EXPECT_EQ(after.samples->size(), std::get<LevelDocument>(loadDocument(level)).samples->size());
}

// The Merge panel's sprite sequences, ticked alone, come into a level as one undo step.
TEST(LevelMergeSession, SpriteSequencesFromThePanelAreOneUndoStep) {
  auto level = test::corpusFile("tr4/title_ng.tr4");
  auto wad = test::corpusFile("wad/tut1.WAD");
  WADSMITH_REQUIRE_CORPUS(level);
  WADSMITH_REQUIRE_CORPUS(wad);
  Session s;
  s.open(level);
  s.openSource(wad);
  const auto sequences = [&] { return *std::get<LevelDocument>(s.document()).data->spriteSequences; };
  const auto before = sequences();
  s.panels.merge.sprites = {460, 463};  // SKY_GRAPHICS, DEFAULT_SPRITES
  s.panels.merge.mode = session::MergeMode::Replace;
  session::actions::mergePicked(s);
  EXPECT_EQ(s.history().size(), 2u);
  ASSERT_EQ(sequences().size(), before.size() + 1);
  EXPECT_EQ(sequences()[0].spriteId, 460);
  EXPECT_EQ(s.panels.merge.report->spriteReport.merged.size(), 2u);
  s.undo();
  EXPECT_EQ(sequences(), before);
}

}  // namespace
}  // namespace wadsmith
