#include "io/wad_codec.h"

#include "io/record_reader.h"
#include "io/record_writer.h"

namespace wadsmith {

template <class IO>
void transfer(IO& io, TextureSample& s) {
  io("x", s.x), io("y", s.y), io("page", s.page), io("flip_x", s.flipX), io("add_w", s.addW), io("flip_y", s.flipY);
  io("add_h", s.addH);
}

namespace {

// The WAD's parts in file order, for the reader, the writer and the span report.
template <class IO>
void transferWad(IO& io, WadDocument& doc) {
  io.section("header"), io("version", doc.version);
  io.section("texture samples");
  inShared(io, doc.samples, [&](auto& v) { io.list(as<std::uint32_t>, {"texture_samples"}, v); });
  // The pages are slices of the file: nothing is copied.
  io.section("texture pixels");
  inShared(io, doc.pixels, [&](TexturePages& t) {
    if constexpr (IO::kReads) {
      SharedBytes all;
      io.blob(as<std::uint32_t>, {"texture_pixels", "texture byte"}, all);
      for (std::size_t at = 0; at < all.size(); at += kPageBytes)
        t.pages.push_back(all.slice(at, std::min(kPageBytes, all.size() - at)));
    } else {
      auto bytes = static_cast<std::uint32_t>(t.byteCount());
      io("bytes", bytes);
      for (auto& p : t.pages) io.slice({"page"}, p, p.size());
    }
  });
  io.objects(doc.objects, wadObjectFormat());
  io.section("trailer");
  inShared(io, doc.trailer, [&](auto& v) { io.rest({"trailer"}, v); });
}

}  // namespace

WadDocument readWad(std::span<const std::uint8_t> bytes, const std::string& fileName) {
  return readWad(SharedBytes(std::vector<std::uint8_t>(bytes.begin(), bytes.end())), fileName);
}

WadDocument readWad(const SharedBytes& file, const std::string& fileName) {
  ByteReader r(file, fileName);
  r.section("header");
  if (file.empty()) r.fail("empty file");
  const std::uint32_t version = r.u32();
  if (version != 129 && version != 130)
    r.fail("unsupported WAD version " + std::to_string(version) + " (expected 129, or 130 for TRNG)", 0);
  r.seek(0);
  WadDocument doc;
  RecordReader io(r, levelLayout(kWadGame), "", &file, &doc.nextId);
  transferWad(io, doc);
  return doc;
}

ByteRope writeWadPieces(const WadDocument& doc) {
  ByteRope out;
  RecordWriter io(out, levelLayout(kWadGame), false, doc.nextId);
  transferWad(io, const_cast<WadDocument&>(doc));  // the writer only reads
  return out;
}

std::vector<std::uint8_t> writeWad(const WadDocument& doc) { return writeWadPieces(doc).flatten(); }

std::vector<SectionSpan> wadSectionSpans(std::span<const std::uint8_t> bytes) {
  std::vector<SectionSpan> spans;
  ByteReader r(bytes, "");
  const auto view = SharedBytes::ownedBy(nullptr, bytes.data(), bytes.size());  // the walk copies nothing
  RecordReader io(r, levelLayout(kWadGame), "", &view);
  io.recordSpans(&spans);
  try {
    WadDocument doc;
    transferWad(io, doc);
    io.finish();
  } catch (const ParseError&) {
    io.finish();
    spans.push_back({"(unreadable)", r.pos(), bytes.size()});
  }
  return spans;
}

}  // namespace wadsmith
