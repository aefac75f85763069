#include "model/foreign/eq_convert.h"

#include <cmath>
#include <set>

#include "model/foreign/convert_error.h"
#include "model/foreign/eq_convert_internal.h"
#include "model/foreign/face_tools.h"

namespace wadsmith::eq {

using namespace detail;
using foreign::zUpToTr;

namespace {

void axesNote(imported::Model& out, const ConvertOptions& o) {
  out.notes.push_back("EverQuest axes (x forward, y left, z up) turned to TR's (x right, y down, z forward); " +
                      foreign::fixed(o.scale) + " TR units per EverQuest unit" +
                      (o.scale == kDefaultScale ? " (the default: a 6-unit EverQuest humanoid is about Lara's height)" : ""));
}

imported::Model convertStatic(const World& w, const Fragment& meshF, const std::string& name, const ConvertOptions& o,
                              const foreign::TextureSource& textures) {
  imported::Model out{.name = name, .movable = false};
  axesNote(out, o);
  Materials materials(w, textures, out);
  auto looks = materials.forMesh(meshF);
  const auto& m = bodyOf<Mesh>(w, meshF);
  imported::Mesh mesh{.name = meshF.name};
  for (std::size_t i = 0; i < m.vertices.size(); ++i) mesh.positions.push_back(zUpToTr(m.position(i)) * o.scale);
  if (m.normals.size() == m.vertices.size())
    for (std::size_t v = 0; v < m.normals.size(); ++v) mesh.normals.push_back(trNormal(storedNormal(m, v)));
  FaceStats stats;
  auto material = polygonMaterialIndex(m);
  for (std::size_t p = 0; p < m.polygons.size(); ++p) {
    const auto& v = m.polygons[p].vertices;
    addFace(mesh, m, p, {v[0], v[1], v[2]}, looks, material[p], stats);
  }
  if (!m.vertexPieces.empty())
    out.notes.push_back("the mesh's vertex pieces name skeleton pieces, but no skeleton uses it: vertices as stored");
  if (m.animatedVertices != 0)
    out.notes.push_back("the mesh's vertex animation (0x2F/0x37) is not kept: the static shows the 0x36 vertices");
  out.meshes.push_back(std::move(mesh));
  if (o.floor) foreign::standOnFloor(out);
  materials.addNotes();
  stats.addNotes(out, meshF.name + ": ");
  return out;
}

}  // namespace

std::vector<ModelSource> findModels(const World& w) {
  std::vector<ModelSource> out;
  std::set<std::size_t> usedMeshes;
  bool regions = w.regionCount > 0;
  for (const auto& f : w.fragments) {
    regions |= f.type == 0x22;
    if (f.type == 0x2D)
      if (const auto* ref = std::get_if<Reference>(&f.parsed))
        if (const Fragment* t = w.resolve(ref->target); t && t->type == 0x36) usedMeshes.insert(w.indexOf(*t));
  }
  for (const auto& f : w.fragments) {
    const auto* actor = std::get_if<ActorDef>(&f.parsed);
    if (!actor) continue;
    for (FragmentRef ref : actor->models) {
      const Fragment* t = w.resolve(ref);
      if (!t || (t->type != 0x11 && t->type != 0x2D)) continue;
      out.push_back({t->type == 0x11 ? ModelSource::Kind::SkeletalActor : ModelSource::Kind::MeshActor, w.indexOf(f), f.name});
      break;
    }
  }
  // Zone files draw their region meshes through BSP regions (0x22): those are not models.
  if (!regions)
    for (const auto& f : w.fragments)
      if (const auto* m = std::get_if<Mesh>(&f.parsed); m && m->vertexPieces.empty() && !usedMeshes.count(w.indexOf(f)))
        out.push_back({ModelSource::Kind::LooseMesh, w.indexOf(f), f.name});
  return out;
}

imported::Model convertModel(const World& w, const ModelSource& source, const ConvertOptions& o,
                             const foreign::TextureSource& textures) {
  if (source.fragment >= w.fragments.size()) throw foreign::ConvertError("no fragment " + std::to_string(source.fragment));
  if (!(o.scale > 0) || !std::isfinite(o.scale)) throw foreign::ConvertError("scale must be a positive number");
  const Fragment& f = w.fragments[source.fragment];
  if (source.kind == ModelSource::Kind::LooseMesh) return convertStatic(w, f, source.name, o, textures);
  const auto& actor = bodyOf<ActorDef>(w, f);
  for (FragmentRef ref : actor.models) {
    const Fragment* t = w.resolve(ref);
    if (!t) continue;
    if (t->type == 0x2D) {
      const Fragment& meshF = follow(w, *t, bodyOf<Reference>(w, *t).target, 0x36, "mesh");
      return convertStatic(w, meshF, source.name, o, textures);
    }
    if (t->type == 0x11) {
      const Fragment& skF = follow(w, *t, bodyOf<Reference>(w, *t).target, 0x10, "skeleton");
      imported::Model out{.name = source.name, .movable = true};
      axesNote(out, o);
      convertSkeletal(w, skF, o, textures, out);
      return out;
    }
  }
  fail(w, f, "the actor names neither a skeleton (0x11) nor a mesh (0x2D)");
}

}  // namespace wadsmith::eq
