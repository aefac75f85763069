#include "editor/session/merge_preview.h"

#include "editor/session/actions.h"
#include "editor/words.h"
#include "io/utf8_path.h"
#include "model/merge/merge.h"

namespace wadsmith::session {

namespace {

const ListedObject* listed(const Session& s, const ObjectRef& pick) {
  const auto& list = s.sourceListing().of(pick.kind);
  if (!s.source()->document) return pick.slot < list.size() ? &list[pick.slot] : nullptr;
  for (const auto& e : list)
    if (e.slot == pick.slot) return &e;
  return nullptr;
}

// The object as the merge would bring it, alone in a new WAD: the panel's options for where it
// goes and how it converts; no related slots, sounds or sprites (they are not drawn). One mesh
// replaced from a model previews the whole model.
merge::MergedObject bringAlone(const Session& s, MergePreview& out) {
  auto args = actions::mergeArgs(s, {out.pick});
  args.mesh.reset();
  const auto* destination = std::get_if<WadDocument>(&s.document());
  auto p = s.source()->prepare(args, destination ? *destination : WadDocument::empty());
  p.request.replace = p.request.withRelated = false;
  p.request.sounds = merge::SoundMode::None;
  p.request.sprites.clear();
  auto merged = merge::mergeObjects(WadDocument::empty(), p.wad, p.request);
  if (merged.report.merged.empty()) throw merge::MergeError("the source brought nothing for it");
  out.doc = std::move(merged.doc);
  return merged.report.merged.front();
}

std::size_t faceCount(const ObjectView& v, const ObjectRef& o) {
  std::vector<MeshSlot> meshes;
  if (!o.movable()) {
    if (auto st = v.findStatic(o.slot))
      if (auto m = v.staticMesh(*st)) meshes.push_back(*m);
  } else if (auto m = v.findMovable(o.slot)) {
    meshes = v.movableMeshes(*m);
  }
  std::size_t faces = 0;
  for (const auto& m : meshes)
    if (m.mesh) faces += m.mesh->polygons.size();
  return faces;
}

// What the slot holds in the destination, and what the panel's choice does with it.
std::string slotLine(const Session& s, const ObjectRef& target) {
  const std::string slot = std::string(target.movable() ? "movable" : "static") + " slot " + std::to_string(target.slot);
  std::string taken;
  for (const auto& e : s.objects())
    if (e.ref == target) taken = e.name;
  if (taken.empty()) return "goes into " + slot + " (free in the destination)";
  if (s.panels.merge.mode == MergeMode::Replace) return "replaces " + taken + " in " + slot;
  return slot + " holds " + taken + ": the merge refuses it (choose Replace, or Place under another slot)";
}

}  // namespace

std::unique_ptr<MergePreview> makeMergePreview(const Session& s, const ObjectRef& pick) {
  auto out = std::make_unique<MergePreview>();
  out->pick = pick;
  out->file = utf8Name(s.sourcePath().filename());
  const ListedObject* entry = s.source() ? listed(s, pick) : nullptr;
  if (!entry) {
    out->error = "the highlighted object is not in the source's listing";
    return out;
  }
  out->name = entry->name;
  try {
    const auto merged = bringAlone(s, *out);
    out->object = merged.target();
    out->view = std::make_unique<ObjectView>(objectsOf(out->doc));
    out->lines.push_back(slotLine(s, out->object));
    std::string counts = counted(merged.meshes, "mesh", "meshes") + ", " + counted(faceCount(*out->view, out->object), "face");
    if (out->object.movable()) counts += ", " + counted(merged.animations, "animation");
    out->lines.push_back(counts);
  } catch (const std::exception& e) {
    out->error = e.what();
    out->view.reset();
  }
  return out;
}

}  // namespace wadsmith::session
