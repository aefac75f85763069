// Level meshes: read and write side by side. After the body (io/mesh_body.h) come groups of
// faces, each a u16 count and its faces; meshes start on 4-byte boundaries and the filler word
// that aligns the next one is kept in Mesh::padding.
// TR1-3: textured quads, textured triangles, coloured quads and coloured triangles, each face
// without an effects word. TR4/TR5: quads, then triangles, each face with a 16-bit effects word.
#pragma once
#include "io/byte_reader.h"
#include "io/byte_writer.h"
#include "model/mesh.h"

namespace wadsmith {

Mesh readClassicMesh(ByteReader& r);  // TR1-3
void writeClassicMesh(ByteWriter& w, const Mesh& mesh);
Mesh readLevelMesh(ByteReader& r);  // TR4/TR5
void writeLevelMesh(ByteWriter& w, const Mesh& mesh);

}  // namespace wadsmith
