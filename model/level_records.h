// Typed records of a TR4 level's data chunk that only levels have (rooms, floor data, sprites,
// cameras, sound, boxes, textures, entities). Field names follow the TRosettaStone; each is
// read and written by io/tr4_records.cpp / io/tr4_rooms.cpp.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "model/mesh.h"
#include "model/refs.h"
#include "model/sound.h"

namespace wadsmith {

struct RoomVertex {  // tr3_room_vertex, 12 bytes
  Vec3s position;
  std::int16_t lighting = 0;
  std::uint16_t attributes = 0;
  std::uint16_t colour = 0;
  friend bool operator==(const RoomVertex&, const RoomVertex&) = default;
};

struct RoomFace {  // tr_face4 (10 bytes) / tr_face3 (8 bytes): no effects field in rooms
  std::array<std::uint16_t, 4> vertices{};
  std::uint16_t texture = 0;
  friend bool operator==(const RoomFace&, const RoomFace&) = default;
};

struct RoomSprite {
  std::int16_t vertex = 0;
  std::int16_t texture = 0;
  friend bool operator==(const RoomSprite&, const RoomSprite&) = default;
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
  friend bool operator==(const RoomGeometry&, const RoomGeometry&) = default;
};

struct Portal {  // 32 bytes
  std::uint16_t adjoiningRoom = 0;
  Vec3s normal;
  std::array<Vec3s, 4> vertices{};
  friend bool operator==(const Portal&, const Portal&) = default;
};

struct Sector {  // 8 bytes
  std::uint16_t floorDataIndex = 0, boxIndex = 0;
  std::uint8_t roomBelow = 0;
  std::int8_t floor = 0;
  std::uint8_t roomAbove = 0;
  std::int8_t ceiling = 0;
  friend bool operator==(const Sector&, const Sector&) = default;
};

struct RoomLight {  // tr4_room_light, 46 bytes; floats kept bit for bit
  std::int32_t x = 0, y = 0, z = 0;
  std::uint8_t r = 0, g = 0, b = 0;
  std::uint8_t type = 0, unknown = 0, intensity = 0;
  std::array<std::uint32_t, 7> floats{};  // in, out, length, cutoff, dx, dy, dz (IEEE bits)
  friend bool operator==(const RoomLight&, const RoomLight&) = default;
};

struct RoomStatic {  // 20 bytes
  std::int32_t x = 0, y = 0, z = 0;
  std::uint16_t rotation = 0, colour = 0, unused = 0, meshId = 0;
  friend bool operator==(const RoomStatic&, const RoomStatic&) = default;
};

struct Room {
  std::int32_t x = 0, z = 0, yBottom = 0, yTop = 0;
  RoomGeometry geometry;
  std::vector<Portal> portals;
  std::uint16_t numZ = 0, numX = 0;
  std::vector<Sector> sectors;
  std::uint32_t colour = 0;
  std::vector<RoomLight> lights;
  std::vector<RoomStatic> statics;
  std::int16_t alternateRoom = 0, flags = 0;
  std::uint8_t waterScheme = 0, reverb = 0, alternateGroup = 0;
  friend bool operator==(const Room&, const Room&) = default;
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
  friend bool operator==(const Camera&, const Camera&) = default;
};

struct FlybyCamera {  // 40 bytes
  std::int32_t x = 0, y = 0, z = 0, dx = 0, dy = 0, dz = 0;
  std::uint8_t sequence = 0, index = 0;
  std::uint16_t fov = 0;
  std::int16_t roll = 0;
  std::uint16_t timer = 0, speed = 0, flags = 0;
  std::uint32_t room = 0;
  friend bool operator==(const FlybyCamera&, const FlybyCamera&) = default;
};

struct SoundSource {  // 16 bytes
  std::int32_t x = 0, y = 0, z = 0;
  std::uint16_t soundId = 0, flags = 0;
  friend bool operator==(const SoundSource&, const SoundSource&) = default;
};

struct Box {  // tr2_box, 8 bytes
  std::uint8_t zMin = 0, zMax = 0, xMin = 0, xMax = 0;
  std::int16_t trueFloor = 0, overlapIndex = 0;
  friend bool operator==(const Box&, const Box&) = default;
};

struct ObjectTextureCorner {  // 8.8 fixed: fraction byte, then pixel byte
  std::uint8_t xFraction = 0, xPixel = 0, yFraction = 0, yPixel = 0;
  friend bool operator==(const ObjectTextureCorner&, const ObjectTextureCorner&) = default;
};

struct ObjectTexture {  // tr4_object_texture, 38 bytes
  std::uint16_t attribute = 0;   // blending mode
  std::uint16_t tileAndFlag = 0;  // bits 0-14 tile, bit 15 triangle
  std::uint16_t newFlags = 0;
  std::array<ObjectTextureCorner, 4> corners{};
  std::uint32_t originalU = 0, originalV = 0, width = 0, height = 0;
  int tile() const { return tileAndFlag & 0x7FFF; }
  bool triangle() const { return (tileAndFlag & 0x8000) != 0; }
  friend bool operator==(const ObjectTexture&, const ObjectTexture&) = default;
};

struct Entity {  // tr4_entity, 24 bytes
  std::int16_t typeId = 0, room = 0;
  std::int32_t x = 0, y = 0, z = 0;
  std::int16_t angle = 0, intensity = 0, ocb = 0;
  std::uint16_t flags = 0;
  friend bool operator==(const Entity&, const Entity&) = default;
};

struct AIObject {  // tr4_ai_object, 24 bytes
  std::uint16_t typeId = 0, room = 0;
  std::int32_t x = 0, y = 0, z = 0;
  std::int16_t ocb = 0;
  std::uint16_t flags = 0;
  std::int32_t angle = 0;
  friend bool operator==(const AIObject&, const AIObject&) = default;
};

// The level's sound infos are the general ones (model/sound.h).
using SoundDetail = SoundInfo;

}  // namespace wadsmith
