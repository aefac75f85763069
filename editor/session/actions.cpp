#include "editor/session/actions.h"

#include <map>

#include "model/ops/object_ops.h"

namespace wadsmith::session::actions {

namespace {
const ObjectRef& selectedObject(const Session& s) {
  if (!s.selection.object) throw ops::EditError("select an object first");
  return *s.selection.object;
}
}  // namespace

void setFaces(Session& s, const ops::FaceChange& change, const std::string& label) {
  const auto& object = selectedObject(s);
  if (s.selection.faces.empty()) throw ops::EditError("select faces first");
  std::map<std::size_t, std::vector<std::size_t>> byMesh;
  for (const auto& f : s.selection.faces) byMesh[f.mesh].push_back(f.face);
  s.apply(label, [&](const Document& d) {
    ops::Edited out{d, {}};
    for (const auto& [mesh, faces] : byMesh) {
      auto e = ops::setFaces(out.doc, object, mesh, faces, change);
      out.doc = std::move(e.doc);
      out.warnings.insert(out.warnings.end(), e.warnings.begin(), e.warnings.end());
    }
    return out;
  });
}

void selectFacesWithTexture(Session& s, const view::FaceRef& face) {
  const auto& object = selectedObject(s);
  const ObjectView& v = s.view();
  std::vector<MeshSlot> meshes;
  if (object.kind == ObjectKind::Movable) {
    if (auto m = v.findMovable(object.slot)) meshes = v.movableMeshes(*m);
  } else if (auto st = v.findStatic(object.slot)) {
    if (auto slot = v.staticMesh(*st)) meshes = {*slot};
  }
  if (face.mesh >= meshes.size() || !meshes[face.mesh].mesh) return;
  const Mesh& m = *meshes[face.mesh].mesh;
  if (face.face >= m.polygons.size()) return;
  // The texture index without flip / shape bits (WAD) or the double-sided bit (level).
  auto key = [&](const Polygon& p) {
    if (isWad(s.document())) return p.quad ? std::uint16_t(std::abs(std::int16_t(p.texture))) : std::uint16_t(p.texture & 0x0FFF);
    return std::uint16_t(p.texture & 0x7FFF);
  };
  std::uint16_t wanted = key(m.polygons[face.face]);
  s.selection.faces.clear();
  for (std::size_t k = 0; k < meshes.size(); ++k)
    if (meshes[k].mesh)
      for (std::size_t f = 0; f < meshes[k].mesh->polygons.size(); ++f)
        if (key(meshes[k].mesh->polygons[f]) == wanted) s.selection.faces.insert({k, f});
}

void recomputeNormals(Session& s) {
  auto object = selectedObject(s);
  auto mesh = s.selection.mesh;
  s.apply(mesh ? "recompute normals of mesh " + std::to_string(*mesh) : "recompute normals of " + object.text(),
          [&](const Document& d) { return ops::recomputeNormals(d, object, mesh); });
}

void flipNormals(Session& s) {
  auto object = selectedObject(s);
  auto mesh = s.selection.mesh;
  s.apply("flip normals", [&](const Document& d) { return ops::flipNormals(d, object, mesh); });
}

void convertLighting(Session& s, bool toShades, const ops::Light& light) {
  auto object = selectedObject(s);
  auto mesh = s.selection.mesh;
  s.apply(toShades ? "convert to shades" : "convert to normals", [&](const Document& d) {
    return toShades ? ops::convertToShades(d, object, mesh, light) : ops::convertToNormals(d, object, mesh);
  });
}

void recomputeSphere(Session& s) {
  auto object = selectedObject(s);
  auto mesh = s.selection.mesh;
  s.apply(mesh ? "recompute bounding sphere of mesh " + std::to_string(*mesh) : "recompute bounding spheres of " + object.text(),
          [&](const Document& d) { return ops::recomputeSphere(d, object, mesh); });
}

void deleteSelectedObject(Session& s) {
  auto object = selectedObject(s);
  s.apply("delete " + object.text(), [&](const Document& d) { return ops::deleteObject(d, object); });
  s.selection = {};
}

void setSelectedSlot(Session& s, std::uint32_t slot) {
  auto object = selectedObject(s);
  if (object.slot == slot) return;  // already there: no history step
  s.apply("move " + object.text() + " to slot " + std::to_string(slot),
          [&](const Document& d) { return ops::setSlot(d, object, slot); });
  s.selection.object->slot = slot;
}

}  // namespace wadsmith::session::actions
