// The object tables every file kind shares: the WAD and the TR levels store animations, state
// changes, dispatches, commands, links (mesh trees), keyframes, movables and statics in the
// same records. Each record has a stable id; references are ids resolved on write, and the
// runs owners name by first index and count are segments of the tables they own.
#pragma once
#include <cstdint>
#include <vector>

#include "model/mesh.h"
#include "model/package.h"
#include "model/refs.h"

namespace wadsmith {

struct BoundingBox {
  std::int16_t minX = 0, maxX = 0, minY = 0, maxY = 0, minZ = 0, maxZ = 0;
  friend bool operator==(const BoundingBox&, const BoundingBox&) = default;
};

struct MeshPointer {
  Id id = 0;
  PackageRef target;  // into the mesh package, in bytes
  friend bool operator==(const MeshPointer&, const MeshPointer&) = default;
};

struct Animation {
  Id id = 0;
  // keyframeOffset: its keyframe words (bytes in the file), running to the next animation's: the
  // keyframe count is where the next animation's begin, as the tools compute it, so the runs sit
  // in animation order (an edit that adds, removes or moves an animation moves its run with it;
  // placeRun puts a new one after the previous animation's).
  RunRef keyframes;
  std::uint8_t frameDuration = 0;
  std::uint8_t keyframeSize = 0;  // words per keyframe
  std::uint16_t stateId = 0;
  std::int32_t speed = 0, accel = 0, lateralSpeed = 0, lateralAccel = 0;  // 16.16 fixed
  std::uint16_t frameStart = 0, frameEnd = 0;
  RecordRef nextAnimation;  // into animations
  std::uint16_t nextFrame = 0;
  RunRef stateChanges;      // numStateChanges and stateChangeIndex
  // commandOffset: the words of its commands (for words that do not parse, up to the next
  // animation's). The count is kept: the words of a list that does not parse cannot say it.
  std::uint16_t numCommands = 0;
  RunRef commands;
  friend bool operator==(const Animation&, const Animation&) = default;
};

struct StateChange {
  Id id = 0;
  std::uint16_t stateId = 0;
  RunRef dispatches;  // numDispatches and dispatchIndex
  friend bool operator==(const StateChange&, const StateChange&) = default;
};

struct Dispatch {
  Id id = 0;
  std::int16_t inFrame = 0;   // inclusive, absolute frame number
  std::int16_t outFrame = 0;  // exclusive
  RecordRef nextAnimation;    // absolute animation index (s16 in the file)
  std::int16_t nextFrame = 0;
  friend bool operator==(const Dispatch&, const Dispatch&) = default;
};

struct Movable {
  Id id = 0;
  std::uint32_t objectId = 0;  // slot
  RunRef pointers;   // numPointers and pointersIndex
  RunRef links;      // linksIndex: its link records (4 dwords per mesh after the first)
  RunRef keyframes;  // keyframeOffset (bytes): where its keyframes start; only the start is stored
  // animsIndex: its animations run to where the next movable's begin, so only the first index
  // is stored. Raw 0xFFFF (-1) = none.
  RunRef animations;
  std::uint16_t padding = 0;  // TR5 models end with a filler word (0xFFEF)
  bool hasAnimations() const { return !(animations.kind == RunRef::Kind::Raw && animations.rawFirst == 0xFFFF); }
  friend bool operator==(const Movable&, const Movable&) = default;
};

struct Static {
  Id id = 0;
  std::uint32_t objectId = 0;
  RunRef pointer;  // one mesh pointer; only its index is stored
  BoundingBox visibility;
  BoundingBox collision;
  std::uint16_t flags = 0;
  friend bool operator==(const Static&, const Static&) = default;
};

template <class T>
using RecordTable = Package<T>;

// How the keyframe words encode rotations (model/keyframe.h). TR4/5 and the WAD: one-axis
// angles in 12 bits; TR2/3: in 10 bits; TR1: every keyframe stores its rotation count and
// two-word rotations with the words swapped, and animations store no keyframe size.
enum class KeyframeFormat : std::uint8_t { Tr4, Tr2, Tr1 };

// The parts of the object tables, each held as a Part: shared (ObjectTables) or copy on write (Draft).
template <template <class> class Part>
struct TableParts {
  Part<std::vector<MeshEntry>> meshes;  // the mesh package, in file order
  Part<RecordTable<MeshPointer>> meshPointers;
  Part<RecordTable<Animation>> animations;
  Part<RecordTable<StateChange>> stateChanges;
  Part<RecordTable<Dispatch>> dispatches;
  Part<WordPackage> commands;
  Part<DwordPackage> links;
  Part<WordPackage> keyframes;
  Part<std::vector<Movable>> movables;
  Part<std::vector<Static>> statics;
  friend bool operator==(const TableParts&, const TableParts&) = default;
};

// Everything the formats share. Each part is immutable and shared between documents.
struct ObjectTables : TableParts<Shared> {
  KeyframeFormat keyframeFormat = KeyframeFormat::Tr4;
  // Empty tables (every part set).
  static ObjectTables empty();
  // The same format and the same parts (by pointer).
  friend bool operator==(const ObjectTables&, const ObjectTables&) = default;
};

// Calls f(a.part, b.part) for each part of the object tables, in the order above, on two objects
// that name the parts alike (ObjectTables; the Draft's copy-on-write parts).
template <class A, class B, class F>
void forEachTablePart(A& a, B& b, F f) {
  f(a.meshes, b.meshes);
  f(a.meshPointers, b.meshPointers);
  f(a.animations, b.animations);
  f(a.stateChanges, b.stateChanges);
  f(a.dispatches, b.dispatches);
  f(a.commands, b.commands);
  f(a.links, b.links);
  f(a.keyframes, b.keyframes);
  f(a.movables, b.movables);
  f(a.statics, b.statics);
}

}  // namespace wadsmith
