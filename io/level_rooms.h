// TR1-4 rooms: read and write side by side (TR5 rooms: io/tr5_rooms.h). The games differ in the
// room vertex (TR1: 8 bytes), the ambient light fields, the lights and the room statics.
#pragma once
#include "io/byte_reader.h"
#include "io/byte_writer.h"
#include "model/game.h"
#include "model/level_records.h"

namespace wadsmith {

// The fewest bytes a room of this game takes (for count checks).
std::size_t roomMinSize(Game g);
Room readRoom(ByteReader& r, Game g);
void writeRoom(ByteWriter& w, const Room& room, Game g);

}  // namespace wadsmith
