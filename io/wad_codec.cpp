#include "io/wad_codec.h"

#include <algorithm>

#include "io/byte_reader.h"
#include "io/byte_writer.h"
#include "io/object_tables.h"
#include "io/table_io.h"

namespace wadsmith {
namespace {

// Sections are read in file order; each reader sits next to its writer below.

TextureSample readSample(ByteReader& r) {
  TextureSample s;
  s.x = r.u8();
  s.y = r.u8();
  s.page = r.u16();
  s.flipX = r.i8();
  s.addW = r.u8();
  s.flipY = r.i8();
  s.addH = r.u8();
  return s;
}
void writeSample(ByteWriter& w, const TextureSample& s) {
  w.u8(s.x);
  w.u8(s.y);
  w.u16(s.page);
  w.i8(s.flipX);
  w.u8(s.addW);
  w.i8(s.flipY);
  w.u8(s.addH);
}

TexturePages readPixels(ByteReader& r) {
  std::size_t n = r.count(r.u32(), 1, "texture byte");
  TexturePages t;
  auto bytes = r.bytes(n);
  for (std::size_t at = 0; at < n; at += kPageBytes) {
    std::size_t len = std::min(kPageBytes, n - at);
    t.pages.push_back(share<std::vector<std::uint8_t>>(bytes.begin() + at, bytes.begin() + at + len));
  }
  return t;
}
void writePixels(ByteWriter& w, const TexturePages& t) {
  w.u32(static_cast<std::uint32_t>(t.byteCount()));
  for (const auto& p : t.pages) w.bytes(*p);
}

}  // namespace

WadDocument readWad(std::span<const std::uint8_t> bytes, const std::string& fileName) {
  ByteReader r(bytes, fileName);
  WadDocument doc;
  Id nextId = 1;

  r.section("header");
  if (bytes.empty()) r.fail("empty file");
  doc.version = r.u32();
  if (doc.version != 129 && doc.version != 130)
    r.fail("unsupported WAD version " + std::to_string(doc.version) + " (expected 129, or 130 for TRNG)", 0);

  doc.samples = share<std::vector<TextureSample>>(readTable<TextureSample>(r, "texture samples", 8, readSample));
  r.section("texture pixels");
  doc.pixels = share<TexturePages>(readPixels(r));
  doc.objects = readObjectTables(r, wadObjectFormat(), nextId);
  r.section("trailer");
  auto rest = r.bytes(r.remaining());
  doc.trailer = share<std::vector<std::uint8_t>>(rest.begin(), rest.end());
  doc.nextId = nextId;
  return doc;
}

std::vector<std::uint8_t> writeWad(const WadDocument& doc) {
  std::vector<std::uint8_t> out;
  out.reserve(doc.objects.keyframes->size() * 2 + doc.pixels->byteCount() + (1u << 20));
  ByteWriter w(out);
  w.u32(doc.version);
  writeTable(w, *doc.samples, writeSample);
  writePixels(w, *doc.pixels);
  writeObjectTables(w, doc.objects, wadObjectFormat(), doc.nextId);
  if (doc.trailer) w.bytes(*doc.trailer);
  return out;
}

std::vector<SectionSpan> wadSectionSpans(std::span<const std::uint8_t> bytes) {
  // Walks only the counts, so it works on any file the reader accepts.
  std::vector<SectionSpan> spans;
  ByteReader r(bytes, "");
  try {
    r.u32();
    spans.push_back({"header", 0, r.pos()});
    std::size_t b = r.pos();
    r.bytes(r.count(r.u32(), 8, "texture sample") * 8);
    spans.push_back({"texture samples", b, r.pos()});
    b = r.pos();
    r.bytes(r.count(r.u32(), 1, "texture byte"));
    spans.push_back({"texture pixels", b, r.pos()});
    objectTableSpans(r, wadObjectFormat(), spans);
    spans.push_back({"trailer", r.pos(), bytes.size()});
  } catch (const ParseError&) {
    spans.push_back({"(unreadable)", r.pos(), bytes.size()});
  }
  return spans;
}

}  // namespace wadsmith
