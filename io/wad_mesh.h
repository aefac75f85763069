// WAD mesh record: read and write side by side.
#pragma once
#include "io/byte_reader.h"
#include "io/byte_writer.h"
#include "model/mesh.h"

namespace wadsmith {

Mesh readWadMesh(ByteReader& r);
void writeWadMesh(ByteWriter& w, const Mesh& mesh);

}  // namespace wadsmith
