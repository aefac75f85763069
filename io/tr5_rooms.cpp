#include "io/tr5_rooms.h"

#include "io/level_rooms.h"

namespace wadsmith {
namespace {

template <std::size_t N>
void readArray(ByteReader& r, std::array<std::uint32_t, N>& a) {
  for (auto& v : a) v = r.u32();
}
template <std::size_t N>
void writeArray(ByteWriter& w, const std::array<std::uint32_t, N>& a) {
  for (auto v : a) w.u32(v);
}

Tr5RoomHeader readHeader(ByteReader& r) {
  Tr5RoomHeader h;
  h.separator = r.u32();
  h.endSectorOffset = r.u32();
  h.startSectorOffset = r.u32();
  h.separator2 = r.u32();
  h.endPortalOffset = r.u32();
  h.x = r.i32();
  h.y = r.i32();
  h.z = r.i32();
  h.yBottom = r.i32();
  h.yTop = r.i32();
  h.numZ = r.u16();
  h.numX = r.u16();
  h.colour = r.u32();
  h.numLights = r.u16();
  h.numStatics = r.u16();
  h.reverb = r.u8();
  h.alternateGroup = r.u8();
  h.waterScheme = r.u16();
  readArray(r, h.fillers);
  h.alternateRoom = r.i16();
  h.flags = r.u16();
  h.unknown1 = r.u32();
  h.unknown2 = r.u32();
  h.unknown3 = r.u32();
  h.separator3 = r.u32();
  h.unknown4 = r.u16();
  h.unknown5 = r.u16();
  readArray(r, h.position);
  readArray(r, h.separators);
  h.numTriangles = r.u32();
  h.numRectangles = r.u32();
  h.lightsPointer = r.u32();
  h.fogBulbsPointer = r.u32();
  h.numLights2 = r.u32();
  h.numFogBulbs = r.u32();
  h.roomYTop = r.i32();
  h.roomYBottom = r.i32();
  h.numLayers = r.u32();
  h.layerOffset = r.u32();
  h.verticesOffset = r.u32();
  h.polyOffset = r.u32();
  h.polyOffset2 = r.u32();
  h.vertexBytes = r.u32();
  readArray(r, h.separators2);
  return h;
}
void writeHeader(ByteWriter& w, const Tr5RoomHeader& h) {
  w.u32(h.separator);
  w.u32(h.endSectorOffset);
  w.u32(h.startSectorOffset);
  w.u32(h.separator2);
  w.u32(h.endPortalOffset);
  w.i32(h.x);
  w.i32(h.y);
  w.i32(h.z);
  w.i32(h.yBottom);
  w.i32(h.yTop);
  w.u16(h.numZ);
  w.u16(h.numX);
  w.u32(h.colour);
  w.u16(h.numLights);
  w.u16(h.numStatics);
  w.u8(h.reverb);
  w.u8(h.alternateGroup);
  w.u16(h.waterScheme);
  writeArray(w, h.fillers);
  w.i16(h.alternateRoom);
  w.u16(h.flags);
  w.u32(h.unknown1);
  w.u32(h.unknown2);
  w.u32(h.unknown3);
  w.u32(h.separator3);
  w.u16(h.unknown4);
  w.u16(h.unknown5);
  writeArray(w, h.position);
  writeArray(w, h.separators);
  w.u32(h.numTriangles);
  w.u32(h.numRectangles);
  w.u32(h.lightsPointer);
  w.u32(h.fogBulbsPointer);
  w.u32(h.numLights2);
  w.u32(h.numFogBulbs);
  w.i32(h.roomYTop);
  w.i32(h.roomYBottom);
  w.u32(h.numLayers);
  w.u32(h.layerOffset);
  w.u32(h.verticesOffset);
  w.u32(h.polyOffset);
  w.u32(h.polyOffset2);
  w.u32(h.vertexBytes);
  writeArray(w, h.separators2);
}

// The room data the header's counts describe, in file order. Throws ParseError when they do
// not fit the data bytes.
void readData(ByteReader& r, Tr5Room& room) {
  const Tr5RoomHeader& h = room.header;
  room.lights.resize(r.count(h.numLights, 88, "TR5 room light"));
  for (auto& l : room.lights) {
    readArray(r, l.position);
    readArray(r, l.colour);
    l.separator = r.u32();
    l.in = r.u32();
    l.out = r.u32();
    l.radIn = r.u32();
    l.radOut = r.u32();
    l.range = r.u32();
    readArray(r, l.direction);
    for (auto& v : l.positionInt) v = r.i32();
    for (auto& v : l.directionInt) v = r.i32();
    l.type = r.u8();
    for (auto& b : l.filler) b = r.u8();
  }
  room.fogBulbs.resize(r.count(h.numFogBulbs, 36, "fog bulb"));
  for (auto& f : room.fogBulbs) {
    readArray(r, f.position);
    readArray(r, f.colour);
    f.separator = r.u32();
    f.in = r.u32();
    f.out = r.u32();
  }
  room.sectors.resize(r.count(std::uint64_t{h.numZ} * h.numX, 8, "sector"));
  for (auto& s : room.sectors) s = readSector(r);
  room.portals.resize(r.count(r.u16(), 32, "portal"));
  for (auto& p : room.portals) p = readPortal(r);
  room.portalSeparator = r.u16();
  room.statics.resize(r.count(h.numStatics, 20, "room static"));
  for (auto& s : room.statics) s = readRoomStatic(r, Game::TR5);
  room.layers.resize(r.count(h.numLayers, 56, "layer"));
  std::uint64_t quads = 0, triangles = 0;
  for (auto& l : room.layers) {
    l.numVertices = r.u32();
    l.unknown1 = r.u16();
    l.numRectangles = r.u16();
    l.numTriangles = r.u16();
    l.unknown2 = r.u16();
    l.filler = r.u16();
    l.filler2 = r.u16();
    readArray(r, l.bounds);
    l.filler3 = r.u32();
    l.unknown6 = r.u32();
    l.unknown7 = r.u32();
    l.unknown8 = r.u32();
    quads += l.numRectangles;
    triangles += l.numTriangles;
  }
  r.count(quads * 12 + triangles * 10, 1, "room face byte");
  room.faces.reserve(quads + triangles);
  for (const auto& l : room.layers)
    for (int corners : {4, 3})
      for (std::size_t i = 0, n = corners == 4 ? l.numRectangles : l.numTriangles; i < n; ++i) {
        Tr5RoomFace f;
        for (int c = 0; c < corners; ++c) f.vertices[c] = r.u16();
        f.texture = r.u16();
        f.effects = r.u16();
        room.faces.push_back(f);
      }
  if (h.vertexBytes % 28) r.fail("vertex data of " + std::to_string(h.vertexBytes) + " bytes is no whole number of 28-byte vertices");
  room.vertices.resize(r.count(h.vertexBytes / 28, 28, "TR5 room vertex"));
  for (auto& v : room.vertices) {
    readArray(r, v.position);
    readArray(r, v.normal);
    v.colour = r.u32();
  }
}

}  // namespace

Tr5Room readTr5Room(ByteReader& r) {
  const std::size_t at = r.pos();
  auto marker = r.bytes(4);
  if (marker[0] != 'X' || marker[1] != 'E' || marker[2] != 'L' || marker[3] != 'A') r.fail("expected the \"XELA\" room marker", at);
  const std::size_t size = r.count(r.u32(), 1, "room data byte");
  if (size < kTr5RoomHeaderSize)
    r.fail("room data of " + std::to_string(size) + " bytes is shorter than the " + std::to_string(kTr5RoomHeaderSize) +
           "-byte room header");
  ByteReader block(r.bytes(size), r.fileName(), r.absolute() - size);
  block.section(r.sectionName());
  Tr5Room room;
  room.header = readHeader(block);
  const std::size_t dataStart = block.pos();
  try {
    readData(block, room);
    room.parsed = true;
  } catch (const ParseError&) {
    // Counts that do not describe the data (a null room): the data bytes as they are.
    const Tr5RoomHeader header = room.header;
    room = Tr5Room{};
    room.header = header;
    block.seek(dataStart);
  }
  auto tail = block.bytes(block.remaining());
  room.tail.assign(tail.begin(), tail.end());
  return room;
}

void writeTr5Room(ByteWriter& w, const Tr5Room& room) {
  w.u8('X'), w.u8('E'), w.u8('L'), w.u8('A');
  const std::size_t sizeAt = w.pos();
  w.u32(0);
  const std::size_t start = w.pos();
  writeHeader(w, room.header);
  if (room.parsed) {
    for (const auto& l : room.lights) {
      writeArray(w, l.position);
      writeArray(w, l.colour);
      w.u32(l.separator);
      w.u32(l.in);
      w.u32(l.out);
      w.u32(l.radIn);
      w.u32(l.radOut);
      w.u32(l.range);
      writeArray(w, l.direction);
      for (auto v : l.positionInt) w.i32(v);
      for (auto v : l.directionInt) w.i32(v);
      w.u8(l.type);
      for (auto b : l.filler) w.u8(b);
    }
    for (const auto& f : room.fogBulbs) {
      writeArray(w, f.position);
      writeArray(w, f.colour);
      w.u32(f.separator);
      w.u32(f.in);
      w.u32(f.out);
    }
    for (const auto& s : room.sectors) writeSector(w, s);
    w.u16(static_cast<std::uint16_t>(room.portals.size()));
    for (const auto& p : room.portals) writePortal(w, p);
    w.u16(room.portalSeparator);
    for (const auto& s : room.statics) writeRoomStatic(w, s, Game::TR5);
    std::size_t face = 0;
    for (const auto& l : room.layers) {
      w.u32(l.numVertices);
      w.u16(l.unknown1);
      w.u16(l.numRectangles);
      w.u16(l.numTriangles);
      w.u16(l.unknown2);
      w.u16(l.filler);
      w.u16(l.filler2);
      writeArray(w, l.bounds);
      w.u32(l.filler3);
      w.u32(l.unknown6);
      w.u32(l.unknown7);
      w.u32(l.unknown8);
    }
    for (const auto& l : room.layers)
      for (int corners : {4, 3})
        for (std::size_t i = 0, n = corners == 4 ? l.numRectangles : l.numTriangles; i < n; ++i, ++face) {
          if (face >= room.faces.size()) throw WriteError("a TR5 room's layers count more faces than it has");
          const Tr5RoomFace& f = room.faces[face];
          for (int c = 0; c < corners; ++c) w.u16(f.vertices[c]);
          w.u16(f.texture);
          w.u16(f.effects);
        }
    for (const auto& v : room.vertices) {
      writeArray(w, v.position);
      writeArray(w, v.normal);
      w.u32(v.colour);
    }
  }
  w.bytes(room.tail);
  w.patchU32(sizeAt, static_cast<std::uint32_t>(w.pos() - start));
}

}  // namespace wadsmith
