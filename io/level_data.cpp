#include "io/level_data.h"

#include <algorithm>
#include <cstring>

#include "io/byte_reader.h"
#include "io/byte_writer.h"
#include "io/level_records.h"
#include "io/level_rooms.h"
#include "io/table_io.h"
#include "io/tr5_rooms.h"

namespace wadsmith {
namespace {

constexpr std::size_t kLightMapBytes = 32 * 256, kPaletteBytes = 256 * 3;

std::size_t retailSoundMap(Game g) { return g == Game::TR1 ? 256 : g == Game::TR5 ? 450 : 370; }
std::size_t closingBytes(Game g) { return isClassic(g) ? 0 : 6; }
std::size_t zoneArrays(Game g) { return g == Game::TR1 ? 6 : 10; }

// The sprite and texture markers: "SPR" and "TEX" in TR4, "SPR\0" and "TEX\0" in TR5.
std::string marker(const char* text, Game g) { return g == Game::TR5 ? std::string(text, 4) : std::string(text); }
void readMarker(ByteReader& r, const std::string& m) {
  const std::size_t at = r.pos();
  auto b = r.bytes(m.size());
  if (!std::equal(b.begin(), b.end(), m.begin()))
    r.fail("expected the \"" + std::string(m.c_str()) + "\" marker", at);
}

std::uint32_t u32At(std::span<const std::uint8_t> b, std::uint64_t at) {
  return static_cast<std::uint32_t>(b[at]) | (static_cast<std::uint32_t>(b[at + 1]) << 8) |
         (static_cast<std::uint32_t>(b[at + 2]) << 16) | (static_cast<std::uint32_t>(b[at + 3]) << 24);
}

// The sound map has a fixed length per game (TR1 256, TR2-4 370, TR5 450), but TRNG levels have
// more entries. The length is the one that makes the rest (sound details, TR1's samples, sample
// indices, TR4/5's 6 closing bytes) end the data exactly, and whose sample index count equals
// the number of samples when that is known. TR1-3 take the retail length whatever follows it
// (bytes after the sample indices are kept as the tail).
std::size_t soundMapLength(const ByteReader& r, Game game, std::optional<std::uint32_t> sampleCount) {
  auto bytes = r.all();
  const std::uint64_t p = r.pos();
  auto fits = [&](std::size_t len, bool needSamples) {
    std::uint64_t q = p + 2 * len;
    if (q + 4 > bytes.size()) return false;
    q += 4 + 8ull * u32At(bytes, q);
    if (game == Game::TR1) {
      if (q + 4 > bytes.size()) return false;
      q += 4 + u32At(bytes, q);
    }
    if (q + 4 > bytes.size()) return false;
    const std::uint32_t indices = u32At(bytes, q);
    const std::uint64_t end = q + 4 + 4ull * indices;
    if (end + closingBytes(game) != bytes.size()) return false;
    return !needSamples || !sampleCount || indices == *sampleCount;
  };
  const std::size_t retail = retailSoundMap(game);
  if (isClassic(game) || fits(retail, true)) return retail;
  const std::size_t most = (bytes.size() - p) / 2;
  for (bool needSamples : {true, false})
    for (std::size_t len = 0; len <= most; ++len)
      if (fits(len, needSamples)) return len;
  return retail;  // let the reads below report what does not fit
}

template <class T>
Shared<std::vector<T>> sharedBytes(ByteReader& r, std::size_t n) {
  auto b = r.bytes(n);
  return share<std::vector<T>>(b.begin(), b.end());
}

}  // namespace

LevelData readLevelData(const SharedBytes& payload, Game game, const std::string& fileName,
                        std::optional<std::uint32_t> sampleCount, Id& nextId, std::uint64_t base) {
  ByteReader r(payload, fileName, base);
  LevelData d;
  d.game = game;
  r.section("level data: header");
  d.unused = r.u32();
  r.section("level data: rooms");
  if (game == Game::TR5) {
    const std::size_t n = r.count(r.u32(), 8 + kTr5RoomHeaderSize, "room");
    std::vector<Tr5Room> rooms;
    rooms.reserve(n);
    for (std::size_t i = 0; i < n; ++i) rooms.push_back(readTr5Room(r));
    d.tr5Rooms = share<std::vector<Tr5Room>>(std::move(rooms));
    d.rooms = share<std::vector<Room>>();
  } else {
    const std::size_t n = r.count(r.u16(), roomMinSize(game), "room");
    std::vector<Room> rooms;
    rooms.reserve(n);
    for (std::size_t i = 0; i < n; ++i) rooms.push_back(readRoom(r, game));
    d.rooms = share<std::vector<Room>>(std::move(rooms));
    d.tr5Rooms = share<std::vector<Tr5Room>>();
  }
  d.floorData = share<std::vector<std::uint16_t>>(readWords<std::uint16_t>(r, "level data: floor data"));

  d.objects = readObjectTables(r, levelObjectFormat(game), nextId);

  auto readTextures = [&] {
    d.objectTextures = share<std::vector<ObjectTexture>>(readTable<ObjectTexture>(
        r, "level data: object textures", objectTextureSize(game), [&](ByteReader& br) { return readObjectTexture(br, game); }));
  };
  if (game == Game::TR1 || game == Game::TR2) readTextures();
  if (!isClassic(game)) {
    r.section("level data: SPR marker");
    readMarker(r, marker("SPR", game));
  }
  d.spriteTextures = share<std::vector<SpriteTexture>>(
      readTable<SpriteTexture>(r, "level data: sprite textures", 16, readSpriteTexture));
  d.spriteSequences = share<std::vector<SpriteSequence>>(
      readTable<SpriteSequence>(r, "level data: sprite sequences", 8, readSpriteSequence));
  d.cameras = share<std::vector<Camera>>(readTable<Camera>(r, "level data: cameras", 16, readCamera));
  d.flybyCameras = share<std::vector<FlybyCamera>>(
      isClassic(game) ? std::vector<FlybyCamera>{}
                      : readTable<FlybyCamera>(r, "level data: flyby cameras", 40, readFlybyCamera));
  d.soundSources =
      share<std::vector<SoundSource>>(readTable<SoundSource>(r, "level data: sound sources", 16, readSoundSource));
  auto boxes = readTable<Box>(r, "level data: boxes", boxSize(game), [&](ByteReader& br) { return readBox(br, game); });
  d.overlaps = share<std::vector<std::uint16_t>>(readWords<std::uint16_t>(r, "level data: overlaps"));
  r.section("level data: zones");
  const std::size_t zoneWords = r.count(std::uint64_t{boxes.size()} * zoneArrays(game), 2, "zone word");
  d.zones = share<std::vector<std::int16_t>>(decodeLittleEndian<std::int16_t>(r.bytes(2 * zoneWords).data(), zoneWords));
  d.boxes = share<std::vector<Box>>(std::move(boxes));
  d.animatedTextures = share<std::vector<std::uint16_t>>(readWords<std::uint16_t>(r, "level data: animated textures"));
  if (!isClassic(game)) {
    d.uvRotateCount = r.u8();
    r.section("level data: TEX marker");
    readMarker(r, marker("TEX", game));
  }
  if (game >= Game::TR3) readTextures();
  d.entities = share<std::vector<Entity>>(readTable<Entity>(r, "level data: entities", entitySize(game),
                                                            [&](ByteReader& br) { return readEntity(br, game); }));
  d.aiObjects = share<std::vector<AIObject>>(
      isClassic(game) ? std::vector<AIObject>{} : readTable<AIObject>(r, "level data: AI objects", 24, readAIObject));
  d.lightMap = share<std::vector<std::uint8_t>>();
  d.palette = share<std::vector<std::uint8_t>>();
  d.cinematicFrames = share<std::vector<CinematicFrame>>();
  if (isClassic(game)) {
    r.section("level data: light map");
    d.lightMap = sharedBytes<std::uint8_t>(r, kLightMapBytes);
    if (game == Game::TR1) {
      r.section("level data: palette");
      d.palette = sharedBytes<std::uint8_t>(r, kPaletteBytes);
    }
    r.section("level data: cinematic frames");
    std::vector<CinematicFrame> frames(r.count(r.u16(), 16, "cinematic frame"));
    for (auto& f : frames) f = readCinematicFrame(r);
    d.cinematicFrames = share<std::vector<CinematicFrame>>(std::move(frames));
  }
  r.section("level data: demo data");
  d.demoData = sharedBytes<std::uint8_t>(r, r.count(r.u16(), 1, "demo byte"));
  r.section("level data: sound map");
  std::vector<std::int16_t> soundMap(r.count(soundMapLength(r, game, sampleCount), 2, "sound map entry"));
  for (auto& v : soundMap) v = r.i16();
  d.soundMap = share<std::vector<std::int16_t>>(std::move(soundMap));
  d.soundDetails =
      share<std::vector<SoundDetail>>(readTable<SoundDetail>(r, "level data: sound details", 8, readSoundDetail));
  if (game == Game::TR1) {
    r.section("level data: samples");
    const std::size_t n = r.count(r.u32(), 1, "sample byte");
    d.embeddedSamples = payload.slice(r.pos(), n);
    r.bytes(n);
  }
  d.sampleIndices = share<std::vector<std::uint32_t>>(readWords<std::uint32_t>(r, "level data: sample indices"));
  r.section("level data: tail");
  d.tail = sharedBytes<std::uint8_t>(r, r.remaining());
  return d;
}

std::vector<std::uint8_t> writeLevelData(const LevelData& d, Id idLimit, std::vector<SectionSpan>* spans,
                                         std::size_t sizeHint) {
  const Game game = d.game;
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
  auto text = [&](const std::string& m) { w.bytes(std::span(reinterpret_cast<const std::uint8_t*>(m.data()), m.size())); };
  w.u32(d.unused);
  section("rooms");
  if (game == Game::TR5) {
    w.u32(static_cast<std::uint32_t>(d.tr5Rooms->size()));
    for (const auto& room : *d.tr5Rooms) writeTr5Room(w, room);
  } else {
    w.u16(fitU16(static_cast<std::uint32_t>(d.rooms->size()), "room count"));
    for (const auto& room : *d.rooms) writeRoom(w, room, game);
  }
  section("floor data");
  writeWords(w, *d.floorData);
  writeObjectTables(w, d.objects, levelObjectFormat(game), idLimit, section);
  auto writeTextures = [&] {
    section("object textures");
    writeTable(w, *d.objectTextures, [&](ByteWriter& bw, const ObjectTexture& t) { writeObjectTexture(bw, t, game); });
  };
  if (game == Game::TR1 || game == Game::TR2) writeTextures();
  if (!isClassic(game)) {
    section("SPR marker");
    text(marker("SPR", game));
  }
  section("sprite textures");
  writeTable(w, *d.spriteTextures, writeSpriteTexture);
  section("sprite sequences");
  writeTable(w, *d.spriteSequences, writeSpriteSequence);
  section("cameras");
  writeTable(w, *d.cameras, writeCamera);
  if (!isClassic(game)) {
    section("flyby cameras");
    writeTable(w, *d.flybyCameras, writeFlybyCamera);
  }
  section("sound sources");
  writeTable(w, *d.soundSources, writeSoundSource);
  section("boxes");
  writeTable(w, *d.boxes, [&](ByteWriter& bw, const Box& b) { writeBox(bw, b, game); });
  section("overlaps");
  writeWords(w, *d.overlaps);
  section("zones");
  appendWords(w, *d.zones);
  section("animated textures");
  writeWords(w, *d.animatedTextures);
  if (!isClassic(game)) {
    w.u8(d.uvRotateCount);
    section("TEX marker");
    text(marker("TEX", game));
  }
  if (game >= Game::TR3) writeTextures();
  section("entities");
  writeTable(w, *d.entities, [&](ByteWriter& bw, const Entity& e) { writeEntity(bw, e, game); });
  if (!isClassic(game)) {
    section("AI objects");
    writeTable(w, *d.aiObjects, writeAIObject);
  } else {
    section("light map");
    w.bytes(*d.lightMap);
    if (game == Game::TR1) {
      section("palette");
      w.bytes(*d.palette);
    }
    section("cinematic frames");
    w.u16(fitU16(static_cast<std::uint32_t>(d.cinematicFrames->size()), "cinematic frame count"));
    for (const auto& f : *d.cinematicFrames) writeCinematicFrame(w, f);
  }
  section("demo data");
  w.u16(fitU16(static_cast<std::uint32_t>(d.demoData->size()), "demo data size"));
  w.bytes(*d.demoData);
  section("sound map");
  for (auto v : *d.soundMap) w.i16(v);
  section("sound details");
  writeTable(w, *d.soundDetails, writeSoundDetail);
  if (game == Game::TR1) {
    section("samples");
    w.u32(static_cast<std::uint32_t>(d.embeddedSamples.size()));
    w.bytes(d.embeddedSamples);
  }
  section("sample indices");
  writeWords(w, *d.sampleIndices);
  section("tail");
  w.bytes(*d.tail);
  section("end");
  return out;
}

}  // namespace wadsmith
