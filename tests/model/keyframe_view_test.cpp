// A WAD's keyframe segments view the file's bytes (no copy on reading, none on writing) when the
// words are aligned; an edit copies only the segment it changes and never writes to the file's
// bytes; unaligned words are copied, and both round-trip.
#include <bit>

#include <gtest/gtest.h>

#include "io/file_io.h"
#include "io/wad_codec.h"
#include "model/ops/keyframe_ops.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

bool inside(const std::uint16_t* p, const SharedBytes& file) {
  const auto* b = reinterpret_cast<const std::uint8_t*>(p);
  return b >= file.begin() && b < file.end();
}

// The keyframe segments that view `file` and the ones with words that do not.
std::pair<std::size_t, std::size_t> viewsAndCopies(const WadDocument& doc, const SharedBytes& file) {
  std::size_t views = 0, copies = 0;
  for (const auto& s : doc.objects.keyframes->segments) {
    if (s.empty()) continue;
    if (!s.items.built() && inside(s.items.data(), file)) ++views;
    else ++copies;
  }
  return {views, copies};
}

// The sample WAD at `shift` bytes past an aligned address.
SharedBytes sampleAt(std::size_t shift) {
  const auto bytes = readFileBytes(test::fixturesDir() / "sample.wad");
  std::vector<std::uint8_t> padded(shift, 0xEE);
  padded.insert(padded.end(), bytes.begin(), bytes.end());
  return SharedBytes(std::move(padded)).slice(shift, bytes.size());
}

std::size_t keyframePackageOffset(const SharedBytes& file) {
  for (const auto& s : wadSectionSpans(file))
    if (s.name == "keyframes") return s.begin + 4;  // past the count
  return 0;
}

TEST(KeyframeViews, AlignedWordsAreViewedAndAnEditCopiesOnlyItsSegment) {
  if constexpr (std::endian::native != std::endian::little) GTEST_SKIP() << "views are for little-endian hosts";
  SharedBytes file = sampleAt(0);
  if (keyframePackageOffset(file) % 2) file = sampleAt(1);  // put the words on an even address
  const std::vector<std::uint8_t> before = file.copy();
  const WadDocument doc = readWad(file, "sample.wad");
  const auto [views, copies] = viewsAndCopies(doc, file);
  ASSERT_GT(views, 0u);
  EXPECT_EQ(copies, 0u);

  const Document original = doc;
  const auto& lara = doc.objects.movables->front();
  ops::KeyframeChange c;
  c.offset[1] = 123;
  const Document edited = ops::setKeyframe(original, lara.objectId, 0, 0, c).doc;
  EXPECT_EQ(file.copy(), before) << "an edit wrote to the file's bytes";
  EXPECT_EQ(writeWad(std::get<WadDocument>(original)), before);
  const auto& after = std::get<WadDocument>(edited);
  EXPECT_NE(writeWad(after), before);
  const auto [viewsAfter, copiesAfter] = viewsAndCopies(after, file);
  EXPECT_EQ(copiesAfter, 1u) << "only the edited animation's segment is copied";
  EXPECT_EQ(viewsAfter, views - 1);
}

TEST(KeyframeViews, UnalignedWordsAreCopiedAndRoundTrip) {
  SharedBytes file = sampleAt(0);
  if (keyframePackageOffset(file) % 2 == 0) file = sampleAt(1);  // put the words on an odd address
  const WadDocument doc = readWad(file, "sample.wad");
  const auto [views, copies] = viewsAndCopies(doc, file);
  EXPECT_EQ(views, 0u);
  EXPECT_GT(copies, 0u);
  EXPECT_EQ(writeWad(doc), file.copy());
}

}  // namespace
}  // namespace wadsmith
