// Keyframe rotation and command decoding, checked on hand-made words.
#include <gtest/gtest.h>

#include "model/command.h"
#include "model/keyframe.h"

namespace wadsmith {
namespace {

TEST(Keyframe, DecodesThreeAxisAndSingleAxisRotations) {
  // Box, offset, then mesh 0: XYZ (x=256, y=512, z=128 of 1024), mesh 1: Y only 1024/4096,
  // mesh 2: Z only 2048/4096.
  std::uint32_t xyz = (256u << 20) | (512u << 10) | 128u;
  std::vector<std::uint16_t> w = {0xFF9C, 100, 0xFE0C, 0, 0xFF9C, 100, 5, 0xFFF6, 7,
                                  static_cast<std::uint16_t>(xyz >> 16), static_cast<std::uint16_t>(xyz & 0xFFFF),
                                  0x8000 | 1024, 0xC000 | 2048, 0xBEEF};
  auto k = decodeKeyframe(w, 3);
  EXPECT_FALSE(k.truncated);
  EXPECT_EQ(k.box.minX, -100);
  EXPECT_EQ(k.box.minY, -500);
  EXPECT_EQ(k.offset.y, -10);
  ASSERT_EQ(k.rotations.size(), 3u);
  EXPECT_EQ(k.rotations[0].axes, Rotation::Axes::XYZ);
  EXPECT_FLOAT_EQ(k.rotations[0].x, 90.0f);
  EXPECT_FLOAT_EQ(k.rotations[0].y, 180.0f);
  EXPECT_FLOAT_EQ(k.rotations[0].z, 45.0f);
  EXPECT_EQ(k.rotations[1].axes, Rotation::Axes::Y);
  EXPECT_FLOAT_EQ(k.rotations[1].y, 90.0f);
  EXPECT_FLOAT_EQ(k.rotations[2].z, 180.0f);
}

TEST(Keyframe, EncodeIsTheInverseOfDecode) {
  for (auto axes : {Rotation::Axes::XYZ, Rotation::Axes::X, Rotation::Axes::Y, Rotation::Axes::Z}) {
    Rotation r;
    r.axes = axes;
    r.x = 33.75f, r.y = 270.0f, r.z = 11.25f;
    if (axes == Rotation::Axes::X) r.y = r.z = 0;
    if (axes == Rotation::Axes::Y) r.x = r.z = 0;
    if (axes == Rotation::Axes::Z) r.x = r.y = 0;
    auto words = encodeRotation(r);
    std::vector<std::uint16_t> frame(9, 0);
    frame.insert(frame.end(), words.begin(), words.end());
    auto k = decodeKeyframe(frame, 1);
    ASSERT_EQ(k.rotations.size(), 1u);
    EXPECT_EQ(k.rotations[0].axes, axes);
    EXPECT_NEAR(k.rotations[0].x, r.x, 0.36f);
    EXPECT_NEAR(k.rotations[0].y, r.y, 0.36f);
    EXPECT_NEAR(k.rotations[0].z, r.z, 0.36f);
  }
}

TEST(Keyframe, ShortWordsAreTruncatedNotRead) {
  std::vector<std::uint16_t> w = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0x0001};  // a 3-axis rotation missing its low word
  auto k = decodeKeyframe(w, 2);
  EXPECT_TRUE(k.truncated);
  EXPECT_TRUE(k.rotations.empty());
  EXPECT_TRUE(decodeKeyframe(std::vector<std::uint16_t>(4, 0), 1).truncated);
}

TEST(Commands, ParseEveryKnownCode) {
  std::vector<std::uint16_t> w = {1, 10, 0xFFEC, 3, 2, 5, 6, 3, 4, 5, 12, 0x4000 | 7, 6, 20, 0x8000 | 2};
  auto c = parseCommands(w, 6);
  EXPECT_TRUE(c.complete);
  ASSERT_EQ(c.commands.size(), 6u);
  EXPECT_EQ(c.commands[0].operands, (std::vector<std::int16_t>{10, -20, 3}));
  EXPECT_EQ(c.commands[1].code, 2);
  EXPECT_EQ(c.commands[2].code, 3);
  EXPECT_EQ(c.commands[3].code, 4);
  EXPECT_EQ(*soundId(c.commands[4]), 7);
  EXPECT_EQ(c.commands[4].operands[1] & 0x4000, 0x4000);
  EXPECT_EQ(c.wordsUsed, w.size());
  EXPECT_EQ(encodeCommands(c.commands), w);
}

TEST(Commands, StopAtUnknownCodesAndOverruns) {
  auto unknown = parseCommands(std::vector<std::uint16_t>{3, 0, 1, 2}, 2);
  EXPECT_FALSE(unknown.complete);
  EXPECT_EQ(unknown.commands.size(), 1u);
  EXPECT_NE(unknown.problem.find("unknown code 0"), std::string::npos);
  auto overrun = parseCommands(std::vector<std::uint16_t>{5, 1}, 1);
  EXPECT_FALSE(overrun.complete);
  EXPECT_TRUE(overrun.commands.empty());
  auto short_ = parseCommands(std::vector<std::uint16_t>{4}, 2);
  EXPECT_FALSE(short_.complete);
  EXPECT_EQ(short_.commands.size(), 1u);
}

}  // namespace
}  // namespace wadsmith
