// A compiled Tomb Raider level (TR1-5) as an immutable value. TR4/5: the three texture chunks
// stay compressed until something needs their pixels; TR1-3: the palettes and 8/16-bit tiles
// are slices of the file. The level data (TR4: the level data chunk; TR5: its uncompressed
// level data; TR1-3: everything after the textures) is parsed into typed parts, and its object
// tables are the same types a WAD uses.
#pragma once
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "model/bytes.h"
#include "model/game.h"
#include "model/level_records.h"
#include "model/tables.h"
#include "model/tr5_room.h"

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
  SharedBytes compressed;  // the stored bytes (TR5's level data: not compressed, see `raw`)
  bool raw = false;        // stored as they are: both sizes equal the byte count
  Shared<std::vector<std::uint8_t>> payload;
  std::shared_ptr<ChunkNotes> notes = std::make_shared<ChunkNotes>();
  std::string file, section;
  std::uint64_t offset = 0;  // of the chunk's size fields in the file
};

struct LevelSample {
  std::uint32_t uncompressedSize = 0;  // as declared; equals the byte count when not compressed
  SharedBytes bytes;
};

// Everything in the level data, in file order (the sections one game lacks stay empty; the
// codec writes the sections of `game` in its order: docs/formats/*-level.md).
struct LevelData {
  Game game = Game::TR4;
  std::uint32_t unused = 0;
  Shared<std::vector<Room>> rooms;        // TR1-4
  Shared<std::vector<Tr5Room>> tr5Rooms;  // TR5
  Shared<std::vector<std::uint16_t>> floorData;
  ObjectTables objects;  // meshes (4-byte aligned), pointers, animations ... static meshes
  Shared<std::vector<SpriteTexture>> spriteTextures;
  Shared<std::vector<SpriteSequence>> spriteSequences;
  Shared<std::vector<Camera>> cameras;
  Shared<std::vector<FlybyCamera>> flybyCameras;  // TR4/5
  Shared<std::vector<SoundSource>> soundSources;
  Shared<std::vector<Box>> boxes;
  Shared<std::vector<std::uint16_t>> overlaps;
  // Zone arrays of one word per box each: 10 (TR2-5) or 6 (TR1), one after the other.
  Shared<std::vector<std::int16_t>> zones;
  Shared<std::vector<std::uint16_t>> animatedTextures;
  std::uint8_t uvRotateCount = 0;  // TR4/5
  Shared<std::vector<ObjectTexture>> objectTextures;
  Shared<std::vector<Entity>> entities;
  Shared<std::vector<AIObject>> aiObjects;          // TR4/5
  Shared<std::vector<std::uint8_t>> lightMap;       // TR1-3: 32 x 256 palette indices
  Shared<std::vector<std::uint8_t>> palette;        // TR1: 256 x RGB (6-bit components)
  Shared<std::vector<CinematicFrame>> cinematicFrames;  // TR1-3
  Shared<std::vector<std::uint8_t>> demoData;
  // 256 entries in TR1, 370 in TR2-4, 450 in TR5; TRNG levels have more.
  Shared<std::vector<std::int16_t>> soundMap;
  Shared<std::vector<SoundDetail>> soundDetails;
  SharedBytes embeddedSamples;  // TR1: the level's WAVE files, which the sample indices point into
  Shared<std::vector<std::uint32_t>> sampleIndices;
  Shared<std::vector<std::uint8_t>> tail;  // TR4/5: the closing bytes (6 zero bytes; TR5: 6 0xCD)
};

// TR1-3 textures, stored in the file before the level data.
struct ClassicTextures {
  SharedBytes palette;    // TR2/3: 256 x RGB, 6-bit components (TR1 keeps its palette in LevelData)
  SharedBytes palette16;  // TR2/3: 256 x RGBA, the colours of coloured faces
  std::uint32_t tileCount = 0;
  SharedBytes tiles8;   // tileCount x 256 x 256 palette indices
  SharedBytes tiles16;  // TR2/3: tileCount x 256 x 256 ARGB1555
};

struct LevelDocument {
  // TR1 0x20, TR2 0x2D, TR3 0xFF180038 or 0xFF080038, TR4/5 "TR4\0"
  std::uint32_t version = 0x00345254;
  ClassicTextures classic;  // TR1-3
  std::uint16_t numRoomTiles = 0, numObjectTiles = 0, numBumpTiles = 0;  // TR4/5
  StoredChunk tiles32, tiles16, miscTiles;                                // TR4/5
  std::uint16_t laraType = 0, weatherType = 0;                            // TR5
  SharedBytes tr5Padding;                                                 // TR5: 28 bytes
  // The level data as stored (TR4/5: its chunk), and the data parsed from it at load. The
  // writer reuses the stored bytes while `data` is still that parsed value.
  StoredChunk levelChunk;  // TR4/5
  Shared<LevelData> loadedData;
  SharedBytes loadedPayload;  // the level data bytes as read (inflated), for verified writes
  Shared<LevelData> data;
  Shared<std::vector<LevelSample>> samples;  // TR4/5
  SharedBytes trailer;                       // TR4/5: after the samples (TRNG's NG block)
  Id nextId = 1;

  Game game() const { return data ? data->game : Game::TR4; }
  std::size_t tileCount() const {
    if (isClassic(game())) return classic.tileCount;
    return std::size_t{numRoomTiles} + numObjectTiles + numBumpTiles;
  }
};

}  // namespace wadsmith
