// Parsing a mesh package (WAD or level) into entries: meshes where pointers or sequential
// parsing find them, and gaps for bytes no pointer reaches and nothing parses.
#pragma once
#include <cstdint>
#include <vector>

#include "io/byte_reader.h"
#include "io/byte_writer.h"
#include "io/layout.h"
#include "model/tables.h"

namespace wadsmith {

using MeshReadFn = Mesh (*)(ByteReader&);
using MeshWriteFn = void (*)(ByteWriter&, const Mesh&);

// `package` reads the package bytes (its section and base give error locations). Meshes are
// parsed sequentially; where bytes do not parse as a mesh and no pointer lands on them, they
// become a gap up to the next pointer target and parsing resumes there. A mesh a pointer lands
// on must parse (else the ParseError propagates). Unreferenced bytes that would parse as a mesh
// overlapping a pointer target are junk too.
struct ParsedMeshPackage {
  std::vector<MeshEntry> entries;
  std::vector<std::uint32_t> starts;  // byte offset of each entry
  std::uint32_t bytes = 0;
};
ParsedMeshPackage readMeshPackage(ByteReader& package, std::vector<std::uint32_t> targets, MeshReadFn read, Id& nextId);
// Writes the entries in order, recording each entry's byte offset in `at`; returns the size.
std::uint32_t writeMeshPackage(ByteWriter& w, const std::vector<MeshEntry>& entries, MeshWriteFn write, Positions& at);
// Links raw pointer offsets to entries (a pointer inside a mesh keeps its delta).
// Offsets must not exceed the package size (callers report those as errors).
std::vector<MeshPointer> linkMeshPointers(const std::vector<std::uint32_t>& offsets, const ParsedMeshPackage& package);

}  // namespace wadsmith
