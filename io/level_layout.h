// How each game lays out its level files, as one table entry per game (io/level_layout.cpp): the
// version words that name it, the parts of the file in order, the sections of its level data
// in order, and how its records differ. The reader, the writer, the span report and the dump all
// walk these lists (io/level_file.cpp, io/level_data.cpp); a new game, or a variant of one
// (TR4 built by Tomb Editor or TombEngine), is a new entry, not a new branch.
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <span>

#include "model/level_document.h"

namespace wadsmith {

// The parts of a level file around its level data (io/level_file.cpp).
enum class FilePart : std::uint8_t {
  Version,        // the version word
  Palettes,       // TR2/3: 256 x RGB, 256 x RGBA
  Tiles,          // TR1-3: a tile count, 8-bit tiles (and 16-bit tiles where the game has them)
  TileCounts,     // TR4/5: room, object and bump tile counts
  TextureChunks,  // TR4/5: 32-bit, 16-bit and misc tiles, each a zlib chunk
  Tr5Header,      // Lara's and the weather's types, 28 padding bytes
  LevelData,      // stored as `LevelLayout::levelData` says
  Samples,        // TR4/5: a count, then each sample's two sizes and bytes
  Trailer,        // what follows (TRNG's NG block)
};

// The sections of the level data, each read, written and dumped by io/level_data.cpp.
enum class LevelSection : std::uint8_t {
  Header, Rooms, FloorData, Objects, ObjectTextures, SpriteMarker, SpriteTextures,
  SpriteSequences, Cameras, FlybyCameras, SoundSources, Boxes, Overlaps, Zones, AnimatedTextures,
  TextureMarker, Entities, AIObjects, LightMap, Palette, CinematicFrames, DemoData, SoundMap,
  SoundDetails, EmbeddedSamples, SampleIndices, Tail,
};

// Record variants, named by what they store.
// TR1: 8 bytes; TR2: a second light word; TR3+: colour.
enum class RoomVertexWords : std::uint8_t { Lit, Lighting2, Colour };
enum class RoomAmbient : std::uint8_t { Intensity, TwoIntensitiesAndMode, IntensityAndMode, Colour };
enum class RoomLightRecord : std::uint8_t { Intensity, TwoIntensities, Coloured, Tr4 };  // 18, 24, 24, 46 bytes
enum class RoomStaticWords : std::uint8_t { Intensity, TwoIntensities, ColourAndUnused };  // 18, 20, 20 bytes
enum class EntityWord : std::uint8_t { None, Intensity2, Ocb };  // the word before the flags (TR1: none)

// An entry states what its game has; what it leaves out is absent (false, 0).
struct LevelLayout {
  Game game = Game::TR4;
  std::array<std::uint32_t, 2> versions{};  // the version words naming the game (0: none)
  // Set when another game shares the version word: whether the bytes are this game's.
  bool (*probe)(std::span<const std::uint8_t>) = nullptr;
  std::span<const FilePart> file;
  ChunkStore levelData = ChunkStore::Rest;  // how the level data is stored
  std::span<const LevelSection> sections;

  // Records.
  bool tr5Rooms = false;  // "XELA" rooms counted in 32 bits (io/tr5_room_io.h); else TR1-4's
  RoomVertexWords roomVertex = RoomVertexWords::Lit;
  RoomAmbient roomAmbient = RoomAmbient::Intensity;
  RoomLightRecord roomLights = RoomLightRecord::Intensity;
  RoomStaticWords roomStatics = RoomStaticWords::Intensity;
  bool roomWaterScheme = false;       // TR3+: water scheme, reverb, alternate group bytes (TR3: a filler last)
  bool boxesInWorldUnits = false;     // TR1: 32-bit world units (20 bytes); else sectors in bytes (8)
  bool objectTextureMapping = false;  // TR4+: new flags, original UV and size (38 bytes; TR1-3: 20)
  bool objectTextureFiller = false;   // TR5: a filler word last (40 bytes)
  EntityWord entityWord = EntityWord::None;
  bool soundDetailWords = false;  // TR1/2: 16-bit volume and chance (shown so by the dump)

  // The level data.
  std::uint8_t zoneArrays = 10;        // one word per box each: 6 (TR1) or 10
  std::uint8_t markerBytes = 0;        // "SPR", "TEX": 3 bytes (TR4), 4 with the NUL (TR5)
  bool soundMapFromData = false;       // TRNG levels have longer sound maps: found from what follows
  std::uint8_t closingBytes = 0;       // after the sample indices: 6 x `closingByte`
  std::uint8_t closingByte = 0;

  bool has(FilePart p) const;
  bool has(LevelSection s) const;
};

const LevelLayout& levelLayout(Game g);
std::span<const LevelLayout> levelLayouts();

// The game whose version word (and probe) the bytes start with, or nullopt.
std::optional<Game> levelGame(std::span<const std::uint8_t> bytes);

// Version words of level files no entry reads, with the reason ("TR4c": a TR4 demo).
const char* unsupportedLevel(std::uint32_t version);

}  // namespace wadsmith
