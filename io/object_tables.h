// The object tables every format stores alike and in the same order: the mesh package and its
// pointers (the WAD puts the pointers first, levels the meshes), animations, state changes,
// dispatches, commands, links (mesh trees), keyframes (frames), movables (models) and statics.
// One reader and one writer serve the WAD, TR4/TR5 levels (TR5: 20-byte models) and, with their
// own mesh record and 32-byte animations, the TR1-3 levels. Each record's reader sits next to
// its writer.
#pragma once
#include <array>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "io/byte_reader.h"
#include "io/byte_rope.h"
#include "io/byte_writer.h"
#include "io/mesh_package.h"
#include "model/game.h"
#include "model/tables.h"

namespace wadsmith {

struct SectionSpan {
  std::string name;
  std::uint64_t begin = 0, end = 0;
};

enum class ObjectSection { MeshPackage, MeshPointers, Animations, StateChanges, Dispatches, Commands, Links, Keyframes, Movables, Statics };
constexpr std::size_t kObjectSections = 10;

struct ObjectTableFormat {
  std::string prefix;        // before every section name in errors ("level data: ")
  bool meshesFirst = false;  // levels store the mesh data before its pointers
  bool lateralSpeeds = true; // TR4/TR5 animations are 40 bytes; TR1-3 have no lateral speeds (32)
  bool movablePadding = false;  // TR5 models are 20 bytes: a filler word last
  KeyframeFormat keyframes = KeyframeFormat::Tr4;
  MeshReadFn readMesh = nullptr;
  MeshWriteFn writeMesh = nullptr;
  std::array<const char*, kObjectSections> names{};  // by ObjectSection
  const char* name(ObjectSection s) const { return names[static_cast<std::size_t>(s)]; }
};

const ObjectTableFormat& wadObjectFormat();
// The object tables of a level of each game.
const ObjectTableFormat& levelObjectFormat(Game g);

// Reads the tables at the reader's position. Throws ParseError.
ObjectTables readObjectTables(ByteReader& r, const ObjectTableFormat& f, Id& nextId, const SharedBytes* source = nullptr);
// Writes them; `mark(name)` (if set) is called as each section starts. With `rope` (whose writer
// `w` is), large package segments are appended as pieces, not copied. Throws WriteError when a
// position no longer fits its field.
void writeObjectTables(ByteWriter& w, const ObjectTables& t, const ObjectTableFormat& f, Id idLimit,
                       const std::function<void(const char*)>& mark = {}, ByteRope* rope = nullptr);
// Walks the section counts from the reader's position without parsing the records (for
// reports on any file the reader accepts); appends a span per section.
void objectTableSpans(ByteReader& r, const ObjectTableFormat& f, std::vector<SectionSpan>& spans);

}  // namespace wadsmith
