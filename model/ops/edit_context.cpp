#include "model/ops/edit_context.h"

namespace wadsmith::ops {

std::size_t objectIndex(const ObjectView& v, const ObjectRef& o) {
  const auto i = o.movable() ? v.findMovable(o.slot) : v.findStatic(o.slot);
  if (!i)
    throw EditError(std::string("no ") + (o.movable() ? "movable" : "static") + " in slot " + std::to_string(o.slot));
  return *i;
}

std::size_t movableIndex(const ObjectView& v, std::uint32_t slot) { return objectIndex(v, movableRef(slot)); }
std::size_t staticIndex(const ObjectView& v, std::uint32_t slot) { return objectIndex(v, staticRef(slot)); }

std::size_t meshEntryOf(const ObjectView& v, const ObjectRef& object, std::size_t mesh) {
  MeshSlot slot;
  if (object.movable()) {
    // The one pointer, not the whole run (a movable may claim 65,535 of them).
    const auto [first, end] = v.runRange(v.movables()[movableIndex(v, object.slot)].pointers);
    if (mesh >= end - first)
      throw EditError(object.text() + " has " + std::to_string(end - first) + " meshes, no mesh " + std::to_string(mesh));
    slot = v.pointerMesh(first + mesh);
  } else {
    auto s = v.staticMesh(staticIndex(v, object.slot));
    if (mesh != 0 || !s) throw EditError(object.text() + " has one mesh (mesh 0)");
    slot = *s;
  }
  if (!slot.mesh)
    throw EditError(object.text() + " mesh " + std::to_string(mesh) + " points inside a mesh or at unparsed bytes");
  return static_cast<std::size_t>(slot.entryIndex);
}

std::size_t animationOf(const ObjectView& v, std::uint32_t movableSlot, std::size_t animation) {
  auto [first, end] = v.animationRange(movableIndex(v, movableSlot));
  if (first + animation >= end)
    throw EditError("movable " + std::to_string(movableSlot) + " has " + std::to_string(end - first) +
                    " animations, no animation " + std::to_string(animation));
  return first + animation;
}

// Element k of an owner's run (state changes of an animation, dispatches of a state change).
static std::size_t runElement(const ObjectView& v, const RunRef& run, std::size_t k, const std::string& owner,
                              const std::string& one, const std::string& many) {
  if (!run.isSegments())
    throw EditError("the " + owner + "'s " + many + " run past the " + one + " table (first " + std::to_string(run.rawFirst) +
                    ", count " + std::to_string(run.rawCount) + ")");
  auto [first, end] = v.runRange(run);
  if (first + k >= end)
    throw EditError(owner + " has " + std::to_string(end - first) + " " + many + ", no " + one + " " + std::to_string(k));
  return first + k;
}

std::size_t stateChangeOf(const ObjectView& v, std::size_t anim, std::size_t k) {
  return runElement(v, v.animations()[anim].stateChanges, k, "animation", "state change", "state changes");
}

std::size_t dispatchOf(const ObjectView& v, std::size_t sc, std::size_t k) {
  return runElement(v, v.stateChanges()[sc].dispatches, k, "state change", "dispatch", "dispatches");
}

}  // namespace wadsmith::ops
