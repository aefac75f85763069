// TR4 level mesh: read and write side by side. Quads come first, then triangles, each with a
// 16-bit effects word; meshes start on 4-byte boundaries and the 2 filler bytes that align the
// next one are kept in Mesh::padding.
#pragma once
#include "io/byte_reader.h"
#include "io/byte_writer.h"
#include "model/mesh.h"

namespace wadsmith {

Mesh readLevelMesh(ByteReader& r);
void writeLevelMesh(ByteWriter& w, const Mesh& mesh);

}  // namespace wadsmith
