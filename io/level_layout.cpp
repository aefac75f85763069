#include "io/level_layout.h"

#include <algorithm>

#include "io/byte_reader.h"

namespace wadsmith {
namespace {

using F = FilePart;
using S = LevelSection;

constexpr F kClassicFile[] = {F::Version, F::Palettes, F::Tiles, F::LevelData};
constexpr F kTr1File[] = {F::Version, F::Tiles, F::LevelData};
constexpr F kTr4File[] = {F::Version, F::TileCounts, F::TextureChunks, F::LevelData, F::Samples, F::Trailer};
constexpr F kTr5File[] = {F::Version,   F::TileCounts, F::TextureChunks, F::Tr5Header,
                          F::LevelData, F::Samples,    F::Trailer};

// docs/formats/*-level.md
constexpr S kTr1[] = {S::Header, S::Rooms, S::FloorData, S::Objects, S::ObjectTextures, S::SpriteTextures,
                      S::SpriteSequences, S::Cameras, S::SoundSources, S::Boxes, S::Overlaps, S::Zones,
                      S::AnimatedTextures, S::Entities, S::LightMap, S::Palette, S::CinematicFrames, S::DemoData,
                      S::SoundMap, S::SoundDetails, S::EmbeddedSamples, S::SampleIndices, S::Tail};
constexpr S kTr2[] = {S::Header, S::Rooms, S::FloorData, S::Objects, S::ObjectTextures, S::SpriteTextures,
                      S::SpriteSequences, S::Cameras, S::SoundSources, S::Boxes, S::Overlaps, S::Zones,
                      S::AnimatedTextures, S::Entities, S::LightMap, S::CinematicFrames, S::DemoData, S::SoundMap,
                      S::SoundDetails, S::SampleIndices, S::Tail};
constexpr S kTr3[] = {S::Header, S::Rooms, S::FloorData, S::Objects, S::SpriteTextures, S::SpriteSequences,
                      S::Cameras, S::SoundSources, S::Boxes, S::Overlaps, S::Zones, S::AnimatedTextures,
                      S::ObjectTextures, S::Entities, S::LightMap, S::CinematicFrames, S::DemoData, S::SoundMap,
                      S::SoundDetails, S::SampleIndices, S::Tail};
constexpr S kTr4[] = {S::Header, S::Rooms, S::FloorData, S::Objects, S::SpriteMarker, S::SpriteTextures,
                      S::SpriteSequences, S::Cameras, S::FlybyCameras, S::SoundSources, S::Boxes, S::Overlaps,
                      S::Zones, S::AnimatedTextures, S::TextureMarker, S::ObjectTextures, S::Entities, S::AIObjects,
                      S::DemoData, S::SoundMap, S::SoundDetails, S::SampleIndices, S::Tail};  // TR5's too

constexpr std::uint32_t kTr4Version = 0x00345254;  // "TR4\0" (TR5 too)
constexpr std::size_t kTr5PaddingBytes = 28;

// TR5 when, after the three texture chunks, come two words and 28 zero bytes (where TR4 has the
// level data chunk's sizes and a zlib stream, never 28 zeros).
bool looksLikeTr5(std::span<const std::uint8_t> bytes) {
  ByteReader r(bytes, "");
  try {
    r.bytes(10);
    for (int i = 0; i < 3; ++i) {
      r.u32();
      r.bytes(r.u32());
    }
    if (r.remaining() < 4 + kTr5PaddingBytes) return false;
    auto peek = r.bytes(4 + kTr5PaddingBytes);
    return std::all_of(peek.begin() + 4, peek.end(), [](std::uint8_t b) { return b == 0; });
  } catch (const ParseError&) {
    return false;
  }
}

using V = RoomVertexWords;
using A = RoomAmbient;
using L = RoomLightRecord;
using E = EntityWord;
using R = RoomStaticWords;
using D = ChunkStore;

constexpr LevelLayout kLayouts[] = {
    {.game = Game::TR1, .versions = {0x20}, .file = kTr1File, .levelData = D::Rest, .sections = kTr1,
     .roomVertex = V::Lit, .roomAmbient = A::Intensity, .roomLights = L::Intensity, .boxesInWorldUnits = true,
     .entityWord = E::None, .soundDetailWords = true, .zoneArrays = 6},
    {.game = Game::TR2, .versions = {0x2D}, .file = kClassicFile, .levelData = D::Rest, .sections = kTr2,
     .roomVertex = V::Lighting2, .roomAmbient = A::TwoIntensitiesAndMode, .roomLights = L::TwoIntensities,
     .roomStatics = R::TwoIntensities, .entityWord = E::Intensity2, .soundDetailWords = true},
    {.game = Game::TR3, .versions = {0xFF180038, 0xFF080038}, .file = kClassicFile, .levelData = D::Rest,
     .sections = kTr3, .roomVertex = V::Colour, .roomAmbient = A::IntensityAndMode, .roomLights = L::Coloured,
     .roomStatics = R::ColourAndUnused, .roomWaterScheme = true, .entityWord = E::Intensity2},
    {.game = Game::TR4, .versions = {kTr4Version}, .file = kTr4File, .levelData = D::Zlib, .sections = kTr4,
     .roomVertex = V::Colour, .roomAmbient = A::Colour, .roomLights = L::Tr4, .roomStatics = R::ColourAndUnused,
     .roomWaterScheme = true, .objectTextureMapping = true, .entityWord = E::Ocb, .markerBytes = 3,
     .soundMapFromData = true, .closingBytes = 6},
    {.game = Game::TR5, .versions = {kTr4Version}, .probe = looksLikeTr5, .file = kTr5File, .levelData = D::Raw,
     .sections = kTr4, .tr5Rooms = true, .roomVertex = V::Colour, .roomAmbient = A::Colour, .roomLights = L::Tr4,
     .roomStatics = R::ColourAndUnused, .roomWaterScheme = true, .objectTextureMapping = true,
     .objectTextureFiller = true, .entityWord = E::Ocb, .markerBytes = 4, .soundMapFromData = true, .closingBytes = 6,
     .closingByte = 0xCD},
};

}  // namespace

bool LevelLayout::has(FilePart p) const { return std::find(file.begin(), file.end(), p) != file.end(); }
bool LevelLayout::has(LevelSection s) const { return std::find(sections.begin(), sections.end(), s) != sections.end(); }

const LevelLayout& levelLayout(Game g) { return kLayouts[static_cast<std::size_t>(g) - 1]; }
std::span<const LevelLayout> levelLayouts() { return kLayouts; }

std::optional<Game> levelGame(std::span<const std::uint8_t> bytes) {
  if (bytes.size() < 4) return std::nullopt;
  const std::uint32_t v = u32At(bytes);
  // A game that shares its version word with another claims the bytes only when its probe says so.
  const LevelLayout* found = nullptr;
  for (const auto& l : kLayouts) {
    if (v == 0 || (l.versions[0] != v && l.versions[1] != v)) continue;
    if (l.probe ? l.probe(bytes) : !found) found = &l;
    if (l.probe && found == &l) break;
  }
  return found ? std::optional<Game>(found->game) : std::nullopt;
}

const char* unsupportedLevel(std::uint32_t version) {
  return version == 0x63345254 ? "a TR4 demo level (\"TR4c\"): its layout is not supported" : nullptr;
}

}  // namespace wadsmith
