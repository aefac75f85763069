#include "model/ops/edit_context.h"

namespace wadsmith::ops {

Id nextIdOf(const Document& d) {
  if (const auto* w = std::get_if<WadDocument>(&d)) return w->nextId;
  return std::get<LevelDocument>(d).nextId;
}

Document withObjects(const Document& d, const ObjectTables& t, Id nextId) {
  if (const auto* w = std::get_if<WadDocument>(&d)) {
    WadDocument out = *w;
    out.objects = t;
    out.nextId = nextId;
    return out;
  }
  LevelDocument out = std::get<LevelDocument>(d);
  auto data = std::make_shared<LevelData>(*out.data);
  data->objects = t;
  out.data = data;
  out.nextId = nextId;
  return out;
}

std::size_t movableIndex(const ObjectView& v, std::uint32_t slot) {
  auto m = v.findMovable(slot);
  if (!m) throw EditError("no movable in slot " + std::to_string(slot));
  return *m;
}

std::size_t staticIndex(const ObjectView& v, std::uint32_t slot) {
  auto s = v.findStatic(slot);
  if (!s) throw EditError("no static in slot " + std::to_string(slot));
  return *s;
}

std::size_t meshEntryOf(const ObjectView& v, const ObjectRef& object, std::size_t mesh) {
  MeshSlot slot;
  if (object.kind == ObjectKind::Movable) {
    auto meshes = v.movableMeshes(movableIndex(v, object.slot));
    if (mesh >= meshes.size())
      throw EditError(object.text() + " has " + std::to_string(meshes.size()) + " meshes, no mesh " + std::to_string(mesh));
    slot = meshes[mesh];
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

}  // namespace wadsmith::ops
