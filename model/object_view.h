// The semantic view of a document's object tables: records in table order, runs as table
// ranges, a movable with its meshes, skeleton and animations, a static with its mesh. Computed
// from the tables (one copy of each fact) and the one place that turns ids into positions;
// build one per document version and keep it while that version is shown.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "model/command.h"
#include "model/geometry/poser.h"
#include "model/keyframe.h"
#include "model/tables.h"

namespace wadsmith {

// The records of a segmented table in table order, without copying them.
template <class T>
class RecordList {
 public:
  explicit RecordList(const RecordTable<T>& table) {
    for (const auto& s : table.segments)
      if (s.items)
        for (const auto& r : s.items) items_.push_back(&r);
  }
  const T& operator[](std::size_t i) const { return *items_[i]; }
  std::size_t size() const { return items_.size(); }
  bool empty() const { return items_.empty(); }
  class iterator {
   public:
    explicit iterator(typename std::vector<const T*>::const_iterator it) : it_(it) {}
    const T& operator*() const { return **it_; }
    const T* operator->() const { return *it_; }
    iterator& operator++() { return ++it_, *this; }
    bool operator==(const iterator& o) const { return it_ == o.it_; }

   private:
    typename std::vector<const T*>::const_iterator it_;
  };
  iterator begin() const { return iterator(items_.begin()); }
  iterator end() const { return iterator(items_.end()); }

 private:
  std::vector<const T*> items_;
};

// One mesh slot of an object: the pointer, and the mesh it lands on (null when it lands
// inside a mesh, on a gap or at the package end).
struct MeshSlot {
  std::size_t pointerIndex = 0;
  long entryIndex = -1;  // index in ObjectTables::meshes
  const Mesh* mesh = nullptr;
};

using geometry::Skeleton;

class ObjectView {
 public:
  explicit ObjectView(const ObjectTables& tables);
  const ObjectTables& tables() const { return t_; }

  // Records in table order.
  const RecordList<MeshPointer>& meshPointers() const { return pointers_; }
  const RecordList<Animation>& animations() const { return animations_; }
  const RecordList<StateChange>& stateChanges() const { return stateChanges_; }
  const RecordList<Dispatch>& dispatches() const { return dispatches_; }
  const std::vector<Movable>& movables() const { return *t_.movables; }
  const std::vector<Static>& statics() const { return *t_.statics; }

  // Position of a record (table index), a mesh entry or a segment's first element, by id.
  std::optional<std::size_t> indexOf(const RecordRef& r) const;
  std::optional<std::size_t> indexOfId(Id id) const;
  // The segment and offset holding a record of a segmented table.
  std::optional<RecordSlot> slotOf(Id record) const;
  // [first, end) table indices of a run; {0, 0} for a raw run (it points past its table).
  std::pair<std::size_t, std::size_t> runRange(const RunRef& r) const;
  // The first index and count as stored in the file.
  std::pair<std::uint32_t, std::uint32_t> runStored(const RunRef& r) const;
  // Where a run starts in its table or package (an animation's first keyframe word, a
  // movable's first link dword...); none for a raw run.
  std::optional<std::uint32_t> runStart(const RunRef& r) const;

  // Movables and statics.
  std::optional<std::size_t> findMovable(std::uint32_t slot) const;
  std::optional<std::size_t> findStatic(std::uint32_t slot) const;
  // numPointers as stored.
  std::size_t meshCount(std::size_t movable) const;
  std::vector<MeshSlot> movableMeshes(std::size_t movable) const;
  MeshSlot pointerMesh(std::size_t pointerIndex) const;
  std::optional<MeshSlot> staticMesh(std::size_t st) const;
  // The movable's animations as [first, end) animation indices; empty when it has none.
  std::pair<std::size_t, std::size_t> animationRange(std::size_t movable) const;
  // The first movable whose animation range holds this animation, if any.
  std::optional<std::size_t> movableOfAnimation(std::size_t anim) const;
  Skeleton skeleton(std::size_t movable) const;
  // Link dwords of a movable (4 per record, numPointers-1 records), as far as the package goes.
  std::vector<std::int32_t> linkDwords(std::size_t movable) const;

  // Animations.
  std::size_t keyframeCount(std::size_t anim) const;
  // The words of the animation's whole keyframes, from its offset (TR1: each keyframe as long
  // as its rotation count makes it).
  std::vector<std::uint16_t> keyframeWords(std::size_t anim) const;
  std::vector<Keyframe> keyframes(std::size_t anim, std::size_t meshCount) const;
  CommandList commands(std::size_t anim) const;
  // The words of a command run, whether they parse or not.
  std::vector<std::uint16_t> commandWords(const RunRef& run) const;
  // Why the animation's commands do not parse (commands(anim).problem), or "" when they do:
  // O(1) after one pass over the package, for checks over every animation.
  std::string commandProblem(std::size_t anim) const;
  // How command lists parse from every word of the package (one pass; model/command.h).
  const CommandReach& commandReach() const;
  // How many of the animation's commands parse, in O(1) the same way.
  std::size_t parsableCommands(std::size_t anim) const;
  // [first, end) state-change indices of an animation; dispatch indices of a state change.
  std::pair<std::size_t, std::size_t> stateChangeRange(std::size_t anim) const;
  std::pair<std::size_t, std::size_t> dispatchRange(std::size_t stateChange) const;

  // Objects (movable indices, static indices) whose mesh pointers land on this mesh entry.
  std::vector<std::size_t> movablesUsingMesh(long entryIndex) const;
  std::vector<std::size_t> staticsUsingMesh(long entryIndex) const;

 private:
  template <class T>
  std::vector<T> readPackage(const Package<T>& p, const std::vector<std::uint32_t>& starts, std::uint32_t from,
                             std::uint32_t count) const;
  // First keyframe word of an animation and the words up to the next animation's.
  std::pair<std::uint32_t, std::uint32_t> keyframeRun(std::size_t anim) const;
  template <class T>
  void indexTable(const RecordTable<T>& table);
  template <class T>
  std::vector<std::uint32_t> indexPackage(const Package<T>& package);

  ObjectTables t_;  // shared parts: cheap to copy, keeps the viewed version alive
  RecordList<MeshPointer> pointers_;
  RecordList<Animation> animations_;
  RecordList<StateChange> stateChanges_;
  RecordList<Dispatch> dispatches_;
  struct Place {
    std::uint32_t at = 0;   // table index, entry index or segment start
    std::uint32_t end = 0;  // segments of record tables: one past the last element
    Id segment = 0;         // records of record tables: their segment
    std::uint32_t offset = 0;
  };
  std::unordered_map<Id, Place> pos_;
  std::vector<std::uint32_t> keyframeStarts_, commandStarts_, linkStarts_;
  std::vector<long> animationOwner_;  // movable of each animation, -1 for none
  mutable std::shared_ptr<const CommandReach> commandReach_;  // made on first use
};

}  // namespace wadsmith
