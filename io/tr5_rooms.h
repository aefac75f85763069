// TR5 rooms ("XELA" blocks): read and write side by side.
#pragma once
#include "io/byte_reader.h"
#include "io/byte_writer.h"
#include "model/tr5_room.h"

namespace wadsmith {

constexpr std::size_t kTr5RoomHeaderSize = 208;

Tr5Room readTr5Room(ByteReader& r);
void writeTr5Room(ByteWriter& w, const Tr5Room& room);

}  // namespace wadsmith
