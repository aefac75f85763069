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

// How a chunk is stored: a zlib stream after its two sizes (TR4/5's textures, TR4's level
// data), bytes as they are after two equal sizes (TR5's level data), or bytes running to the end
// of the file without sizes (TR1-3's level data).
enum class ChunkStore : std::uint8_t { Zlib, Raw, Rest };

// A chunk as stored: the declared size and the stored bytes. `payload` is set only when the
// content was replaced (then the writer stores it again, compressed the way the stored stream
// was). Where it came from names it in errors.
struct StoredChunk {
  std::uint32_t uncompressedSize = 0;
  SharedBytes compressed;  // the stored bytes (compressed only when `store` is Zlib)
  ChunkStore store = ChunkStore::Zlib;
  Shared<std::vector<std::uint8_t>> payload;
  std::shared_ptr<ChunkNotes> notes = std::make_shared<ChunkNotes>();
  std::string file, section;
  std::uint64_t offset = 0;  // of the chunk's size fields in the file (Rest: of its bytes)
  std::uint64_t dataOffset() const { return store == ChunkStore::Rest ? offset : offset + 8; }
};

struct LevelSample {
  std::uint32_t uncompressedSize = 0;  // as declared; equals the byte count when not compressed
  SharedBytes bytes;
};

// Everything in the level data, in file order. The sections a game lacks stay empty: its
// section list (io/level_layout.h) says which it has and in which order.
struct LevelData {
  template <class T>
  using Table = Shared<std::vector<T>>;
  template <class T>
  static Table<T> none() {
    return share<std::vector<T>>();
  }

  Game game = Game::TR4;
  std::uint32_t unused = 0;
  Table<Room> rooms = none<Room>();           // TR1-4
  Table<Tr5Room> tr5Rooms = none<Tr5Room>();  // TR5
  Table<std::uint16_t> floorData = none<std::uint16_t>();
  ObjectTables objects;  // meshes (4-byte aligned), pointers, animations ... static meshes
  Table<SpriteTexture> spriteTextures = none<SpriteTexture>();
  Table<SpriteSequence> spriteSequences = none<SpriteSequence>();
  Table<Camera> cameras = none<Camera>();
  Table<FlybyCamera> flybyCameras = none<FlybyCamera>();  // TR4/5
  Table<SoundSource> soundSources = none<SoundSource>();
  Table<Box> boxes = none<Box>();
  Table<std::uint16_t> overlaps = none<std::uint16_t>();
  // Zone arrays of one word per box each: 10 (TR2-5) or 6 (TR1), one after the other.
  Table<std::int16_t> zones = none<std::int16_t>();
  Table<std::uint16_t> animatedTextures = none<std::uint16_t>();
  std::uint8_t uvRotateCount = 0;  // TR4/5
  Table<ObjectTexture> objectTextures = none<ObjectTexture>();
  Table<Entity> entities = none<Entity>();
  Table<AIObject> aiObjects = none<AIObject>();  // TR4/5
  Table<std::uint8_t> lightMap = none<std::uint8_t>();  // TR1-3: 32 x 256 palette indices
  Table<std::uint8_t> palette = none<std::uint8_t>();   // TR1: 256 x RGB (6-bit components)
  Table<CinematicFrame> cinematicFrames = none<CinematicFrame>();  // TR1-3
  Table<std::uint8_t> demoData = none<std::uint8_t>();
  // 256 entries in TR1, 370 in TR2-4, 450 in TR5; TRNG levels have more.
  Table<std::int16_t> soundMap = none<std::int16_t>();
  Table<SoundDetail> soundDetails = none<SoundDetail>();
  SharedBytes embeddedSamples;  // TR1: the level's WAVE files, which the sample indices point into
  Table<std::uint32_t> sampleIndices = none<std::uint32_t>();
  Table<std::uint8_t> tail = none<std::uint8_t>();  // TR4/5: the closing bytes (6 zero bytes; TR5: 6 0xCD)
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
  // The level data as stored, and the data parsed from it at load. The writer reuses the
  // stored bytes while `data` is still that parsed value.
  StoredChunk levelChunk;
  Shared<LevelData> loadedData;
  SharedBytes loadedPayload;  // the level data bytes as read (inflated), for verified writes
  Shared<LevelData> data;
  Shared<std::vector<LevelSample>> samples = share<std::vector<LevelSample>>();  // TR4/5
  SharedBytes trailer;  // TR4/5: after the samples (TRNG's NG block)
  Id nextId = 1;

  Game game() const { return data ? data->game : Game::TR4; }
  // Every tile, whichever way the game counts them (the other game's counts are 0).
  std::size_t tileCount() const {
    return std::size_t{classic.tileCount} + numRoomTiles + numObjectTiles + numBumpTiles;
  }
};

}  // namespace wadsmith
