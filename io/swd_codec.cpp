#include "io/swd_codec.h"

#include <algorithm>

#include "io/table_io.h"
#include "io/level_record_io.h"
#include "io/record_reader.h"
#include "io/record_writer.h"

namespace wadsmith {

namespace {

// The level's sprite texture record with the page after x and y.
struct SwdTexture : SpriteTexture {};
template <class IO>
void transfer(IO& io, SwdTexture& t) {
  io("x", t.x), io("y", t.y), io("tile", t.tile), io("width", t.width), io("height", t.height);
  io("left", t.left), io("top", t.top), io("right", t.right), io("bottom", t.bottom);
}

}  // namespace

SpriteFile readSwd(std::span<const std::uint8_t> bytes, const std::string& fileName) {
  ByteReader r(bytes, fileName);
  SpriteFile f;
  r.section("header");
  if (bytes.empty()) r.fail("empty file");
  f.version = r.u32();
  f.textures = readTable<SpriteTexture>(r, "sprite textures", 16,
                                        [](ByteReader& br) -> SpriteTexture { return readRecord<SwdTexture>(br); });
  r.section("sprite pages");
  const std::size_t n = r.count(r.u32(), 1, "page byte");
  const auto pixels = r.bytes(n);
  // Pages are copied: a .SWD is small and read apart from the WAD's buffer.
  for (std::size_t at = 0; at < n; at += kPageBytes) {
    auto page = pixels.subspan(at, std::min(kPageBytes, n - at));
    f.pages.pages.push_back(SharedBytes(std::vector<std::uint8_t>(page.begin(), page.end())));
  }
  f.sequences =
      readTable<SpriteSequence>(r, "sprite sequences", 8, [](ByteReader& br) { return readRecord<SpriteSequence>(br); });
  f.trailer = r.copy(r.remaining());
  return f;
}

std::vector<std::uint8_t> writeSwd(const SpriteFile& f) {
  std::vector<std::uint8_t> out;
  out.reserve(f.pages.byteCount() + f.textures.size() * 16 + f.sequences.size() * 8 + 16 + f.trailer.size());
  ByteWriter w(out);
  w.u32(f.version);
  writeTable(w, f.textures, [](ByteWriter& bw, const SpriteTexture& t) { writeRecord(bw, SwdTexture{t}); });
  w.u32(static_cast<std::uint32_t>(f.pages.byteCount()));
  for (const auto& p : f.pages.pages) w.bytes(p);
  writeTable(w, f.sequences, [](ByteWriter& bw, const SpriteSequence& q) { writeRecord(bw, q); });
  w.bytes(f.trailer);
  return out;
}

}  // namespace wadsmith
