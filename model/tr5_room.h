// A TR5 room: "XELA", the size of what follows, a 208-byte header and the room data (lights,
// fog bulbs, sectors, portals, statics, layers, faces, vertices), as the real files lay them
// out (docs/formats/tr5-level.md). Floats are kept as their bits. Header offsets and counts are
// kept as stored: nothing edits TR5 rooms, and null rooms store 0xCDCDCDCD in some of them.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "model/level_records.h"

namespace wadsmith {

struct Tr5RoomHeader {  // 208 bytes
  std::uint32_t separator = 0, endSectorOffset = 0, startSectorOffset = 0, separator2 = 0, endPortalOffset = 0;
  std::int32_t x = 0, y = 0, z = 0, yBottom = 0, yTop = 0;
  std::uint16_t numZ = 0, numX = 0;
  std::uint32_t colour = 0;
  std::uint16_t numLights = 0, numStatics = 0;
  std::uint8_t reverb = 0, alternateGroup = 0;
  std::uint16_t waterScheme = 0;
  std::array<std::uint32_t, 5> fillers{};  // 0x7FFF, 0x7FFF, 0xCDCDCDCD, 0xCDCDCDCD, 0xFFFFFFFF
  std::int16_t alternateRoom = 0;
  std::uint16_t flags = 0;
  std::uint32_t unknown1 = 0, unknown2 = 0, unknown3 = 0, separator3 = 0;
  std::uint16_t unknown4 = 0, unknown5 = 0;
  std::array<std::uint32_t, 3> position{};  // RoomX/Y/Z (floats)
  std::array<std::uint32_t, 6> separators{};
  std::uint32_t numTriangles = 0, numRectangles = 0;
  std::uint32_t lightsPointer = 0, fogBulbsPointer = 0, numLights2 = 0, numFogBulbs = 0;
  std::int32_t roomYTop = 0, roomYBottom = 0;
  std::uint32_t numLayers = 0, layerOffset = 0, verticesOffset = 0, polyOffset = 0, polyOffset2 = 0;
  std::uint32_t vertexBytes = 0;  // NumVertices: the size of the vertex data in bytes
  std::array<std::uint32_t, 4> separators2{};
};

struct Tr5RoomLight {  // 88 bytes
  std::array<std::uint32_t, 3> position{}, colour{};  // floats
  std::uint32_t separator = 0;
  std::uint32_t in = 0, out = 0, radIn = 0, radOut = 0, range = 0;  // floats
  std::array<std::uint32_t, 3> direction{};                        // floats
  std::array<std::int32_t, 3> positionInt{}, directionInt{};
  std::uint8_t type = 0;
  std::array<std::uint8_t, 3> filler{};
};

struct Tr5FogBulb {  // 36 bytes
  std::array<std::uint32_t, 3> position{}, colour{};  // floats
  std::uint32_t separator = 0, in = 0, out = 0;
};

struct Tr5RoomLayer {  // 56 bytes
  std::uint32_t numVertices = 0;
  std::uint16_t unknown1 = 0, numRectangles = 0, numTriangles = 0, unknown2 = 0, filler = 0, filler2 = 0;
  std::array<std::uint32_t, 6> bounds{};  // floats: x1, y1, z1, x2, y2, z2
  std::uint32_t filler3 = 0, unknown6 = 0, unknown7 = 0, unknown8 = 0;
};

struct Tr5RoomFace {  // 12 bytes (a triangle: 10, no fourth vertex)
  std::array<std::uint16_t, 4> vertices{};
  std::uint16_t texture = 0, effects = 0;
};

struct Tr5RoomVertex {  // 28 bytes
  std::array<std::uint32_t, 3> position{}, normal{};  // floats
  std::uint32_t colour = 0;
};

struct Tr5Room {
  Tr5RoomHeader header;
  // The room data as parsed. When the header's counts do not describe the data bytes (a null
  // room, an unknown layout), `parsed` is false and `tail` holds every data byte.
  bool parsed = false;
  std::vector<Tr5RoomLight> lights;
  std::vector<Tr5FogBulb> fogBulbs;
  std::vector<Sector> sectors;
  std::vector<Portal> portals;
  std::uint16_t portalSeparator = 0;  // 0xCDCD after the portals
  std::vector<RoomStatic> statics;
  std::vector<Tr5RoomLayer> layers;
  std::vector<Tr5RoomFace> faces;  // per layer: its rectangles, then its triangles
  std::vector<Tr5RoomVertex> vertices;
  std::vector<std::uint8_t> tail;  // data bytes after the vertices (or all of them when !parsed)
};

}  // namespace wadsmith
