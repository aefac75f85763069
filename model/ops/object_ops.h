// Whole-object edits: change a slot id, delete an object with whatever only it used.
#pragma once
#include "model/ops/edit_context.h"

namespace wadsmith::ops {

// Refuses a slot another object of the same kind already has.
Edited setSlot(const Document& d, const ObjectRef& object, std::uint32_t newSlot);
// Removes the object; its meshes, animations (with their state changes, dispatches, commands
// and keyframes) and mesh tree go only if nothing else uses them. Its .WAS line goes too.
Edited deleteObject(const Document& d, const ObjectRef& object);

}  // namespace wadsmith::ops
