// The semantic view of a document's object tables: a movable with its meshes, skeleton and
// animations, a static with its mesh. Computed from the tables (one copy of each fact); build
// one per document version and keep it while that version is shown.
#pragma once
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "model/command.h"
#include "model/keyframe.h"
#include "model/tables.h"

namespace wadsmith {

// One mesh slot of an object: the pointer, and the mesh it lands on (null when it lands
// inside a mesh, on a gap or at the package end).
struct MeshSlot {
  std::size_t pointerIndex = 0;
  long entryIndex = -1;  // index in ObjectTables::meshes
  const Mesh* mesh = nullptr;
};

struct Bone {
  int parent = -1;  // mesh index; -1 for the root
  Vec3s offset;     // from the parent's origin
};

struct Skeleton {
  std::vector<Bone> bones;  // one per mesh
  bool popUnderflow = false;  // the tree pops more than it pushes
  bool truncated = false;     // the link records run past the package
};

class ObjectView {
 public:
  explicit ObjectView(const ObjectTables& tables);
  const ObjectTables& tables() const { return t_; }

  // Position of a record or segment id in its table / package, if present.
  std::optional<std::size_t> indexOf(const RecordRef& r) const;
  std::optional<std::size_t> indexOfId(Id id) const;
  // Absolute element offset of a package reference.
  std::optional<std::uint32_t> keyframeWord(const PackageRef& r) const;
  std::optional<std::uint32_t> commandWord(const PackageRef& r) const;
  std::optional<std::uint32_t> linkDword(const PackageRef& r) const;

  // Movables and statics.
  std::optional<std::size_t> findMovable(std::uint32_t slot) const;
  std::optional<std::size_t> findStatic(std::uint32_t slot) const;
  std::vector<MeshSlot> movableMeshes(std::size_t movable) const;
  MeshSlot pointerMesh(std::size_t pointerIndex) const;
  std::optional<MeshSlot> staticMesh(std::size_t st) const;
  // The movable's animations as [first, end) animation indices; empty when it has none.
  std::pair<std::size_t, std::size_t> animationRange(std::size_t movable) const;
  // The movable whose animation range holds this animation, if any.
  std::optional<std::size_t> movableOfAnimation(std::size_t anim) const;
  Skeleton skeleton(std::size_t movable) const;
  // Link dwords of a movable (4 per record, numPointers-1 records), as far as the package goes.
  std::vector<std::int32_t> linkDwords(std::size_t movable) const;

  // Animations.
  std::size_t keyframeCount(std::size_t anim) const;
  // keyframeCount * keyframeSize words from the animation's offset.
  std::vector<std::uint16_t> keyframeWords(std::size_t anim) const;
  std::vector<Keyframe> keyframes(std::size_t anim, std::size_t meshCount) const;
  CommandList commands(std::size_t anim) const;
  // [first, end) state-change indices of an animation, clipped to the table.
  std::pair<std::size_t, std::size_t> stateChangeRange(std::size_t anim) const;
  std::pair<std::size_t, std::size_t> dispatchRange(std::size_t stateChange) const;

  // Objects (movable indices, static indices) whose mesh pointers land on this mesh entry.
  std::vector<std::size_t> movablesUsingMesh(long entryIndex) const;
  std::vector<std::size_t> staticsUsingMesh(long entryIndex) const;

 private:
  template <class T>
  std::vector<T> readPackage(const Package<T>& p, const std::vector<std::uint32_t>& starts, std::uint32_t from,
                             std::uint32_t count) const;
  std::optional<std::uint32_t> offsetOf(const PackageRef& r, std::uint32_t size) const;

  ObjectTables t_;  // shared parts: cheap to copy, keeps the viewed version alive
  std::unordered_map<Id, std::uint32_t> pos_;  // id -> table index or segment start
  std::vector<std::uint32_t> keyframeStarts_, commandStarts_, linkStarts_;
};

}  // namespace wadsmith
