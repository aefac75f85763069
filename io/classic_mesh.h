// TR1-3 level mesh: read and write side by side. After the body come textured quads, textured
// triangles, coloured quads and coloured triangles, each a u16 count and faces without an
// effects word; meshes start on 4-byte boundaries and the filler word is kept in Mesh::padding.
#pragma once
#include "io/byte_reader.h"
#include "io/byte_writer.h"
#include "model/mesh.h"

namespace wadsmith {

Mesh readClassicMesh(ByteReader& r);
void writeClassicMesh(ByteWriter& w, const Mesh& mesh);

}  // namespace wadsmith
