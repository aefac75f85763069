#include "io/wad2_codec.h"

#include <zlib.h>

#include <cstring>

#include "io/byte_writer.h"
#include "io/wad2_chunk_out.h"
#include "io/wad2_records.h"

namespace wadsmith {
namespace {

using wad2io::In;
using wad2io::Out;

constexpr std::uint32_t kCompressed = 0x80000000u;

// The body as one zlib stream, grown as it inflates up to kMaxWad2Body.
std::vector<std::uint8_t> inflateBody(const SharedBytes& in, const std::string& file) {
  auto fail = [&](const std::string& what) { throw ParseError(file, "zlib body", 12, what); };
  z_stream z{};
  if (inflateInit(&z) != Z_OK) fail("zlib cannot start");
  std::vector<std::uint8_t> out;
  z.next_in = const_cast<Bytef*>(in.data());
  z.avail_in = static_cast<uInt>(in.size());
  int rc = Z_OK;
  while (rc == Z_OK) {
    if (out.size() >= kMaxWad2Body) {
      inflateEnd(&z);
      fail("the body inflates past " + std::to_string(kMaxWad2Body >> 20) + " MiB");
    }
    const std::size_t at = out.size();
    out.resize(std::min(kMaxWad2Body, at + std::max<std::size_t>(at, 1u << 16)));
    z.next_out = out.data() + at;
    z.avail_out = static_cast<uInt>(out.size() - at);
    rc = inflate(&z, Z_NO_FLUSH);
    out.resize(out.size() - z.avail_out);
    if (rc == Z_BUF_ERROR && z.avail_in == 0) break;
  }
  inflateEnd(&z);
  if (rc != Z_STREAM_END)
    fail(std::string("the zlib body does not inflate to its end (") + (z.msg ? z.msg : "truncated") + ")");
  return out;
}

std::vector<std::uint8_t> deflateBody(const std::vector<std::uint8_t>& body) {
  uLongf size = compressBound(static_cast<uLong>(body.size()));
  std::vector<std::uint8_t> out(size);
  if (compress2(out.data(), &size, body.data(), static_cast<uLong>(body.size()), 9) != Z_OK)
    throw WriteError("wad2: zlib could not compress the body");
  out.resize(size);
  return out;
}

// The chunk stream of the body, its end and what follows.
void readBody(const wad2io::Source& src, std::size_t begin, wad2::Document& doc) {
  wad2io::IdScope ids{&doc.nextId, false, {}, {}, {}, {}};
  In root(src, ids, begin, src.bytes.size(), nullptr, "");
  wad2io::readStream(root, doc);
  doc.keep.source = src.bytes.slice(begin, root.pos() - begin);
  doc.trailer = src.bytes.slice(root.pos(), src.bytes.size() - root.pos());
}

// The document's chunk stream as its kept bytes read back (with its ids), if they do.
bool streamUnchanged(const wad2::Document& doc, wad2io::WriteScope& scope) {
  if (doc.keep.source.empty()) return false;
  try {
    const wad2io::Source src{doc.keep.source, "(the kept stream)", ""};
    wad2::Document back;
    scope.read.movableAnimations.clear();
    for (const auto& m : doc.movables) scope.read.movableAnimations.push_back(m ? wad2io::idsOf(m->animations) : std::vector<Id>{});
    In root(src, scope.read, 0, src.bytes.size(), nullptr, "");
    wad2io::readStream(root, back);
    return root.pos() == src.bytes.size() && back.sameStream(doc);
  } catch (const ParseError&) {
    return false;
  }
}

}  // namespace

bool isWad2(std::span<const std::uint8_t> bytes) { return bytes.size() >= 8 && std::memcmp(bytes.data(), "WAD2", 4) == 0; }

wad2::Document readWad2(SharedBytes bytes, const std::string& file) {
  auto fail = [&](std::uint64_t at, const std::string& what) { throw ParseError(file, "header", at, what); };
  if (bytes.size() < 8) fail(0, "too short for a wad2 header (8 bytes)");
  if (std::memcmp(bytes.data(), "Wad2", 4) == 0)
    fail(0, "an obsolete wad2 (Tomb Editor 1.3.15 and older): TombLib no longer reads these");
  if (std::memcmp(bytes.data(), "WAD2", 4) != 0) fail(0, "not a wad2 file (no WAD2 magic)");
  wad2::Document doc;
  doc.flags = u32At(bytes, 4);
  if (doc.flags & ~kCompressed) fail(4, "chunk version " + std::to_string(doc.flags & ~kCompressed) + " (only 0 exists)");
  if (!doc.compressed()) {
    readBody({bytes, file, ""}, 8, doc);
    return doc;
  }
  if (bytes.size() < 12) fail(8, "no compressed size after the flags");
  const auto size = static_cast<std::int32_t>(u32At(bytes, 8));
  if (size < 0 || static_cast<std::size_t>(size) > bytes.size() - 12)
    fail(8, "compressed size " + std::to_string(size) + ", " + std::to_string(bytes.size() - 12) + " bytes left");
  doc.compressedBody = bytes.slice(12, static_cast<std::size_t>(size));
  doc.afterBody = bytes.slice(12 + static_cast<std::size_t>(size), bytes.size() - 12 - static_cast<std::size_t>(size));
  doc.inflated = SharedBytes(inflateBody(doc.compressedBody, file));
  readBody({doc.inflated, file, " of the inflated body"}, 0, doc);
  return doc;
}

wad2::Document readWad2(std::span<const std::uint8_t> bytes, const std::string& file) {
  return readWad2(SharedBytes(std::vector<std::uint8_t>(bytes.begin(), bytes.end())), file);
}

std::vector<std::uint8_t> writeWad2(const wad2::Document& doc) {
  wad2io::WriteScope scope;
  scope.setList(wad2io::List::Textures, wad2io::idsOf(doc.textures));
  scope.setList(wad2io::List::Sprites, wad2io::idsOf(doc.sprites));
  std::vector<std::uint8_t> body;
  if (streamUnchanged(doc, scope)) {
    body.assign(doc.keep.source.begin(), doc.keep.source.end());
  } else {
    Out root(body, scope);
    wad2io::writeStream(root, doc);
  }
  body.insert(body.end(), doc.trailer.begin(), doc.trailer.end());

  std::vector<std::uint8_t> out{'W', 'A', 'D', '2'};
  ByteWriter(out).u32(doc.flags);
  if (!doc.compressed()) {
    out.insert(out.end(), body.begin(), body.end());
    return out;
  }
  const bool reuse = !doc.compressedBody.empty() && doc.inflated.size() == body.size() &&
                     std::equal(body.begin(), body.end(), doc.inflated.begin());
  const std::vector<std::uint8_t> packed = reuse ? doc.compressedBody.copy() : deflateBody(body);
  ByteWriter(out).u32(static_cast<std::uint32_t>(packed.size()));
  out.insert(out.end(), packed.begin(), packed.end());
  out.insert(out.end(), doc.afterBody.begin(), doc.afterBody.end());
  return out;
}

}  // namespace wadsmith
