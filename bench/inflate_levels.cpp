// Baseline for bench/process-ratios: a whole process that reads TR4 levels and inflates their
// level data chunks, and nothing else. It walks the header with plain reads (no WadSmith
// code), so what `wadsmith roundtrip` or `info` cost beyond it is WadSmith's own work.
#include <zlib.h>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <vector>

int main(int argc, char** argv) {
  unsigned long total = 0;
  for (int i = 1; i < argc; ++i) {
    std::ifstream in(argv[i], std::ios::binary);
    std::vector<unsigned char> b((std::istreambuf_iterator<char>(in)), {});
    auto u32 = [&](std::size_t at) {
      return at + 4 <= b.size() ? std::uint32_t(b[at]) | b[at + 1] << 8 | b[at + 2] << 16 | std::uint32_t(b[at + 3]) << 24 : 0u;
    };
    std::size_t at = 10;  // version and three tile counts
    for (int chunk = 0; chunk < 3; ++chunk) at += 8 + u32(at + 4);
    uLongf size = u32(at);
    const std::uint32_t compressed = u32(at + 4);
    if (at + 8 + compressed > b.size()) return std::fprintf(stderr, "%s: not a TR4 level\n", argv[i]), 1;
    std::vector<unsigned char> out(size);
    if (uncompress(out.data(), &size, b.data() + at + 8, compressed) != Z_OK) return std::fprintf(stderr, "%s: bad chunk\n", argv[i]), 1;
    total += size;
  }
  std::printf("%lu bytes of level data\n", total);
  return 0;
}
