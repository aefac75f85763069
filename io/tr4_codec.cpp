#include "io/tr4_codec.h"

#include <algorithm>
#include <cstring>

#include "io/byte_reader.h"
#include "io/byte_writer.h"
#include "io/level_data.h"
#include "io/zlib_chunk.h"

namespace wadsmith {
namespace {

const char* const kChunkNames[] = {"32-bit tiles chunk", "16-bit tiles chunk", "misc tiles chunk", "level data chunk"};
constexpr std::size_t kTr5PaddingBytes = 28;

// Stored bytes are slices of the file buffer: nothing is copied.
SharedBytes slice(const SharedBytes& file, ByteReader& r, std::size_t n) {
  std::size_t at = r.pos();
  r.bytes(n);
  return file.slice(at, n);
}

StoredChunk readChunk(ByteReader& r, const SharedBytes& file, const char* name) {
  r.section(name);
  StoredChunk c;
  c.file = r.fileName();
  c.section = name;
  c.offset = r.absolute();
  c.uncompressedSize = r.u32();
  c.compressed = slice(file, r, r.count(r.u32(), 1, "compressed byte"));
  return c;
}

// TR5's level data: both sizes equal, the bytes as they are.
StoredChunk readRawChunk(ByteReader& r, const SharedBytes& file, const char* name) {
  StoredChunk c = readChunk(r, file, name);
  c.raw = true;
  if (c.uncompressedSize != c.compressed.size())
    r.fail("stored level data of " + std::to_string(c.compressed.size()) + " bytes declares " +
               std::to_string(c.uncompressedSize) + " (a TR5 level stores it uncompressed: the sizes are equal)",
           c.offset);
  return c;
}

void writeChunk(ByteRope& out, const StoredChunk& c) {
  ByteWriter& w = out.writer();
  if (!c.payload) {
    w.u32(c.uncompressedSize);
    w.u32(static_cast<std::uint32_t>(c.compressed.size()));
    out.append(c.compressed);
    return;
  }
  w.u32(static_cast<std::uint32_t>(c.payload->size()));
  if (c.raw) {
    w.u32(static_cast<std::uint32_t>(c.payload->size()));
    w.bytes(*c.payload);
    return;
  }
  // Replaced content: compress with the parameters that reproduce the stored stream, if any.
  auto params = storedChunkParams(c).value_or(ZlibParams{});
  auto bytes = deflateChunk(*c.payload, params);
  w.u32(static_cast<std::uint32_t>(bytes.size()));
  w.bytes(bytes);
}

}  // namespace

std::vector<std::uint8_t> chunkPayload(const StoredChunk& c) {
  if (c.payload) return *c.payload;
  if (c.raw) return c.compressed.copy();
  return inflateChunk(c.compressed, c.uncompressedSize, c.file, c.section, c.offset);
}

bool looksLikeTr5(std::span<const std::uint8_t> bytes) {
  ByteReader r(bytes, "");
  try {
    r.bytes(10);
    for (int i = 0; i < 3; ++i) {
      r.u32();
      r.bytes(r.u32());
    }
    // TR4's level data chunk has its compressed size and a zlib stream there, never 28 zeros.
    if (r.remaining() < 32) return false;
    auto peek = r.bytes(32);
    return std::all_of(peek.begin() + 4, peek.end(), [](std::uint8_t b) { return b == 0; });
  } catch (const ParseError&) {
    return false;
  }
}

std::vector<std::string> damagedChunks(const LevelDocument& doc) {
  std::vector<std::string> out;
  if (isClassic(doc.game())) return out;  // TR1-3 store their tiles uncompressed in the level data
  for (const StoredChunk* c : {&doc.tiles32, &doc.tiles16, &doc.miscTiles}) {
    if (c->payload || c->raw) continue;  // replaced content: made here, not read; or stored as is
    try {
      inflateChunk(c->compressed, c->uncompressedSize, c->file, c->section, c->offset);
    } catch (const ParseError& e) {
      out.push_back(e.what());
    }
  }
  return out;
}

LevelDocument readTr4Level(const SharedBytes& file, const std::string& fileName) {
  std::span<const std::uint8_t> bytes = file.span();
  ByteReader r(bytes, fileName);
  LevelDocument doc;
  r.section("header");
  if (bytes.empty()) r.fail("empty file");
  doc.version = r.u32();
  if (doc.version == kTr4DemoVersion) r.fail("a TR4 demo level (\"TR4c\"): its layout is not supported", 0);
  if (doc.version != kTr4Version) r.fail("not a TR4 or TR5 level (version " + std::to_string(doc.version) + ")", 0);
  const Game game = looksLikeTr5(bytes) ? Game::TR5 : Game::TR4;
  doc.numRoomTiles = r.u16();
  doc.numObjectTiles = r.u16();
  doc.numBumpTiles = r.u16();
  doc.tiles32 = readChunk(r, file, kChunkNames[0]);
  doc.tiles16 = readChunk(r, file, kChunkNames[1]);
  doc.miscTiles = readChunk(r, file, kChunkNames[2]);
  if (game == Game::TR5) {
    r.section("TR5 header");
    doc.laraType = r.u16();
    doc.weatherType = r.u16();
    doc.tr5Padding = slice(file, r, kTr5PaddingBytes);
    doc.levelChunk = readRawChunk(r, file, "level data");
  } else {
    doc.levelChunk = readChunk(r, file, kChunkNames[3]);
  }
  r.section("samples");
  std::size_t sampleCount = r.count(r.u32(), 8, "sample");
  std::vector<LevelSample> samples;
  samples.reserve(sampleCount);
  for (std::size_t i = 0; i < sampleCount; ++i) {
    LevelSample s;
    s.uncompressedSize = r.u32();
    s.bytes = slice(file, r, r.count(r.u32(), 1, "sample byte"));
    samples.push_back(std::move(s));
  }
  doc.samples = share<std::vector<LevelSample>>(std::move(samples));
  r.section("trailer");
  doc.trailer = slice(file, r, r.remaining());

  // TR5's level data is read where it lies in the file (errors give file offsets).
  const bool raw = doc.levelChunk.raw;
  doc.loadedPayload = raw ? doc.levelChunk.compressed : SharedBytes(chunkPayload(doc.levelChunk));
  Id nextId = 1;
  doc.data = share<LevelData>(readLevelData(doc.loadedPayload, game, fileName, static_cast<std::uint32_t>(sampleCount),
                                            nextId, raw ? doc.levelChunk.offset + 8 : 0));
  doc.loadedData = doc.data;
  doc.nextId = nextId;
  return doc;
}

ByteRope writeTr4LevelPieces(const LevelDocument& doc, bool verify) {
  ByteRope out;
  ByteWriter& w = out.writer();
  w.u32(doc.version);
  w.u16(doc.numRoomTiles);
  w.u16(doc.numObjectTiles);
  w.u16(doc.numBumpTiles);
  writeChunk(out, doc.tiles32);
  writeChunk(out, doc.tiles16);
  writeChunk(out, doc.miscTiles);
  if (doc.game() == Game::TR5) {
    w.u16(doc.laraType);
    w.u16(doc.weatherType);
    out.append(doc.tr5Padding);
  }
  if (doc.data == doc.loadedData && !verify) {
    writeChunk(out, doc.levelChunk);
  } else {
    StoredChunk level = doc.levelChunk;
    auto bytes = writeLevelData(*doc.data, doc.nextId, nullptr, doc.levelChunk.uncompressedSize);
    // Content that serializes to what was loaded keeps the stored stream.
    const SharedBytes original = doc.loadedPayload.empty() ? SharedBytes(chunkPayload(doc.levelChunk)) : doc.loadedPayload;
    if (bytes.size() != original.size() || std::memcmp(bytes.data(), original.data(), bytes.size()) != 0)
      level.payload = share<std::vector<std::uint8_t>>(std::move(bytes));
    writeChunk(out, level);
  }
  w.u32(static_cast<std::uint32_t>(doc.samples->size()));
  for (const auto& s : *doc.samples) {
    w.u32(s.uncompressedSize);
    w.u32(static_cast<std::uint32_t>(s.bytes.size()));
    out.append(s.bytes);
  }
  out.append(doc.trailer);
  return out;
}

std::vector<SectionSpan> tr4SectionSpans(std::span<const std::uint8_t> bytes) {
  std::vector<SectionSpan> spans;
  ByteReader r(bytes, "");
  const bool tr5 = looksLikeTr5(bytes);
  try {
    r.u32();
    r.u16(), r.u16(), r.u16();
    spans.push_back({"header", 0, r.pos()});
    for (int i = 0; i < 4; ++i) {
      if (i == 3 && tr5) {
        std::size_t b = r.pos();
        r.bytes(4 + kTr5PaddingBytes);
        spans.push_back({"TR5 header", b, r.pos()});
      }
      const char* name = i == 3 && tr5 ? "level data" : kChunkNames[i];
      std::size_t b = r.pos();
      r.u32();
      r.bytes(r.count(r.u32(), 1, name));
      spans.push_back({name, b, r.pos()});
    }
    std::size_t b = r.pos();
    std::size_t n = r.count(r.u32(), 8, "sample");
    for (std::size_t i = 0; i < n; ++i) {
      r.u32();
      r.bytes(r.count(r.u32(), 1, "sample"));
    }
    spans.push_back({"samples", b, r.pos()});
    spans.push_back({"trailer", r.pos(), bytes.size()});
  } catch (const ParseError&) {
    spans.push_back({"(unreadable)", r.pos(), bytes.size()});
  }
  return spans;
}

}  // namespace wadsmith
