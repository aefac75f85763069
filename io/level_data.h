// The level data of every game (TR4: the inflated level data chunk; TR5: its uncompressed level
// data; TR1-3: the file after the textures): its sections walked in the game's order
// (io/level_layout.h), each described once for the reader, the writer with its span report and
// the dump (docs/formats/*-level.md).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "io/tr5_room_io.h"
#include "model/level_document.h"

namespace wadsmith {

// Throws ParseError. `base` is the offset of the data's first byte in the file (0 for an
// inflated chunk: offsets in errors are then offsets in the inflated bytes, as the section
// names say). `sampleCount` (TR4/5: the samples after the chunk) helps find a TRNG sound map's
// length. TR1's embedded samples stay a slice of `payload`.
LevelData readLevelData(const SharedBytes& payload, Game game, const std::string& fileName,
                        std::optional<std::uint32_t> sampleCount, Id& nextId, std::uint64_t base = 0);
// Serializes level data in its game's layout; `spans` (optional) receives where each section
// starts. `sizeHint` (the size it was read at) saves growing the buffer.
std::vector<std::uint8_t> writeLevelData(const LevelData& data, Id idLimit, std::vector<SectionSpan>* spans = nullptr,
                                         std::size_t sizeHint = 0);

// The sound map's length: the game's, or (where TRNG makes it longer) the one that makes the
// rest end the data exactly.
std::size_t soundMapLength(const ByteReader& r, const LevelLayout& layout, std::optional<std::uint32_t> sampleCount);

// One section of the level data, for any visitor.
template <class IO>
void transferSection(IO& io, LevelData& d, LevelSection s, std::optional<std::uint32_t> sampleCount = std::nullopt) {
  using S = LevelSection;
  const LevelLayout& l = io.layout;
  auto table = [&io](const char* section, const char* key, auto& shared) {
    io.section(section);
    inShared(io, shared, [&](auto& v) { io.list(as<std::uint32_t>, {key}, v); });
  };
  auto words = [&io](const char* section, ListName name, auto& shared) {
    io.section(section);
    inShared(io, shared, [&](auto& v) { io.words(as<std::uint32_t>, name, v); });
  };
  auto area = [&io](const char* section, const char* key, auto& shared, std::size_t n) {
    io.section(section);
    inShared(io, shared, [&](auto& v) { io.area({key, nullptr, Show::Sized}, v, n); });
  };
  switch (s) {
    case S::Header: io.section("header"), io("unused", d.unused); break;
    case S::Rooms:
      io.section("rooms");
      if (l.tr5Rooms) inShared(io, d.tr5Rooms, [&](auto& v) { io.list(as<std::uint32_t>, {"rooms", "room"}, v); });
      else inShared(io, d.rooms, [&](auto& v) { io.list(as<std::uint16_t>, {"rooms", "room"}, v); });
      break;
    case S::FloorData: words("floor data", {"floor_data", nullptr, Show::Sized}, d.floorData); break;
    case S::Objects: io.objects(d.objects, levelObjectFormat(l.game)); break;
    case S::ObjectTextures: table("object textures", "object_textures", d.objectTextures); break;
    case S::SpriteMarker: io.section("SPR marker"), io.marker(std::string_view("SPR", l.markerBytes), "marker"); break;
    case S::SpriteTextures: table("sprite textures", "sprite_textures", d.spriteTextures); break;
    case S::SpriteSequences: table("sprite sequences", "sprite_sequences", d.spriteSequences); break;
    case S::Cameras: table("cameras", "cameras", d.cameras); break;
    case S::FlybyCameras: table("flyby cameras", "flyby_cameras", d.flybyCameras); break;
    case S::SoundSources: table("sound sources", "sound_sources", d.soundSources); break;
    case S::Boxes: table("boxes", "boxes", d.boxes); break;
    case S::Overlaps: words("overlaps", {"overlaps", nullptr, Show::Sized}, d.overlaps); break;
    case S::Zones:
      io.section("zones");
      inShared(io, d.zones, [&](auto& v) {
        io.fixedWords({"zones", "zone word", Show::Sized}, v, std::uint64_t{d.boxes->size()} * l.zoneArrays);
      });
      break;
    case S::AnimatedTextures: words("animated textures", {"animated_textures"}, d.animatedTextures); break;
    case S::TextureMarker:  // the UV rotation count ends the animated textures
      io("uv_rotate_count", d.uvRotateCount), io.section("TEX marker");
      io.marker(std::string_view("TEX", l.markerBytes), "marker");
      break;
    case S::Entities: table("entities", "entities", d.entities); break;
    case S::AIObjects: table("AI objects", "ai_objects", d.aiObjects); break;
    case S::LightMap: area("light map", "light_map", d.lightMap, 32 * 256); break;
    case S::Palette: area("palette", "palette", d.palette, 256 * 3); break;
    case S::CinematicFrames:
      io.section("cinematic frames");
      inShared(io, d.cinematicFrames,
               [&](auto& v) { io.list(as<std::uint16_t>, {"cinematic_frames", "cinematic frame"}, v); });
      break;
    case S::DemoData:
      io.section("demo data");
      inShared(io, d.demoData,
               [&](auto& v) { io.words(as<std::uint16_t>, {"demo_data", "demo byte", Show::Sized}, v); });
      break;
    case S::SoundMap:
      io.section("sound map");
      inShared(io, d.soundMap, [&](auto& v) {
        std::uint64_t n = v.size();
        if constexpr (IO::kReads) n = soundMapLength(io.reader(), l, sampleCount);
        io.fixedWords({"sound_map", "sound map entry"}, v, n);
      });
      break;
    case S::SoundDetails: table("sound details", "sound_details", d.soundDetails); break;
    case S::EmbeddedSamples:
      io.section("samples");
      io.blob(as<std::uint32_t>, {"embedded_samples", "sample byte", Show::Sized}, d.embeddedSamples);
      break;
    case S::SampleIndices: words("sample indices", {"sample_indices"}, d.sampleIndices); break;
    case S::Tail: io.section("tail"), inShared(io, d.tail, [&](auto& v) { io.rest({"tail"}, v); }); break;
  }
}

// Every section in the game's order.
template <class IO>
void transferLevelData(IO& io, LevelData& d, std::optional<std::uint32_t> sampleCount = std::nullopt) {
  for (LevelSection s : io.layout.sections) transferSection(io, d, s, sampleCount);
}

}  // namespace wadsmith
