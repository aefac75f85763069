// The undo history: O(1) moves between immutable versions, redo dropped by a new edit.
#include <gtest/gtest.h>

#include "undo/history.h"

namespace wadsmith {
namespace {

TEST(History, UndoRedoMoveThroughVersions) {
  History<int> h(0);
  h.push(1, "one");
  h.push(2, "two");
  EXPECT_EQ(h.current(), 2);
  EXPECT_TRUE(h.undo());
  EXPECT_EQ(h.current(), 1);
  EXPECT_TRUE(h.undo());
  EXPECT_EQ(h.current(), 0);
  EXPECT_FALSE(h.undo());
  EXPECT_TRUE(h.redo());
  EXPECT_EQ(h.current(), 1);
  EXPECT_EQ(h.label(h.position()), "one");
}

TEST(History, ANewEditClearsRedo) {
  History<int> h(0);
  h.push(1, "one");
  h.push(2, "two");
  h.undo();
  h.push(3, "three");
  EXPECT_FALSE(h.canRedo());
  EXPECT_EQ(h.size(), 3u);
  h.undo();
  EXPECT_EQ(h.current(), 1);
}

TEST(History, DirtyFollowsTheSavedStep) {
  History<int> h(0);
  EXPECT_FALSE(h.dirty());
  h.push(1, "one");
  EXPECT_TRUE(h.dirty());
  h.markSaved();
  EXPECT_FALSE(h.dirty());
  h.undo();
  EXPECT_TRUE(h.dirty());
  h.redo();
  EXPECT_FALSE(h.dirty());
  h.undo();
  h.push(5, "other");  // the saved step is gone from the history
  EXPECT_TRUE(h.dirty());
}

}  // namespace
}  // namespace wadsmith
