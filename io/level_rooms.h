// TR1-4 rooms: read and write side by side (TR5 rooms: io/tr5_rooms.h). The games differ in the
// room vertex (TR1: 8 bytes), the ambient light fields, the lights and the room statics.
#pragma once
#include "io/byte_reader.h"
#include "io/byte_writer.h"
#include "model/game.h"
#include "model/level_records.h"

namespace wadsmith {

// Parts TR5's rooms store as TR1-4's do (TR5's statics are TR3's).
Portal readPortal(ByteReader& r);
void writePortal(ByteWriter& w, const Portal& p);
Sector readSector(ByteReader& r);
void writeSector(ByteWriter& w, const Sector& s);
RoomStatic readRoomStatic(ByteReader& r, Game g);
void writeRoomStatic(ByteWriter& w, const RoomStatic& s, Game g);

// The fewest bytes a room of this game takes (for count checks).
std::size_t roomMinSize(Game g);
Room readRoom(ByteReader& r, Game g);
void writeRoom(ByteWriter& w, const Room& room, Game g);

}  // namespace wadsmith
