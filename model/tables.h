// The object tables both file kinds share: the WAD and a TR4 level store animations, state
// changes, dispatches, commands, links (mesh trees), keyframes, movables and statics in the
// same records. Each record has a stable id; references are ids resolved on write.
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
  PackageRef keyframes;  // keyframeOffset: bytes into the keyframe package
  std::uint8_t frameDuration = 0;
  std::uint8_t keyframeSize = 0;  // words per keyframe
  std::uint16_t stateId = 0;
  std::int32_t speed = 0, accel = 0, lateralSpeed = 0, lateralAccel = 0;  // 16.16 fixed
  std::uint16_t frameStart = 0, frameEnd = 0;
  RecordRef nextAnimation;  // into animations
  std::uint16_t nextFrame = 0;
  std::uint16_t numStateChanges = 0;
  RecordRef stateChanges;  // first state change
  std::uint16_t numCommands = 0;
  PackageRef commands;  // words into the command package
  friend bool operator==(const Animation&, const Animation&) = default;
};

struct StateChange {
  Id id = 0;
  std::uint16_t stateId = 0;
  std::uint16_t numDispatches = 0;
  RecordRef dispatches;  // first dispatch
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
  std::uint16_t numPointers = 0;
  RecordRef pointers;    // first mesh pointer
  PackageRef links;      // dwords into the link package
  PackageRef keyframes;  // bytes into the keyframe package
  RecordRef animations;  // first animation; Raw 0xFFFF (-1) = none
  bool hasAnimations() const { return animations.kind != RecordRef::Kind::Raw; }
  friend bool operator==(const Movable&, const Movable&) = default;
};

struct Static {
  Id id = 0;
  std::uint32_t objectId = 0;
  RecordRef pointer;  // one mesh pointer
  BoundingBox visibility;
  BoundingBox collision;
  std::uint16_t flags = 0;
  friend bool operator==(const Static&, const Static&) = default;
};

// Everything the two formats share. Each part is immutable and shared between documents.
struct ObjectTables {
  Shared<std::vector<MeshEntry>> meshes;  // the mesh package, in file order
  Shared<std::vector<MeshPointer>> meshPointers;
  Shared<std::vector<Animation>> animations;
  Shared<std::vector<StateChange>> stateChanges;
  Shared<std::vector<Dispatch>> dispatches;
  Shared<WordPackage> commands;
  Shared<DwordPackage> links;
  Shared<WordPackage> keyframes;
  Shared<std::vector<Movable>> movables;
  Shared<std::vector<Static>> statics;
};

}  // namespace wadsmith
