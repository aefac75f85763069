#include "io/level_rooms.h"

#include <string>
#include "io/vec_io.h"

namespace wadsmith {
namespace {

// The room mesh: vertices (12 bytes; TR1: 8), quads (10: no effects word in rooms), triangles
// (8), sprites (4). Reading stays inside the room's data words.
RoomGeometry readGeometry(ByteReader& room, Game game) {
  const bool tr1 = game == Game::TR1;
  RoomGeometry g;
  ByteReader r(room.all(), room.fileName(), room.absolute(0));
  r.section(room.sectionName());
  try {
    g.vertices.resize(r.count(r.u16(), tr1 ? 8 : 12, "room vertex"));
    for (auto& v : g.vertices) {
      v.position = readVec3s(r);
      v.lighting = r.i16();
      if (tr1) continue;
      v.attributes = r.u16();
      v.colour = r.u16();
    }
    auto faces = [&](std::vector<RoomFace>& out, int corners, const char* what) {
      out.resize(r.count(r.u16(), 2 * corners + 2, what));
      for (auto& f : out) {
        for (int c = 0; c < corners; ++c) f.vertices[c] = r.u16();
        f.texture = r.u16();
      }
    };
    faces(g.quads, 4, "room quad");
    faces(g.triangles, 3, "room triangle");
    g.sprites.resize(r.count(r.u16(), 4, "room sprite"));
    for (auto& s : g.sprites) {
      s.vertex = r.i16();
      s.texture = r.i16();
    }
    g.parsed = true;
  } catch (const ParseError&) {
    // Counts that do not fit the words: keep the words as they are.
    g = RoomGeometry{};
    r.seek(0);
  }
  while (r.remaining() >= 2) g.extraWords.push_back(r.u16());
  return g;
}

void writeGeometry(ByteWriter& w, const RoomGeometry& g, Game game) {
  if (g.parsed) {
    w.u16(static_cast<std::uint16_t>(g.vertices.size()));
    for (const auto& v : g.vertices) {
      writeVec3s(w, v.position);
      w.i16(v.lighting);
      if (game == Game::TR1) continue;
      w.u16(v.attributes);
      w.u16(v.colour);
    }
    auto faces = [&](const std::vector<RoomFace>& in, int corners) {
      w.u16(static_cast<std::uint16_t>(in.size()));
      for (const auto& f : in) {
        for (int c = 0; c < corners; ++c) w.u16(f.vertices[c]);
        w.u16(f.texture);
      }
    };
    faces(g.quads, 4);
    faces(g.triangles, 3);
    w.u16(static_cast<std::uint16_t>(g.sprites.size()));
    for (const auto& s : g.sprites) {
      w.i16(s.vertex);
      w.i16(s.texture);
    }
  }
  for (auto v : g.extraWords) w.u16(v);
}

std::size_t lightSize(Game g) { return g == Game::TR1 ? 18 : g == Game::TR4 ? 46 : 24; }

ClassicRoomLight readClassicLight(ByteReader& r, Game g) {
  ClassicRoomLight l;
  l.x = r.i32();
  l.y = r.i32();
  l.z = r.i32();
  if (g == Game::TR3) {
    l.r = r.u8();
    l.g = r.u8();
    l.b = r.u8();
    l.type = r.u8();
    l.value1 = r.i32();
    l.value2 = r.i32();
  } else if (g == Game::TR2) {
    l.intensity1 = r.u16();
    l.intensity2 = r.u16();
    l.fade1 = r.u32();
    l.fade2 = r.u32();
  } else {
    l.intensity1 = r.u16();
    l.fade1 = r.u32();
  }
  return l;
}
void writeClassicLight(ByteWriter& w, const ClassicRoomLight& l, Game g) {
  w.i32(l.x);
  w.i32(l.y);
  w.i32(l.z);
  if (g == Game::TR3) {
    w.u8(l.r);
    w.u8(l.g);
    w.u8(l.b);
    w.u8(l.type);
    w.i32(l.value1);
    w.i32(l.value2);
  } else if (g == Game::TR2) {
    w.u16(l.intensity1);
    w.u16(l.intensity2);
    w.u32(l.fade1);
    w.u32(l.fade2);
  } else {
    w.u16(l.intensity1);
    w.u32(l.fade1);
  }
}

RoomLight readLight(ByteReader& r) {
  RoomLight l;
  l.x = r.i32();
  l.y = r.i32();
  l.z = r.i32();
  l.r = r.u8();
  l.g = r.u8();
  l.b = r.u8();
  l.type = r.u8();
  l.unknown = r.u8();
  l.intensity = r.u8();
  for (auto& f : l.floats) f = r.u32();
  return l;
}
void writeLight(ByteWriter& w, const RoomLight& l) {
  w.i32(l.x);
  w.i32(l.y);
  w.i32(l.z);
  w.u8(l.r);
  w.u8(l.g);
  w.u8(l.b);
  w.u8(l.type);
  w.u8(l.unknown);
  w.u8(l.intensity);
  for (auto f : l.floats) w.u32(f);
}

}  // namespace

Portal readPortal(ByteReader& r) {
  Portal p;
  p.adjoiningRoom = r.u16();
  p.normal = readVec3s(r);
  for (auto& v : p.vertices) v = readVec3s(r);
  return p;
}
void writePortal(ByteWriter& w, const Portal& p) {
  w.u16(p.adjoiningRoom);
  writeVec3s(w, p.normal);
  for (const auto& v : p.vertices) writeVec3s(w, v);
}

Sector readSector(ByteReader& r) {
  Sector s;
  s.floorDataIndex = r.u16();
  s.boxIndex = r.u16();
  s.roomBelow = r.u8();
  s.floor = r.i8();
  s.roomAbove = r.u8();
  s.ceiling = r.i8();
  return s;
}
void writeSector(ByteWriter& w, const Sector& s) {
  w.u16(s.floorDataIndex);
  w.u16(s.boxIndex);
  w.u8(s.roomBelow);
  w.i8(s.floor);
  w.u8(s.roomAbove);
  w.i8(s.ceiling);
}

RoomStatic readRoomStatic(ByteReader& r, Game g) {
  RoomStatic s;
  s.x = r.i32();
  s.y = r.i32();
  s.z = r.i32();
  s.rotation = r.u16();
  s.colour = r.u16();
  if (g != Game::TR1) s.unused = r.u16();
  s.meshId = r.u16();
  return s;
}
void writeRoomStatic(ByteWriter& w, const RoomStatic& s, Game g) {
  w.i32(s.x);
  w.i32(s.y);
  w.i32(s.z);
  w.u16(s.rotation);
  w.u16(s.colour);
  if (g != Game::TR1) w.u16(s.unused);
  w.u16(s.meshId);
}

std::size_t roomMinSize(Game g) {
  // info, data word count, portal count, sector dimensions, the ambient or colour fields,
  // light and static counts, alternate room and flags (TR3/4: and three bytes).
  const std::size_t ambient = g == Game::TR1 ? 2 : g == Game::TR2 ? 6 : 4;
  return 16 + 4 + 2 + 4 + ambient + 2 + 2 + 4 + (g >= Game::TR3 ? 3 : 0);
}

Room readRoom(ByteReader& r, Game game) {
  Room room;
  room.x = r.i32();
  room.z = r.i32();
  room.yBottom = r.i32();
  room.yTop = r.i32();
  std::size_t bytes = r.count(r.u32(), 2, "room data word") * 2;
  const std::uint64_t base = r.absolute();
  ByteReader data(r.bytes(bytes), r.fileName(), base);
  data.section(r.sectionName());
  room.geometry = readGeometry(data, game);

  room.portals.resize(r.count(r.u16(), 32, "portal"));
  for (auto& p : room.portals) p = readPortal(r);
  room.numZ = r.u16();
  room.numX = r.u16();
  room.sectors.resize(r.count(std::uint64_t{room.numZ} * room.numX, 8, "sector"));
  for (auto& s : room.sectors) s = readSector(r);
  if (game == Game::TR4) {
    room.colour = r.u32();
  } else {
    room.ambientIntensity = r.i16();
    if (game == Game::TR2) room.ambientIntensity2 = r.i16();
    if (game != Game::TR1) room.lightMode = r.i16();
  }
  const std::size_t lights = r.count(r.u16(), lightSize(game), "light");
  if (game == Game::TR4) {
    room.lights.reserve(lights);
    for (std::size_t i = 0; i < lights; ++i) room.lights.push_back(readLight(r));
  } else {
    room.classicLights.reserve(lights);
    for (std::size_t i = 0; i < lights; ++i) room.classicLights.push_back(readClassicLight(r, game));
  }
  room.statics.resize(r.count(r.u16(), game == Game::TR1 ? 18 : 20, "room static"));
  for (auto& s : room.statics) s = readRoomStatic(r, game);
  room.alternateRoom = r.i16();
  room.flags = r.i16();
  if (game >= Game::TR3) {
    room.waterScheme = r.u8();
    room.reverb = r.u8();
    room.alternateGroup = r.u8();
  }
  return room;
}

void writeRoom(ByteWriter& w, const Room& room, Game game) {
  w.i32(room.x);
  w.i32(room.z);
  w.i32(room.yBottom);
  w.i32(room.yTop);
  const std::size_t countAt = w.pos();
  w.u32(0);
  const std::size_t start = w.pos();
  writeGeometry(w, room.geometry, game);
  w.patchU32(countAt, static_cast<std::uint32_t>((w.pos() - start) / 2));

  w.u16(static_cast<std::uint16_t>(room.portals.size()));
  for (const auto& p : room.portals) writePortal(w, p);
  w.u16(room.numZ);
  w.u16(room.numX);
  for (const auto& s : room.sectors) writeSector(w, s);
  if (game == Game::TR4) {
    w.u32(room.colour);
    w.u16(static_cast<std::uint16_t>(room.lights.size()));
    for (const auto& l : room.lights) writeLight(w, l);
  } else {
    w.i16(room.ambientIntensity);
    if (game == Game::TR2) w.i16(room.ambientIntensity2);
    if (game != Game::TR1) w.i16(room.lightMode);
    w.u16(static_cast<std::uint16_t>(room.classicLights.size()));
    for (const auto& l : room.classicLights) writeClassicLight(w, l, game);
  }
  w.u16(static_cast<std::uint16_t>(room.statics.size()));
  for (const auto& s : room.statics) writeRoomStatic(w, s, game);
  w.i16(room.alternateRoom);
  w.i16(room.flags);
  if (game >= Game::TR3) {
    w.u8(room.waterScheme);
    w.u8(room.reverb);
    w.u8(room.alternateGroup);
  }
}

}  // namespace wadsmith
