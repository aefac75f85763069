#include "io/tr4_codec.h"

#include <algorithm>
#include <cstring>

#include "io/byte_reader.h"
#include "io/byte_writer.h"
#include "io/object_tables.h"
#include "io/table_io.h"
#include "io/tr4_records.h"
#include "io/tr4_rooms.h"
#include "io/zlib_chunk.h"

namespace wadsmith {
namespace {

constexpr std::size_t kRetailSoundMap = 370;
const char* const kChunkNames[] = {"32-bit tiles chunk", "16-bit tiles chunk", "misc tiles chunk", "level data chunk"};

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
void writeChunk(ByteWriter& w, const StoredChunk& c) {
  if (!c.payload) {
    w.u32(c.uncompressedSize);
    w.u32(static_cast<std::uint32_t>(c.compressed.size()));
    w.bytes(c.compressed);
    return;
  }
  // Replaced content: compress with the parameters that reproduce the stored stream, if any.
  auto params = storedChunkParams(c).value_or(ZlibParams{});
  auto bytes = deflateChunk(*c.payload, params);
  w.u32(static_cast<std::uint32_t>(c.payload->size()));
  w.u32(static_cast<std::uint32_t>(bytes.size()));
  w.bytes(bytes);
}

// A fixed 3-byte marker ("SPR", "TEX") between sections.
void readMarker(ByteReader& r, const char* marker) {
  std::size_t at = r.pos();
  auto b = r.bytes(3);
  if (b[0] != marker[0] || b[1] != marker[1] || b[2] != marker[2])
    r.fail(std::string("expected the \"") + marker + "\" marker", at);
}

// Retail TR4 has 370 sound map entries; TRNG levels have more. The length is the one that
// makes the rest of the chunk (sound details, sample indices, the 6 closing bytes) fit, and
// whose sample index count equals the number of samples when that is known.
std::size_t soundMapLength(const ByteReader& r, std::optional<std::uint32_t> sampleCount) {
  auto bytes = r.all();
  const std::size_t p = r.pos();
  auto u32at = [&](std::size_t at) {
    return static_cast<std::uint32_t>(bytes[at]) | (static_cast<std::uint32_t>(bytes[at + 1]) << 8) |
           (static_cast<std::uint32_t>(bytes[at + 2]) << 16) | (static_cast<std::uint32_t>(bytes[at + 3]) << 24);
  };
  auto fits = [&](std::size_t len, bool needSamples) {
    std::uint64_t q = p + 2 * len;
    if (q + 4 > bytes.size()) return false;
    std::uint64_t q2 = q + 4 + 8ull * u32at(q);
    if (q2 + 4 > bytes.size()) return false;
    std::uint32_t indices = u32at(q2);
    std::uint64_t end = q2 + 4 + 4ull * indices;
    if (end + 6 != bytes.size()) return false;
    return !needSamples || !sampleCount || indices == *sampleCount;
  };
  if (fits(kRetailSoundMap, true)) return kRetailSoundMap;
  const std::size_t most = (bytes.size() - p) / 2;
  for (bool needSamples : {true, false})
    for (std::size_t len = 0; len <= most; ++len)
      if (fits(len, needSamples)) return len;
  return kRetailSoundMap;  // let the reads below report what does not fit
}

}  // namespace

std::vector<std::uint8_t> chunkPayload(const StoredChunk& c) {
  if (c.payload) return *c.payload;
  return inflateChunk(c.compressed, c.uncompressedSize, c.file, c.section, c.offset);
}

std::vector<std::string> damagedChunks(const LevelDocument& doc) {
  std::vector<std::string> out;
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

LevelData readLevelData(std::span<const std::uint8_t> payload, const std::string& fileName,
                        std::optional<std::uint32_t> sampleCount, Id& nextId) {
  // Offsets in errors are offsets in the inflated chunk; section names say so.
  ByteReader r(payload, fileName);
  LevelData d;
  r.section("level data: header");
  d.unused = r.u32();
  r.section("level data: rooms");
  std::size_t rooms = r.count(r.u16(), 41, "room");  // 41 bytes: the smallest room
  std::vector<Room> roomList;
  roomList.reserve(rooms);
  for (std::size_t i = 0; i < rooms; ++i) roomList.push_back(readRoom(r));
  d.rooms = share<std::vector<Room>>(std::move(roomList));
  d.floorData = share<std::vector<std::uint16_t>>(readWords<std::uint16_t>(r, "level data: floor data"));

  d.objects = readObjectTables(r, tr4ObjectFormat(), nextId);

  r.section("level data: SPR marker");
  readMarker(r, "SPR");
  d.spriteTextures = share<std::vector<SpriteTexture>>(
      readTable<SpriteTexture>(r, "level data: sprite textures", 16, readSpriteTexture));
  d.spriteSequences = share<std::vector<SpriteSequence>>(
      readTable<SpriteSequence>(r, "level data: sprite sequences", 8, readSpriteSequence));
  d.cameras = share<std::vector<Camera>>(readTable<Camera>(r, "level data: cameras", 16, readCamera));
  d.flybyCameras =
      share<std::vector<FlybyCamera>>(readTable<FlybyCamera>(r, "level data: flyby cameras", 40, readFlybyCamera));
  d.soundSources =
      share<std::vector<SoundSource>>(readTable<SoundSource>(r, "level data: sound sources", 16, readSoundSource));
  auto boxes = readTable<Box>(r, "level data: boxes", 8, readBox8);
  d.overlaps = share<std::vector<std::uint16_t>>(readWords<std::uint16_t>(r, "level data: overlaps"));
  r.section("level data: zones");
  std::vector<std::array<std::int16_t, 10>> zones(r.count(boxes.size(), 20, "zone row"));
  for (auto& z : zones)
    for (auto& v : z) v = r.i16();
  d.boxes = share<std::vector<Box>>(std::move(boxes));
  d.zones = share<std::vector<std::array<std::int16_t, 10>>>(std::move(zones));
  d.animatedTextures = share<std::vector<std::uint16_t>>(readWords<std::uint16_t>(r, "level data: animated textures"));
  d.uvRotateCount = r.u8();
  r.section("level data: TEX marker");
  readMarker(r, "TEX");
  d.objectTextures = share<std::vector<ObjectTexture>>(
      readTable<ObjectTexture>(r, "level data: object textures", 38, readObjectTexture));
  d.entities = share<std::vector<Entity>>(readTable<Entity>(r, "level data: entities", 24, readEntity));
  d.aiObjects = share<std::vector<AIObject>>(readTable<AIObject>(r, "level data: AI objects", 24, readAIObject));
  r.section("level data: demo data");
  auto demo = r.bytes(r.count(r.u16(), 1, "demo byte"));
  d.demoData = share<std::vector<std::uint8_t>>(demo.begin(), demo.end());
  r.section("level data: sound map");
  std::vector<std::int16_t> soundMap(r.count(soundMapLength(r, sampleCount), 2, "sound map entry"));
  for (auto& v : soundMap) v = r.i16();
  d.soundMap = share<std::vector<std::int16_t>>(std::move(soundMap));
  d.soundDetails =
      share<std::vector<SoundDetail>>(readTable<SoundDetail>(r, "level data: sound details", 8, readSoundDetail));
  d.sampleIndices = share<std::vector<std::uint32_t>>(readWords<std::uint32_t>(r, "level data: sample indices"));
  r.section("level data: tail");
  auto tail = r.bytes(r.remaining());
  d.tail = share<std::vector<std::uint8_t>>(tail.begin(), tail.end());
  return d;
}

std::vector<std::uint8_t> writeLevelData(const LevelData& d, Id idLimit, std::vector<SectionSpan>* spans,
                                         std::size_t sizeHint) {
  std::vector<std::uint8_t> out;
  out.reserve(std::max<std::size_t>(sizeHint + 4096, 1 << 16));
  ByteWriter w(out);
  std::size_t sectionStart = 0;
  std::string sectionName = "header";
  auto section = [&](const char* name) {
    if (spans) spans->push_back({sectionName, sectionStart, w.pos()});
    sectionName = name;
    sectionStart = w.pos();
  };
  w.u32(d.unused);
  section("rooms");
  w.u16(static_cast<std::uint16_t>(d.rooms->size()));
  for (const auto& room : *d.rooms) writeRoom(w, room);
  section("floor data");
  writeWords(w, *d.floorData);
  writeObjectTables(w, d.objects, tr4ObjectFormat(), idLimit, section);
  section("SPR marker");
  w.bytes(std::span<const std::uint8_t>(reinterpret_cast<const std::uint8_t*>("SPR"), 3));
  section("sprite textures");
  writeTable(w, *d.spriteTextures, writeSpriteTexture);
  section("sprite sequences");
  writeTable(w, *d.spriteSequences, writeSpriteSequence);
  section("cameras");
  writeTable(w, *d.cameras, writeCamera);
  section("flyby cameras");
  writeTable(w, *d.flybyCameras, writeFlybyCamera);
  section("sound sources");
  writeTable(w, *d.soundSources, writeSoundSource);
  section("boxes");
  writeTable(w, *d.boxes, writeBox8);
  section("overlaps");
  writeWords(w, *d.overlaps);
  section("zones");
  for (const auto& z : *d.zones)
    for (auto v : z) w.i16(v);
  section("animated textures");
  writeWords(w, *d.animatedTextures);
  w.u8(d.uvRotateCount);
  section("TEX marker");
  w.bytes(std::span<const std::uint8_t>(reinterpret_cast<const std::uint8_t*>("TEX"), 3));
  section("object textures");
  writeTable(w, *d.objectTextures, writeObjectTexture);
  section("entities");
  writeTable(w, *d.entities, writeEntity);
  section("AI objects");
  writeTable(w, *d.aiObjects, writeAIObject);
  section("demo data");
  w.u16(static_cast<std::uint16_t>(d.demoData->size()));
  w.bytes(*d.demoData);
  section("sound map");
  for (auto v : *d.soundMap) w.i16(v);
  section("sound details");
  writeTable(w, *d.soundDetails, writeSoundDetail);
  section("sample indices");
  writeWords(w, *d.sampleIndices);
  section("tail");
  w.bytes(*d.tail);
  section("end");
  return out;
}

LevelDocument readLevel(std::span<const std::uint8_t> bytes, const std::string& fileName) {
  return readLevel(SharedBytes(std::vector<std::uint8_t>(bytes.begin(), bytes.end())), fileName);
}

LevelDocument readLevel(const SharedBytes& file, const std::string& fileName) {
  std::span<const std::uint8_t> bytes = file.span();
  ByteReader r(bytes, fileName);
  LevelDocument doc;
  r.section("header");
  if (bytes.empty()) r.fail("empty file");
  doc.version = r.u32();
  if (doc.version == kTr4DemoVersion) r.fail("a TR4 demo level (\"TR4c\"): its layout is not supported", 0);
  if (doc.version != kTr4Version) r.fail("not a TR4 level (version " + std::to_string(doc.version) + ")", 0);
  doc.numRoomTiles = r.u16();
  doc.numObjectTiles = r.u16();
  doc.numBumpTiles = r.u16();
  doc.tiles32 = readChunk(r, file, kChunkNames[0]);
  doc.tiles16 = readChunk(r, file, kChunkNames[1]);
  doc.miscTiles = readChunk(r, file, kChunkNames[2]);

  // TR5 (.trc) shares the "TR4\0" magic; after its texture chunks come LaraType, WeatherType
  // and 28 zero bytes, where TR4 has the level data chunk with a zlib stream.
  if (r.remaining() >= 40) {
    auto peek = r.all().subspan(r.pos(), 40);
    bool zeros = std::all_of(peek.begin() + 4, peek.begin() + 32, [](std::uint8_t b) { return b == 0; });
    if (zeros && peek[8] != 0x78)
      r.fail("this looks like a TR5 level (.trc: LaraType, WeatherType and 28 zero bytes after the textures): "
             "not supported");
  }
  doc.levelChunk = readChunk(r, file, kChunkNames[3]);
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

  doc.loadedPayload = SharedBytes(chunkPayload(doc.levelChunk));
  Id nextId = 1;
  doc.data = share<LevelData>(readLevelData(doc.loadedPayload, fileName, static_cast<std::uint32_t>(sampleCount), nextId));
  doc.loadedData = doc.data;
  doc.nextId = nextId;
  return doc;
}

ByteRope writeLevelPieces(const LevelDocument& doc, bool verify) {
  ByteRope out;
  ByteWriter& w = out.writer();
  w.u32(doc.version);
  w.u16(doc.numRoomTiles);
  w.u16(doc.numObjectTiles);
  w.u16(doc.numBumpTiles);
  auto chunk = [&](const StoredChunk& c) {
    if (!c.payload) {
      w.u32(c.uncompressedSize);
      w.u32(static_cast<std::uint32_t>(c.compressed.size()));
      out.append(c.compressed);
    } else {
      writeChunk(w, c);
    }
  };
  chunk(doc.tiles32);
  chunk(doc.tiles16);
  chunk(doc.miscTiles);
  if (doc.data == doc.loadedData && !verify) {
    chunk(doc.levelChunk);
  } else {
    StoredChunk level = doc.levelChunk;
    auto bytes = writeLevelData(*doc.data, doc.nextId, nullptr, doc.levelChunk.uncompressedSize);
    // Content that serializes to what was loaded keeps the stored stream.
    const SharedBytes original = doc.loadedPayload.empty() ? SharedBytes(chunkPayload(doc.levelChunk)) : doc.loadedPayload;
    if (bytes.size() != original.size() || std::memcmp(bytes.data(), original.data(), bytes.size()) != 0)
      level.payload = share<std::vector<std::uint8_t>>(std::move(bytes));
    chunk(level);
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

std::vector<std::uint8_t> writeLevel(const LevelDocument& doc, bool verify) { return writeLevelPieces(doc, verify).flatten(); }

std::vector<SectionSpan> levelSectionSpans(std::span<const std::uint8_t> bytes) {
  std::vector<SectionSpan> spans;
  ByteReader r(bytes, "");
  try {
    r.u32();
    r.u16(), r.u16(), r.u16();
    spans.push_back({"header", 0, r.pos()});
    for (const char* name : kChunkNames) {
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
