// Compressed chunks cost what they hold, not what they claim: declared sizes are bounded, and a
// stream that inflates past its declared size (a zlib bomb) is stopped there.
#include <gtest/gtest.h>
#include <zlib.h>

#include "io/parse_error.h"
#include "io/zlib_chunk.h"
#include "tests/support/test_support.h"

namespace wadsmith {
namespace {

// `megabytes` MiB of zeros, deflated.
std::vector<std::uint8_t> zeros(std::size_t megabytes) {
  z_stream s{};
  deflateInit(&s, 1);  // fast; zeros shrink ~1000:1 anyway
  std::vector<std::uint8_t> in(1 << 20, 0), out;
  std::vector<std::uint8_t> buf(1 << 16);
  for (std::size_t i = 0; i < megabytes; ++i) {
    s.next_in = in.data();
    s.avail_in = static_cast<uInt>(in.size());
    const int flush = i + 1 == megabytes ? Z_FINISH : Z_NO_FLUSH;
    do {
      s.next_out = buf.data();
      s.avail_out = static_cast<uInt>(buf.size());
      deflate(&s, flush);
      out.insert(out.end(), buf.begin(), buf.end() - s.avail_out);
    } while (s.avail_out == 0);
  }
  deflateEnd(&s);
  return out;
}

TEST(ZlibChunk, ABombStopsAtItsDeclaredSize) {
  const auto bomb = zeros(200);  // 200 MiB of zeros in well under 1 MiB
  const long before = test::peakKilobytes();
  try {
    inflateChunk(bomb, 16u << 20, "bomb.tr4", "level data chunk", 1234);
    FAIL() << "a stream longer than declared inflated";
  } catch (const ParseError& e) {
    EXPECT_EQ(e.file(), "bomb.tr4");
    EXPECT_EQ(e.offset(), 1234u);
    EXPECT_NE(e.problem().find("more than the declared"), std::string::npos) << e.problem();
  }
  // Peak memory grows by about the declared 16 MiB, not by the 200 MiB the stream holds.
  EXPECT_LT(test::peakKilobytes() - before, 64 * 1024);
}

TEST(ZlibChunk, DeclaredSizesPastTheLimitAreRefusedBeforeInflating) {
  // Refused on the numbers alone: the bytes need not even be a zlib stream.
  const std::vector<std::uint8_t> big(300 << 10, 0x5A);
  const long before = test::peakKilobytes();
  try {
    inflateChunk(big, 300u << 20, "big.tr4", "32-bit tiles chunk", 10);
    FAIL() << "a 300 MiB chunk was accepted";
  } catch (const ParseError& e) {
    EXPECT_NE(e.problem().find("MiB a chunk can hold"), std::string::npos) << e.problem();
  }
  EXPECT_LT(test::peakKilobytes() - before, 16 * 1024);
}

// A chunk that declares far more than its stream holds (within the limits): memory follows
// what the stream produces, not the declaration (an upfront buffer would take 250 MiB here).
TEST(ZlibChunk, AShortStreamCostsWhatItHoldsNotWhatItDeclares) {
  auto z = zeros(1);
  z.resize(z.size() + (300 << 10), 0);  // bytes after the stream's end: the ratio check passes
  const long before = test::peakKilobytes();
  try {
    inflateChunk(z, 250u << 20, "short.tr4", "level data chunk", 99);
    FAIL() << "a stream shorter than declared inflated";
  } catch (const ParseError& e) {
    EXPECT_EQ(e.offset(), 99u);
    EXPECT_NE(e.problem().find("inflated 1048576 bytes, declared 262144000"), std::string::npos) << e.problem();
  }
  EXPECT_LT(test::peakKilobytes() - before, 32 * 1024);
}

TEST(ZlibChunk, HonestChunksInflateWhateverTheirRatio) {
  const auto z = zeros(20);  // 20 MiB: several growth steps
  auto out = inflateChunk(z, 20u << 20, "ok.tr4", "32-bit tiles chunk", 10);
  EXPECT_EQ(out.size(), 20u << 20);
  EXPECT_TRUE(std::all_of(out.begin(), out.end(), [](std::uint8_t b) { return b == 0; }));
  // A truncated stream: named as such.
  std::vector<std::uint8_t> cut(z.begin(), z.begin() + static_cast<long>(z.size() / 2));
  EXPECT_THROW(inflateChunk(cut, 20u << 20, "cut.tr4", "32-bit tiles chunk", 10), ParseError);
}

}  // namespace
}  // namespace wadsmith
