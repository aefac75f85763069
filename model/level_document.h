// A compiled TR4 level as an immutable value. The three texture chunks stay compressed until
// something needs their pixels; the level data chunk is parsed into typed parts, and its
// object tables are the same types a WAD uses.
#pragma once
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "model/bytes.h"
#include "model/level_records.h"
#include "model/tables.h"

namespace wadsmith {

// zlib parameters that reproduce a stored stream from its payload.
struct ZlibParams {
  int level = 6, windowBits = 15, memLevel = 8, strategy = 0;
  friend bool operator==(const ZlibParams&, const ZlibParams&) = default;
};

// What is learnt about stored compressed bytes once (the parameter search is slow); shared by
// every document version holding the same bytes.
struct ChunkNotes {
  std::mutex lock;
  bool searched = false;
  std::optional<ZlibParams> params;  // parameters reproducing the stored stream, if any
};

// A zlib chunk as stored: the declared size and the compressed bytes. `payload` is set only
// when the content was replaced (then the writer compresses it again). Where it came from names
// it in errors.
struct StoredChunk {
  std::uint32_t uncompressedSize = 0;
  SharedBytes compressed;
  Shared<std::vector<std::uint8_t>> payload;
  std::shared_ptr<ChunkNotes> notes = std::make_shared<ChunkNotes>();
  std::string file, section;
  std::uint64_t offset = 0;  // of the chunk's size fields in the file
};

struct LevelSample {
  std::uint32_t uncompressedSize = 0;  // as declared; equals the byte count when not compressed
  SharedBytes bytes;
};

// Everything inside the level data chunk, in file order.
struct LevelData {
  std::uint32_t unused = 0;
  Shared<std::vector<Room>> rooms;
  Shared<std::vector<std::uint16_t>> floorData;
  ObjectTables objects;  // meshes (4-byte aligned), pointers, animations ... static meshes
  Shared<std::vector<SpriteTexture>> spriteTextures;
  Shared<std::vector<SpriteSequence>> spriteSequences;
  Shared<std::vector<Camera>> cameras;
  Shared<std::vector<FlybyCamera>> flybyCameras;
  Shared<std::vector<SoundSource>> soundSources;
  Shared<std::vector<Box>> boxes;
  Shared<std::vector<std::uint16_t>> overlaps;
  Shared<std::vector<std::array<std::int16_t, 10>>> zones;  // one row per box
  Shared<std::vector<std::uint16_t>> animatedTextures;
  std::uint8_t uvRotateCount = 0;
  Shared<std::vector<ObjectTexture>> objectTextures;
  Shared<std::vector<Entity>> entities;
  Shared<std::vector<AIObject>> aiObjects;
  Shared<std::vector<std::uint8_t>> demoData;
  Shared<std::vector<std::int16_t>> soundMap;  // 370 entries in retail TR4; TRNG levels have more
  Shared<std::vector<SoundDetail>> soundDetails;
  Shared<std::vector<std::uint32_t>> sampleIndices;
  Shared<std::vector<std::uint8_t>> tail;  // the closing bytes (6 zero bytes in every known level)
};

struct LevelDocument {
  std::uint32_t version = 0x00345254;  // "TR4\0"
  std::uint16_t numRoomTiles = 0, numObjectTiles = 0, numBumpTiles = 0;
  StoredChunk tiles32, tiles16, miscTiles;
  // The level data chunk as stored, and the parsed data it inflated to at load. The writer
  // reuses the stored bytes while `data` is still that parsed value.
  StoredChunk levelChunk;
  Shared<LevelData> loadedData;
  SharedBytes loadedPayload;  // what the level data chunk inflated to (for verified writes)
  Shared<LevelData> data;
  Shared<std::vector<LevelSample>> samples;
  SharedBytes trailer;  // after the samples (TRNG's NG block)
  Id nextId = 1;

  std::size_t tileCount() const { return std::size_t{numRoomTiles} + numObjectTiles + numBumpTiles; }
};

}  // namespace wadsmith
