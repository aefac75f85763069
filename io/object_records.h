// The fixed-size records both the WAD and a TR4 level store: animations (40 bytes), state
// changes (6), dispatches (8), movables / models (18), statics (32). Readers return references
// as raw stored values (the codec links them to ids afterwards); writers resolve them through
// Positions. Each reader sits next to its writer.
#pragma once
#include "io/byte_reader.h"
#include "io/byte_writer.h"
#include "io/layout.h"
#include "model/tables.h"

namespace wadsmith {

// Table sizes and package sizes of the document being written, for End references.
struct TableSizes {
  std::uint32_t meshPointers = 0, animations = 0, stateChanges = 0, dispatches = 0;
  std::uint32_t meshBytes = 0, commandWords = 0, linkDwords = 0, keyframeWords = 0;
};

// The sizes the writer derives from the tables (meshBytes is set once the meshes are laid out).
TableSizes tableSizes(const ObjectTables& t);
// Table indices of every record that other records reference.
void setRecordPositions(Positions& at, const ObjectTables& t);

constexpr std::size_t kAnimationSize = 40, kStateChangeSize = 6, kDispatchSize = 8;
constexpr std::size_t kMovableSize = 18, kStaticSize = 32;

BoundingBox readBox(ByteReader& r);
void writeBox(ByteWriter& w, const BoundingBox& b);

Animation readAnimation(ByteReader& r);
void writeAnimation(ByteWriter& w, const Animation& a, const Positions& at, const TableSizes& n);

StateChange readStateChange(ByteReader& r);
void writeStateChange(ByteWriter& w, const StateChange& s, const Positions& at, const TableSizes& n);

Dispatch readDispatch(ByteReader& r);
void writeDispatch(ByteWriter& w, const Dispatch& d, const Positions& at, const TableSizes& n);

Movable readMovable(ByteReader& r);
void writeMovable(ByteWriter& w, const Movable& m, const Positions& at, const TableSizes& n);

Static readStatic(ByteReader& r);
void writeStatic(ByteWriter& w, const Static& s, const Positions& at, const TableSizes& n);

// Second pass of reading: turns the raw indices and offsets of every record into references.
// `meshStarts` splits the mesh package (byte offsets of parsed entries), the other packages
// are split at the offsets of their owners.
struct RawPackages {  // little-endian bytes as read, bounds-checked
  std::span<const std::uint8_t> commands;   // words
  std::span<const std::uint8_t> links;      // dwords
  std::span<const std::uint8_t> keyframes;  // words
};
void linkObjectTables(ObjectTables& t, std::vector<Animation>& anims, std::vector<StateChange>& stateChanges,
                      std::vector<Dispatch>& dispatches, std::vector<Movable>& movables, std::vector<Static>& statics,
                      std::vector<MeshPointer>& pointers, const RawPackages& raw, Id& nextId);

// Writes a count-prefixed table of 16-bit-indexed records; fails clearly when an index no
// longer fits the field.
std::uint16_t fitU16(std::uint32_t v, const char* what);

}  // namespace wadsmith
