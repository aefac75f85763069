#include "io/level_codec.h"

#include <cstring>

#include "io/zlib_chunk.h"
#include "model/level_textures.h"

namespace wadsmith {

void transferChunk(RecordReader& io, StoredChunk& c, const char* name, ChunkStore store) {
  ByteReader& r = io.reader();
  io.section(name);
  c.file = r.fileName(), c.section = name, c.offset = r.absolute(), c.store = store;
  if (store == ChunkStore::Rest) {
    c.uncompressedSize = static_cast<std::uint32_t>(r.remaining());
    io.rest({name}, c.compressed);
    return;
  }
  c.uncompressedSize = r.u32();
  io.blob(as<std::uint32_t>, {name, "compressed byte"}, c.compressed);
  if (store == ChunkStore::Raw && c.uncompressedSize != c.compressed.size())
    r.fail("stored level data of " + std::to_string(c.compressed.size()) + " bytes declares " +
               std::to_string(c.uncompressedSize) + " (a TR5 level stores it uncompressed: the sizes are equal)",
           c.offset);
}

void transferChunk(RecordWriter& io, StoredChunk& c, const char*, ChunkStore) {
  std::uint32_t size = c.uncompressedSize;
  SharedBytes bytes = c.compressed;
  if (c.payload) {  // replaced content: stored again, compressed the way the stored stream was
    size = static_cast<std::uint32_t>(c.payload->size());
    bytes = c.store != ChunkStore::Zlib
                ? SharedBytes::ownedBy(c.payload, c.payload->data(), c.payload->size())
                : SharedBytes(deflateChunk(*c.payload, storedChunkParams(c).value_or(ZlibParams{})));
  }
  if (c.store != ChunkStore::Rest) io("uncompressed", size), io.blob(as<std::uint32_t>, {c.section.c_str()}, bytes);
  else io.stored(bytes);
}

void transferLevelDataPart(RecordReader& io, LevelDocument& doc) {
  const ChunkStore store = io.layout.levelData;
  transferChunk(io, doc.levelChunk, store == ChunkStore::Zlib ? "level data chunk" : "level data", store);
}

// "Reuse the stored bytes unless changed", for every game: the level data is serialized only
// when it is no longer the value read (or when verifying), and stored as read when the
// serialization gives the same bytes.
void transferLevelDataPart(RecordWriter& io, LevelDocument& doc) {
  StoredChunk level = doc.levelChunk;
  if (doc.data != doc.loadedData || io.verifying()) {
    auto bytes = writeLevelData(*doc.data, doc.nextId, nullptr, doc.levelChunk.uncompressedSize);
    const SharedBytes original =
        doc.loadedPayload.empty() ? SharedBytes(chunkPayload(doc.levelChunk)) : doc.loadedPayload;
    if (bytes.size() != original.size() || std::memcmp(bytes.data(), original.data(), bytes.size()) != 0)
      level.payload = share<std::vector<std::uint8_t>>(std::move(bytes));
  }
  transferChunk(io, level, level.section.c_str(), level.store);
}

LevelDocument readLevel(std::span<const std::uint8_t> bytes, const std::string& fileName) {
  return readLevel(SharedBytes(std::vector<std::uint8_t>(bytes.begin(), bytes.end())), fileName);
}

LevelDocument readLevel(const SharedBytes& file, const std::string& fileName) {
  ByteReader r(file, fileName);
  r.section("header");
  if (file.empty()) r.fail("empty file");
  const auto game = levelGame(file);
  if (!game) {
    const std::uint32_t version = r.u32();
    const char* why = unsupportedLevel(version);
    r.fail(why ? why : "not a TR1-5 level (version " + std::to_string(version) + ")", 0);
  }
  LevelDocument doc;
  RecordReader io(r, levelLayout(*game), "", &file);
  transferFile(io, doc);
  // The level data is read where it lies in the file, unless it is compressed (then offsets
  // in errors are offsets in its inflated bytes).
  const StoredChunk& c = doc.levelChunk;
  const bool inflated = c.store == ChunkStore::Zlib;
  doc.loadedPayload = inflated ? SharedBytes(chunkPayload(c)) : c.compressed;
  Id nextId = 1;
  doc.data = share<LevelData>(readLevelData(doc.loadedPayload, *game, fileName,
                                            static_cast<std::uint32_t>(doc.samples->size()), nextId,
                                            inflated ? 0 : c.dataOffset()));
  doc.loadedData = doc.data;
  doc.nextId = nextId;
  return doc;
}

ByteRope writeLevelPieces(const LevelDocument& doc, bool verify) {
  ByteRope out;
  RecordWriter io(out, levelLayout(doc.game()), verify);
  transferFile(io, const_cast<LevelDocument&>(doc));  // the writer only reads
  return out;
}

std::vector<std::uint8_t> writeLevel(const LevelDocument& doc, bool verify) {
  return writeLevelPieces(doc, verify).flatten();
}

std::vector<SectionSpan> levelSectionSpans(std::span<const std::uint8_t> bytes) {
  const auto game = levelGame(bytes);
  if (!game) return {{"(unreadable)", 0, bytes.size()}};
  return walkSectionSpans<LevelDocument>(bytes, levelLayout(*game), [](RecordReader& io, LevelDocument& doc) { transferFile(io, doc); });
}

std::vector<std::uint8_t> chunkPayload(const StoredChunk& c) {
  if (c.payload) return *c.payload;
  if (c.store != ChunkStore::Zlib) return c.compressed.copy();
  return inflateChunk(c.compressed, c.uncompressedSize, c.file, c.section, c.offset);
}

std::vector<std::uint8_t> levelTiles32(const LevelDocument& doc) {
  return levelLayout(doc.game()).has(FilePart::TextureChunks) ? chunkPayload(doc.tiles32) : classicTiles32(doc);
}

std::vector<std::string> damagedChunks(const LevelDocument& doc) {
  std::vector<std::string> out;
  if (!levelLayout(doc.game()).has(FilePart::TextureChunks)) return out;
  for (const StoredChunk* c : {&doc.tiles32, &doc.tiles16, &doc.miscTiles}) {
    if (c->payload) continue;  // replaced content: made here, not read
    try {
      inflateChunk(c->compressed, c->uncompressedSize, c->file, c->section, c->offset);
    } catch (const ParseError& e) {
      out.push_back(e.what());
    }
  }
  return out;
}

}  // namespace wadsmith
