// Typed records of a level's data that only levels have (rooms, floor data, sprites, cameras,
// sound, boxes, textures, entities), shared by TR1-5 where the layouts agree; a field another
// game stores differently says so. Field names follow the TRosettaStone; how each is stored,
// game by game, is its one description in io/level_record_io.h (TR5 rooms: model/tr5_room.h).
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "model/mesh.h"
#include "model/refs.h"
#include "model/sound.h"

namespace wadsmith {

struct RoomVertex {  // tr3_room_vertex, 12 bytes (TR1: position and lighting, 8 bytes)
  Vec3s position;
  std::int16_t lighting = 0;
  std::uint16_t attributes = 0;  // TR2-4
  std::uint16_t colour = 0;      // TR3/4: 15-bit colour; TR2: Lighting2
};

struct RoomFace {  // tr_face4 (10 bytes) / tr_face3 (8 bytes): no effects field in rooms
  std::array<std::uint16_t, 4> vertices{};
  std::uint16_t texture = 0;
};

struct RoomSprite {
  std::int16_t vertex = 0;
  std::int16_t texture = 0;
};

// The room mesh inside the room's data words. When the counts do not fit the words the mesh
// is kept only as raw words; words after a parsed mesh are kept as `extraWords`.
struct RoomGeometry {
  bool parsed = false;
  std::vector<RoomVertex> vertices;
  std::vector<RoomFace> quads;
  std::vector<RoomFace> triangles;
  std::vector<RoomSprite> sprites;
  std::vector<std::uint16_t> extraWords;  // after the parsed mesh, or every word when !parsed
};

struct Portal {  // 32 bytes
  std::uint16_t adjoiningRoom = 0;
  Vec3s normal;
  std::array<Vec3s, 4> vertices{};
};

struct Sector {  // 8 bytes
  std::uint16_t floorDataIndex = 0, boxIndex = 0;
  std::uint8_t roomBelow = 0;
  std::int8_t floor = 0;
  std::uint8_t roomAbove = 0;
  std::int8_t ceiling = 0;
};

struct RoomLight {  // tr4_room_light, 46 bytes; floats kept bit for bit
  std::int32_t x = 0, y = 0, z = 0;
  std::uint8_t r = 0, g = 0, b = 0;
  std::uint8_t type = 0, unknown = 0, intensity = 0;
  std::array<std::uint32_t, 7> floats{};  // in, out, length, cutoff, dx, dy, dz (IEEE bits)
};

// A TR1/2 room light (18 / 24 bytes) or a TR3 one (24 bytes). TR4 lights are RoomLight.
struct ClassicRoomLight {
  std::int32_t x = 0, y = 0, z = 0;
  std::uint16_t intensity1 = 0, intensity2 = 0;  // TR1: the first only; TR2: both
  std::uint32_t fade1 = 0, fade2 = 0;            // TR1: the first only; TR2: both
  std::uint8_t r = 0, g = 0, b = 0, type = 0;    // TR3: colour and light type (0 sun, 1 point)
  // TR3: a point light's intensity and fade; a sun's normal (nx | ny << 16, nz | unused << 16).
  std::int32_t value1 = 0, value2 = 0;
};

struct RoomStatic {  // 20 bytes (TR1: 18, no `unused`)
  std::int32_t x = 0, y = 0, z = 0;
  // TR3-5: 15-bit colour and an unused word; TR1/2: Intensity1 and (TR2) Intensity2.
  std::uint16_t rotation = 0, colour = 0, unused = 0, meshId = 0;
};

// A TR1-4 room (TR5 rooms: model/tr5_room.h).
struct Room {
  std::int32_t x = 0, z = 0, yBottom = 0, yTop = 0;
  RoomGeometry geometry;
  std::vector<Portal> portals;
  std::uint16_t numZ = 0, numX = 0;
  std::vector<Sector> sectors;
  std::uint32_t colour = 0;  // TR4 (ARGB)
  // TR1: AmbientIntensity; TR2: both intensities and LightMode; TR3: AmbientIntensity, LightMode.
  std::int16_t ambientIntensity = 0, ambientIntensity2 = 0, lightMode = 0;
  std::vector<RoomLight> lights;                // TR4
  std::vector<ClassicRoomLight> classicLights;  // TR1-3
  std::vector<RoomStatic> statics;
  std::int16_t alternateRoom = 0, flags = 0;
  std::uint8_t waterScheme = 0, reverb = 0, alternateGroup = 0;  // TR3/4 (TR3: a filler byte last)
};

struct SpriteTexture {  // 16 bytes
  std::uint16_t tile = 0;
  std::uint8_t x = 0, y = 0;
  std::uint16_t width = 0, height = 0;
  std::int16_t left = 0, top = 0, right = 0, bottom = 0;
  friend bool operator==(const SpriteTexture&, const SpriteTexture&) = default;
};

struct SpriteSequence {  // 8 bytes
  std::int32_t spriteId = 0;
  std::int16_t negativeLength = 0, offset = 0;
  friend bool operator==(const SpriteSequence&, const SpriteSequence&) = default;
};

struct Camera {  // 16 bytes
  std::int32_t x = 0, y = 0, z = 0;
  std::int16_t room = 0;
  std::uint16_t flags = 0;
};

struct FlybyCamera {  // 40 bytes
  std::int32_t x = 0, y = 0, z = 0, dx = 0, dy = 0, dz = 0;
  std::uint8_t sequence = 0, index = 0;
  std::uint16_t fov = 0;
  std::int16_t roll = 0;
  std::uint16_t timer = 0, speed = 0, flags = 0;
  std::uint32_t room = 0;
};

struct SoundSource {  // 16 bytes
  std::int32_t x = 0, y = 0, z = 0;
  std::uint16_t soundId = 0, flags = 0;
};

struct Box {  // tr2_box, 8 bytes: sectors in bytes (TR1: 20 bytes, world units in 32 bits)
  std::int32_t zMin = 0, zMax = 0, xMin = 0, xMax = 0;
  std::int16_t trueFloor = 0, overlapIndex = 0;
};

struct ObjectTextureCorner {  // 8.8 fixed: fraction byte, then pixel byte
  std::uint8_t xFraction = 0, xPixel = 0, yFraction = 0, yPixel = 0;
  friend bool operator==(const ObjectTextureCorner&, const ObjectTextureCorner&) = default;
};

// tr4_object_texture, 38 bytes (TR5: 40, a filler word last); TR1-3's tr_object_texture (20
// bytes) has the attribute, the tile and the corners only.
struct ObjectTexture {
  std::uint16_t attribute = 0;   // blending mode (2: additive)
  std::uint16_t tileAndFlag = 0;  // bits 0-14 tile, bit 15 triangle (TR4/5)
  std::uint16_t newFlags = 0;
  std::array<ObjectTextureCorner, 4> corners{};
  std::uint32_t originalU = 0, originalV = 0, width = 0, height = 0;
  std::uint16_t filler = 0;  // TR5
  int tile() const { return tileAndFlag & 0x7FFF; }
  bool triangle() const { return (tileAndFlag & 0x8000) != 0; }
};

struct Entity {  // tr4_entity, 24 bytes (TR2/3: `ocb` is Intensity2; TR1: 22 bytes, no `ocb`)
  std::int16_t typeId = 0, room = 0;
  std::int32_t x = 0, y = 0, z = 0;
  std::int16_t angle = 0, intensity = 0, ocb = 0;
  std::uint16_t flags = 0;
};

struct AIObject {  // tr4_ai_object, 24 bytes
  std::uint16_t typeId = 0, room = 0;
  std::int32_t x = 0, y = 0, z = 0;
  std::int16_t ocb = 0;
  std::uint16_t flags = 0;
  std::int32_t angle = 0;
};

// The level's sound infos are the general ones (model/sound.h), tr3_sound_details, 8 bytes.
// TR1/2 store a 16-bit volume (volume | range << 8) and a 16-bit chance (chance | pitch << 8) in
// the same bytes.
using SoundDetail = SoundInfo;

struct CinematicFrame {  // TR1-3, 16 bytes
  std::int16_t targetX = 0, targetY = 0, targetZ = 0, positionZ = 0, positionY = 0, positionX = 0, fov = 0, roll = 0;
};

}  // namespace wadsmith
