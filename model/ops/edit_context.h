// What every edit operation shares: the error that refuses an edit, the result (a new version
// and what the user should know), and the lookups that turn what users name (an object by
// slot, its meshes and animations by their index within it) into table positions, failing
// with a message that names what is missing. Operations build the new version on a Draft.
#pragma once
#include <stdexcept>
#include <string>
#include <vector>

#include "model/draft.h"
#include "model/object_ref.h"
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

std::size_t movableIndex(const ObjectView& v, std::uint32_t slot);
std::size_t staticIndex(const ObjectView& v, std::uint32_t slot);
std::size_t objectIndex(const ObjectView& v, const ObjectRef& object);
// The mesh entry of an object's mesh (index within the object; a static has mesh 0 only).
std::size_t meshEntryOf(const ObjectView& v, const ObjectRef& object, std::size_t mesh);
// Global animation index of a movable's animation.
std::size_t animationOf(const ObjectView& v, std::uint32_t movableSlot, std::size_t animation);
// Global state change index of an animation's state change; global dispatch index of its
// dispatch.
std::size_t stateChangeOf(const ObjectView& v, std::size_t anim, std::size_t stateChange);
std::size_t dispatchOf(const ObjectView& v, std::size_t stateChange, std::size_t dispatch);

}  // namespace wadsmith::ops
