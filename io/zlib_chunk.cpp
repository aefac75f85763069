#include "io/zlib_chunk.h"

#include <zlib.h>

#include <cstdio>
#include <cstring>

#include "io/parse_error.h"

namespace wadsmith {

std::vector<std::uint8_t> inflateChunk(std::span<const std::uint8_t> compressed, std::uint32_t declaredSize,
                                       const std::string& file, const std::string& section, std::uint64_t offset) {
  auto fail = [&](const std::string& what) { throw ParseError(file, section, offset, what); };
  // zlib cannot expand more than ~1032:1; a larger declared size is corrupt, not a reason to
  // allocate gigabytes.
  if (static_cast<std::uint64_t>(declaredSize) > static_cast<std::uint64_t>(compressed.size()) * 1032 + 64)
    fail("declared size " + std::to_string(declaredSize) + " is impossible for " + std::to_string(compressed.size()) +
         " compressed bytes");
  if (declaredSize > kMaxChunkBytes)
    fail("declared size " + std::to_string(declaredSize) + " is past the " + std::to_string(kMaxChunkBytes >> 20) +
         " MiB a chunk can hold");
  // The buffer grows as the stream actually produces bytes: a stream that lies about its size
  // (a zlib bomb) costs what it inflates to before it is caught, never what it declares.
  std::vector<std::uint8_t> out(std::min<std::size_t>(declaredSize, std::max<std::size_t>(1 << 16, compressed.size() * 4)));
  z_stream s{};
  if (inflateInit(&s) != Z_OK) fail("zlib inflateInit failed");
  s.next_in = const_cast<Bytef*>(compressed.data());
  s.avail_in = static_cast<uInt>(compressed.size());
  int rc = Z_OK;
  std::size_t produced = 0;
  for (;;) {
    s.next_out = out.data() + produced;
    s.avail_out = static_cast<uInt>(out.size() - produced);
    rc = inflate(&s, Z_FINISH);
    produced = out.size() - s.avail_out;
    if (rc != Z_BUF_ERROR || s.avail_out != 0 || out.size() >= declaredSize) break;
    out.resize(std::min<std::size_t>(declaredSize, out.size() * 2));
  }
  std::string msg = s.msg ? s.msg : "";
  // Room left and no progress: the input ended; a full buffer: it wants more than declared.
  const bool full = s.avail_out == 0;
  inflateEnd(&s);
  if (rc == Z_STREAM_END) {
    if (produced != declaredSize)
      fail("inflated " + std::to_string(produced) + " bytes, declared " + std::to_string(declaredSize));
    return out;
  }
  if (rc == Z_BUF_ERROR && full) fail("inflates to more than the declared " + std::to_string(declaredSize) + " bytes");
  if (rc == Z_BUF_ERROR) fail("zlib stream ends early (truncated chunk?) after " + std::to_string(produced) + " bytes");
  throw ParseError(file, section, offset, "zlib error " + std::to_string(rc) + (msg.empty() ? "" : " (" + msg + ")"));
}

std::vector<std::uint8_t> deflateChunk(std::span<const std::uint8_t> payload, const ZlibParams& p) {
  z_stream s{};
  if (deflateInit2(&s, p.level, Z_DEFLATED, p.windowBits, p.memLevel, p.strategy) != Z_OK)
    throw std::runtime_error("zlib deflateInit2 failed");
  std::vector<std::uint8_t> out(deflateBound(&s, static_cast<uLong>(payload.size())));
  s.next_in = const_cast<Bytef*>(payload.data());
  s.avail_in = static_cast<uInt>(payload.size());
  s.next_out = out.data();
  s.avail_out = static_cast<uInt>(out.size());
  int rc = deflate(&s, Z_FINISH);
  out.resize(out.size() - s.avail_out);
  deflateEnd(&s);
  if (rc != Z_STREAM_END) throw std::runtime_error("zlib deflate failed");
  return out;
}

namespace {

// Deflates a prefix of the payload without flushing: what zlib emits so far must be a prefix
// of the stored stream when the parameters are right.
bool prefixMatches(std::span<const std::uint8_t> payload, std::span<const std::uint8_t> compressed, const ZlibParams& p) {
  z_stream s{};
  if (deflateInit2(&s, p.level, Z_DEFLATED, p.windowBits, p.memLevel, p.strategy) != Z_OK) return false;
  std::size_t take = std::min<std::size_t>(payload.size(), 1 << 17);
  std::vector<std::uint8_t> out(deflateBound(&s, static_cast<uLong>(take)) + 64);
  s.next_in = const_cast<Bytef*>(payload.data());
  s.avail_in = static_cast<uInt>(take);
  s.next_out = out.data();
  s.avail_out = static_cast<uInt>(out.size());
  deflate(&s, take == payload.size() ? Z_FINISH : Z_NO_FLUSH);
  std::size_t n = out.size() - s.avail_out;
  deflateEnd(&s);
  return n <= compressed.size() && std::memcmp(out.data(), compressed.data(), n) == 0;
}

}  // namespace

std::optional<ZlibParams> findZlibParams(std::span<const std::uint8_t> payload, std::span<const std::uint8_t> compressed) {
  if (compressed.size() < 2) return std::nullopt;
  int windowBits = (compressed[0] >> 4) + 8;
  if ((compressed[0] & 0x0F) != 8 || windowBits > 15) return std::nullopt;
  int flevel = compressed[1] >> 6;
  // zlib writes FLEVEL 0 for levels 0-1 and for the Huffman-only / RLE strategies (whatever
  // the level), 1 for levels 2-5, 2 for 6, 3 for 7-9.
  std::vector<ZlibParams> candidates;
  auto add = [&](std::initializer_list<int> levels, std::initializer_list<int> strategies) {
    for (int level : levels)
      for (int strategy : strategies)
        for (int memLevel : {8, 9}) candidates.push_back({level, windowBits, memLevel, strategy});
  };
  const auto lz = {Z_DEFAULT_STRATEGY, Z_FILTERED, Z_FIXED};
  switch (flevel) {
    case 0:
      add({1, 0}, lz);
      add({6}, {Z_RLE, Z_HUFFMAN_ONLY});
      break;
    case 1: add({2, 3, 4, 5}, lz); break;
    case 2: add({6}, lz); break;
    default: add({7, 8, 9}, lz); break;
  }
  for (const auto& p : candidates) {
    if (!prefixMatches(payload, compressed, p)) continue;
    auto full = deflateChunk(payload, p);
    if (full.size() == compressed.size() && std::equal(full.begin(), full.end(), compressed.begin())) return p;
  }
  return std::nullopt;
}

std::optional<ZlibParams> storedChunkParams(const StoredChunk& c) {
  std::lock_guard<std::mutex> guard(c.notes->lock);
  if (!c.notes->searched) {
    auto payload = c.payload ? *c.payload : inflateChunk(c.compressed, c.uncompressedSize, c.file, c.section, c.offset);
    c.notes->params = findZlibParams(payload, c.compressed);
    c.notes->searched = true;
  }
  return c.notes->params;
}

std::string zlibHeaderText(std::span<const std::uint8_t> compressed) {
  if (compressed.size() < 2) return "(empty)";
  char buf[8];
  std::snprintf(buf, sizeof buf, "%02x %02x", compressed[0], compressed[1]);
  return buf;
}

}  // namespace wadsmith
