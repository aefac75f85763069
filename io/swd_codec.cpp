#include "io/swd_codec.h"

#include <algorithm>

#include "io/table_io.h"
#include "io/level_record_io.h"
#include "io/record_reader.h"
#include "io/record_writer.h"

namespace wadsmith {

// The level's sprite texture record with the page after x and y.
SpriteTexture readSwdTexture(ByteReader& r) {
  SpriteTexture t;
  t.x = r.u8();
  t.y = r.u8();
  t.tile = r.u16();
  t.width = r.u16();
  t.height = r.u16();
  t.left = r.i16();
  t.top = r.i16();
  t.right = r.i16();
  t.bottom = r.i16();
  return t;
}
void writeSwdTexture(ByteWriter& w, const SpriteTexture& t) {
  w.u8(t.x);
  w.u8(t.y);
  w.u16(t.tile);
  w.u16(t.width);
  w.u16(t.height);
  w.i16(t.left);
  w.i16(t.top);
  w.i16(t.right);
  w.i16(t.bottom);
}

SpriteFile readSwd(std::span<const std::uint8_t> bytes, const std::string& fileName) {
  ByteReader r(bytes, fileName);
  SpriteFile f;
  r.section("header");
  if (bytes.empty()) r.fail("empty file");
  f.version = r.u32();
  f.textures = readTable<SpriteTexture>(r, "sprite textures", 16, readSwdTexture);
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
  auto rest = r.all().subspan(r.pos());
  f.trailer.assign(rest.begin(), rest.end());
  return f;
}

std::vector<std::uint8_t> writeSwd(const SpriteFile& f) {
  std::vector<std::uint8_t> out;
  out.reserve(f.pages.byteCount() + f.textures.size() * 16 + f.sequences.size() * 8 + 16 + f.trailer.size());
  ByteWriter w(out);
  w.u32(f.version);
  writeTable(w, f.textures, writeSwdTexture);
  w.u32(static_cast<std::uint32_t>(f.pages.byteCount()));
  for (const auto& p : f.pages.pages) w.bytes(p);
  writeTable(w, f.sequences, [](ByteWriter& bw, const SpriteSequence& q) { writeRecord(bw, q); });
  w.bytes(f.trailer);
  return out;
}

}  // namespace wadsmith
