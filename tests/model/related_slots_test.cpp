// Related slots: who needs whom (no files needed).
#include <gtest/gtest.h>

#include <algorithm>

#include "model/merge/related_slots.h"

namespace wadsmith {
namespace {


std::vector<std::uint32_t> related(std::uint32_t slot) {
  std::vector<std::uint32_t> out;
  for (const auto& r : merge::relatedSlots({ObjectKind::Movable, slot})) out.push_back(r.related.slot);
  std::sort(out.begin(), out.end());
  return out;
}

TEST(RelatedSlots, LaraSkinWeaponsSwapsAndMips) {
  EXPECT_EQ(related(0), (std::vector<std::uint32_t>{8, 9}));   // LARA: skin and joints
  EXPECT_EQ(related(8), (std::vector<std::uint32_t>{0, 9}));   // LARA_SKIN
  EXPECT_EQ(related(3), (std::vector<std::uint32_t>{0}));      // SHOTGUN_ANIM on Lara's skeleton
  EXPECT_EQ(related(17), (std::vector<std::uint32_t>{0}));     // a speech head swaps into Lara
  EXPECT_EQ(related(41), (std::vector<std::uint32_t>{42, 419}));  // BADDY_1: its MIP, MESHSWAP3
  EXPECT_EQ(related(36), (std::vector<std::uint32_t>{35}));    // SKELETON_MIP uses SKELETON's animations
  EXPECT_EQ(related(427), (std::vector<std::uint32_t>{428}));  // ANIMATING1 and ANIMATING1_MIP
  EXPECT_TRUE(related(322).empty());                            // a door stands alone
  EXPECT_TRUE(merge::relatedSlots({ObjectKind::Static, 0}).empty());
  EXPECT_EQ(merge::describe({ObjectKind::Movable, 8}), "movable 8 (LARA_SKIN)");
}

}  // namespace
}  // namespace wadsmith
