// See before you bring: the Merge panel's highlighted source object, made by the merge's own use
// case into a WAD of its own, with the slot it takes and what it would replace; nothing merged.
#include <gtest/gtest.h>

#include "editor/session/session.h"
#include "tests/support/test_support.h"

namespace wadsmith::session {
namespace {

TEST(MergePreview, HighlightingMakesTheObjectAloneWithoutMerging) {
  Session s;
  s.open(test::fixturesDir() / "sample.wad");
  s.openSource(test::fixturesDir() / "quirks.wad");
  EXPECT_EQ(s.mergePreview(), nullptr) << "nothing highlighted";
  const auto& listed = s.sourceListing().movables;
  ASSERT_FALSE(listed.empty());
  const ObjectRef pick = movableRef(*listed.front().slot);
  s.panels.merge.highlighted = pick;
  const MergePreview* p = s.mergePreview();
  ASSERT_TRUE(p);
  EXPECT_EQ(p->error, "");
  EXPECT_EQ(p->name, listed.front().name);
  EXPECT_EQ(p->file, "quirks.wad");
  EXPECT_EQ(p->object, pick) << "a WAD's object keeps its slot";
  const auto& t = objectsOf(p->doc);
  EXPECT_EQ(t.movables->size(), 1u);
  EXPECT_EQ(t.statics->size(), 0u);
  ASSERT_TRUE(p->view);
  ASSERT_TRUE(p->view->findMovable(pick.slot));
  EXPECT_FALSE(p->view->movableMeshes(*p->view->findMovable(pick.slot)).empty());
  ASSERT_EQ(p->lines.size(), 2u);
  EXPECT_NE(p->lines[0].find("slot " + std::to_string(pick.slot)), std::string::npos) << p->lines[0];
  EXPECT_NE(p->lines[1].find(std::to_string(listed.front().meshes) + (listed.front().meshes == 1 ? " mesh," : " meshes,")),
            std::string::npos)
      << p->lines[1];
  EXPECT_EQ(s.history().size(), 1u) << "a preview merges nothing";
  EXPECT_EQ(s.mergePreview(), p) << "made once per highlighted object";
}

// The slot line says what the panel's choice does with an object the destination has there.
TEST(MergePreview, SaysWhatAnOccupiedSlotLoses) {
  Session s;
  s.open(test::fixturesDir() / "sample.wad");
  s.openSource(test::fixturesDir() / "sample.wad");
  const ObjectRef pick = movableRef(427);
  s.panels.merge.highlighted = pick;
  ASSERT_TRUE(s.mergePreview());
  EXPECT_NE(s.mergePreview()->lines.at(0).find("the merge refuses it"), std::string::npos) << s.mergePreview()->lines[0];
  s.panels.merge.mode = MergeMode::Replace;
  EXPECT_EQ(s.mergePreview()->lines.at(0).rfind("replaces ", 0), 0u) << s.mergePreview()->lines[0];
  s.panels.merge.mode = MergeMode::PlaceUnder;
  s.panels.merge.asSlot = 9000;
  EXPECT_EQ(s.mergePreview()->object, movableRef(9000));
  EXPECT_NE(s.mergePreview()->lines.at(0).find("free in the destination"), std::string::npos) << s.mergePreview()->lines[0];
  s.panels.merge.asSlot = -1;
  EXPECT_NE(s.mergePreview()->error, "") << "options the merge refuses are the preview's error";
}

// Another engine's model has no slot: the preview takes the first free one, as the merge would.
TEST(MergePreview, AModelWithoutASlotTakesTheFirstFreeOne) {
  Session s;
  s.open(test::fixturesDir() / "sample.wad");
  s.openSource(test::fixturesDir() / "foreign_bones.mdl");
  ASSERT_FALSE(s.sourceListing().movables.empty());
  s.panels.merge.highlighted = movableRef(0);
  const MergePreview* p = s.mergePreview();
  ASSERT_TRUE(p);
  EXPECT_EQ(p->error, "");
  ASSERT_TRUE(p->view);
  EXPECT_TRUE(p->view->findMovable(p->object.slot));
  EXPECT_NE(p->lines.at(0).find("free in the destination"), std::string::npos) << p->lines[0];
  EXPECT_EQ(s.history().size(), 1u);
}

}  // namespace
}  // namespace wadsmith::session
