// TR4 rooms: read and write side by side.
#pragma once
#include "io/byte_reader.h"
#include "io/byte_writer.h"
#include "model/level_records.h"

namespace wadsmith {

Room readRoom(ByteReader& r);
void writeRoom(ByteWriter& w, const Room& room);

}  // namespace wadsmith
