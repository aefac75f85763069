// Building the next version of a document: a TablesEditor copies a part of the object tables
// the first time an operation touches it and shares every other part with the previous
// version. Operations address objects by slot id and meshes / animations by their index inside
// the object, as users see them.
#pragma once
#include <compare>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "model/document.h"
#include "model/object_view.h"

namespace wadsmith::ops {

// An operation that cannot apply (unknown object, index out of range, bad value). Nothing
// changes when one is thrown.
class EditError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A new document version and what the user should know about it (engine-crash risks...).
struct Edited {
  Document doc;
  std::vector<std::string> warnings;
};

enum class ObjectKind { Movable, Static };
struct ObjectRef {
  ObjectKind kind = ObjectKind::Movable;
  std::uint32_t slot = 0;
  std::string text() const { return std::string(kind == ObjectKind::Movable ? "movable " : "static ") + std::to_string(slot); }
  friend auto operator<=>(const ObjectRef&, const ObjectRef&) = default;
};

class TablesEditor {
 public:
  TablesEditor(const ObjectTables& tables, Id nextId) : t_(tables), nextId_(nextId) {}

  const ObjectTables& tables() const { return t_; }
  Id newId() { return nextId_++; }
  Id nextId() const { return nextId_; }

  // Mutable access; the part is copied on first use so the previous version stays intact.
  std::vector<MeshEntry>& meshes() { return own(t_.meshes, meshes_); }
  std::vector<MeshPointer>& meshPointers() { return own(t_.meshPointers, pointers_); }
  std::vector<Animation>& animations() { return own(t_.animations, animations_); }
  std::vector<StateChange>& stateChanges() { return own(t_.stateChanges, stateChanges_); }
  std::vector<Dispatch>& dispatches() { return own(t_.dispatches, dispatches_); }
  WordPackage& commands() { return own(t_.commands, commands_); }
  DwordPackage& links() { return own(t_.links, links_); }
  WordPackage& keyframes() { return own(t_.keyframes, keyframes_); }
  std::vector<Movable>& movables() { return own(t_.movables, movables_); }
  std::vector<Static>& statics() { return own(t_.statics, statics_); }

 private:
  template <class T>
  T& own(Shared<T>& part, std::shared_ptr<T>& mine) {
    if (!mine) {
      mine = std::make_shared<T>(*part);
      part = mine;
    }
    return *mine;
  }

  ObjectTables t_;
  Id nextId_;
  std::shared_ptr<std::vector<MeshEntry>> meshes_;
  std::shared_ptr<std::vector<MeshPointer>> pointers_;
  std::shared_ptr<std::vector<Animation>> animations_;
  std::shared_ptr<std::vector<StateChange>> stateChanges_;
  std::shared_ptr<std::vector<Dispatch>> dispatches_;
  std::shared_ptr<WordPackage> commands_;
  std::shared_ptr<DwordPackage> links_;
  std::shared_ptr<WordPackage> keyframes_;
  std::shared_ptr<std::vector<Movable>> movables_;
  std::shared_ptr<std::vector<Static>> statics_;
};

Id nextIdOf(const Document& d);
// The document with new object tables (and id counter); everything else shared.
Document withObjects(const Document& d, const ObjectTables& t, Id nextId);

// Runs `f(TablesEditor&)` on the document's tables and returns the new document.
template <class F>
Document editObjects(const Document& d, F&& f) {
  TablesEditor e(objectsOf(d), nextIdOf(d));
  f(e);
  return withObjects(d, e.tables(), e.nextId());
}

// Lookups that throw EditError with a message naming what is missing.
std::size_t movableIndex(const ObjectView& v, std::uint32_t slot);
std::size_t staticIndex(const ObjectView& v, std::uint32_t slot);
// The mesh entry of an object's mesh (index within the object; a static has mesh 0 only).
std::size_t meshEntryOf(const ObjectView& v, const ObjectRef& object, std::size_t mesh);
// Global animation index of an object's animation.
std::size_t animationOf(const ObjectView& v, std::uint32_t movableSlot, std::size_t animation);

}  // namespace wadsmith::ops
