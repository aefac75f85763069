#include "io/byte_rope.h"

#include <gtest/gtest.h>

namespace wadsmith {
namespace {

// The file's bytes: two equal halves, so a slice of one half laid at the other half's place has
// the right content at another address.
SharedBytes file(std::vector<std::uint8_t> bytes) { return SharedBytes(std::move(bytes)); }

TEST(ByteRope, APieceThatIsTheFilesOwnBytesAtTheirPlaceIsEqual) {
  const auto f = file({1, 2, 3, 1, 2, 3});
  ByteRope rope;
  rope.append(f.slice(0, 3));
  rope.append(f.slice(3, 3));
  EXPECT_EQ(rope.firstDifference(f), -1);
}

TEST(ByteRope, APieceFromElsewhereInTheFileIsComparedByContent) {
  const auto same = file({1, 2, 3, 1, 2, 3});
  const auto other = file({1, 2, 3, 1, 2, 4});
  ByteRope rope;
  rope.append(same.slice(0, 3));
  rope.append(same.slice(0, 3));  // the first half again, at the second half's place
  EXPECT_EQ(rope.firstDifference(same), -1);
  ByteRope intoOther;
  intoOther.append(other.slice(0, 3));
  intoOther.append(other.slice(0, 3));
  EXPECT_EQ(intoOther.firstDifference(other), 5);
}

TEST(ByteRope, WrittenBytesAndLengthsAreCompared) {
  const auto f = file({7, 8, 9});
  ByteRope rope;
  rope.append(f.slice(0, 2));
  rope.writer().u8(0);
  EXPECT_EQ(rope.firstDifference(f), 2);
  ByteRope shorter;
  shorter.append(f.slice(0, 2));
  EXPECT_EQ(shorter.firstDifference(f), 2);
  ByteRope longer;
  longer.append(f);
  longer.writer().u8(1);
  EXPECT_EQ(longer.firstDifference(f), 3);
}

}  // namespace
}  // namespace wadsmith
