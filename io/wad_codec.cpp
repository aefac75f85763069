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

// The pages are slices of the file buffer: nothing is copied.
TexturePages readPixels(ByteReader& r, const SharedBytes& file) {
  std::size_t n = r.count(r.u32(), 1, "texture byte");
  TexturePages t;
  const std::size_t start = r.pos();
  r.bytes(n);
  for (std::size_t at = 0; at < n; at += kPageBytes) t.pages.push_back(file.slice(start + at, std::min(kPageBytes, n - at)));
  return t;
}
void writePixels(ByteRope& out, const TexturePages& t) {
  out.writer().u32(static_cast<std::uint32_t>(t.byteCount()));
  for (const auto& p : t.pages) out.append(p);
}

}  // namespace

WadDocument readWad(std::span<const std::uint8_t> bytes, const std::string& fileName) {
  return readWad(SharedBytes(std::vector<std::uint8_t>(bytes.begin(), bytes.end())), fileName);
}

WadDocument readWad(const SharedBytes& file, const std::string& fileName) {
  std::span<const std::uint8_t> bytes = file.span();
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
  doc.pixels = share<TexturePages>(readPixels(r, file));
  doc.objects = readObjectTables(r, wadObjectFormat(), nextId);
  r.section("trailer");
  auto rest = r.bytes(r.remaining());
  doc.trailer = share<std::vector<std::uint8_t>>(rest.begin(), rest.end());
  doc.nextId = nextId;
  return doc;
}

ByteRope writeWadPieces(const WadDocument& doc) {
  ByteRope out;
  out.writer().u32(doc.version);
  writeTable(out.writer(), *doc.samples, writeSample);
  writePixels(out, *doc.pixels);
  out.writer().buffer().reserve(doc.objects.keyframes->size() * 2 + (1u << 20));
  writeObjectTables(out.writer(), doc.objects, wadObjectFormat(), doc.nextId);
  if (doc.trailer) out.writer().bytes(*doc.trailer);
  return out;
}

std::vector<std::uint8_t> writeWad(const WadDocument& doc) { return writeWadPieces(doc).flatten(); }

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
