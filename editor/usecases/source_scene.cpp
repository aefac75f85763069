// 3D files as sources (glTF/GLB, OBJ, FBX, DAE): read once; one object at a time comes in, as
// its exact records when it is an unedited WadSmith export, else built from the float form at
// the slot asked for (a movable made a static or the other way round when asked).
#include <stdexcept>

#include "editor/interop/import_file.h"
#include "editor/usecases/bring_in.h"
#include "io/utf8_path.h"
#include "model/ascii_case.h"
#include "model/foreign/scene.h"
#include "model/import/build.h"

namespace wadsmith::usecases {

namespace {

using ImportedObject = interop::GltfObject;  // a 3D file's object, whichever its format
using Loader = std::vector<ImportedObject> (*)(const std::filesystem::path&, float unitsPerMeter);

// The object named (case-insensitive), else the only one, else the export of the target slot.
const ImportedObject& chooseObject(const std::vector<ImportedObject>& objects, const std::string& name,
                                   const std::optional<ObjectRef>& target, const std::string& file) {
  if (!name.empty()) {
    for (const auto& o : objects)
      if (asciiLower(o.name) == asciiLower(name)) return o;
  } else if (objects.size() == 1) {
    return objects.front();
  } else if (target) {
    for (const auto& o : objects)
      if (o.records && o.records->ref == *target) return o;
  }
  std::string list;
  for (const auto& o : objects) list += (list.empty() ? "" : ", ") + ("'" + o.name + "'");
  const std::string which = target ? target->text() : std::string("the slot asked for");
  throw std::runtime_error(file + ": " + (!name.empty() ? "no object named '" + name + "'" : "several objects, none exported from " + which) +
                           "; it holds " + list + " (choose one with --object NAME)");
}

// The object as a one-object WAD at `target`: its exact records when it has them, else the float
// form through the one builder (model/import/build.h: TR's limits are located BuildErrors).
WadDocument objectWad(const ImportedObject& object, const ObjectRef& target, bool recomputeNormals, std::vector<std::string>& notes) {
  notes.insert(notes.end(), object.notes.begin(), object.notes.end());
  if (object.records) {
    auto r = *object.records;
    r.ref = {r.ref.kind, target.slot};
    notes.push_back("'" + object.name + "': the exported records, exactly");
    return exchange::objectDocument(r);
  }
  imported::Model model = object.model;
  if (model.movable && !target.movable()) model = foreign::asStatic(model);
  if (!model.movable && target.movable()) {
    model.movable = true;
    model.bones.assign(model.meshes.size(), {});
    for (std::size_t b = 1; b < model.bones.size(); ++b) model.bones[b].parent = 0;
  }
  import::BuildOptions options;
  options.recomputeNormals = recomputeNormals;
  auto built = import::buildWad({{&model, target.slot}}, options);
  for (const auto& r : built.models)
    for (auto& line : import::reportLines(model, r)) notes.push_back(std::move(line));
  return std::move(built.wad);
}

ListedObject listed(const ImportedObject& o) {
  auto e = foreign::listedModel(o.model);
  if (o.records) e.slot = o.records->ref.slot;
  e.name = o.name;
  e.notes = o.notes;
  return e;
}

class SceneSource : public Source {
 public:
  SceneSource(const std::filesystem::path& file, const char* format, Loader load)
      : format_(format), load_(load), objects_(load(file, 0)) {
    path = file;
    label = utf8Name(file.filename());
  }

  // An export's object is what its records are; any other object can become either kind.
  SourceListing list() const override {
    SourceListing out;
    out.format = format_;
    out.file = utf8Name(path);
    for (const auto& o : objects_) {
      if (!o.records || o.records->ref.movable()) out.movables.push_back(listed(o));
      if (!o.records || !o.records->ref.movable()) out.statics.push_back(listed(o));
    }
    return out;
  }

  Prepared prepare(const BringIn& a, const WadDocument& destination) const override {
    if (a.all || a.picks.size() != 1)
      throw std::runtime_error(utf8Name(path) + ": one object at a time comes from a 3D file (--movable ID or --static ID)");
    const Pick& pick = a.picks.front();
    // A scale of the user's choosing reads the file again at that scale.
    const auto objects = a.convert.scale > 0 ? load_(path, a.convert.scale) : objects_;
    const auto& object = chooseObject(objects, pick.name, pick.slot ? std::optional(ObjectRef{pick.kind, *pick.slot}) : std::nullopt,
                                      utf8Name(path));
    if (!a.mesh && object.records && object.records->ref.kind != pick.kind)
      throw std::invalid_argument(std::string("the file's object is a ") + (object.records->ref.movable() ? "movable" : "static") +
                                  ": import it with " + (object.records->ref.movable() ? "--movable" : "--static"));
    Pick placed = pick;  // an export goes back to its own slot when none is asked for
    if (!placed.slot && object.records) placed.slot = object.records->ref.slot;
    const auto slot = assignSlots({placed}, destination)[0];
    Prepared p;
    // One mesh goes in as the object is (replace_mesh takes it from whatever kind it is).
    const ObjectRef as{a.mesh ? (object.movable ? ObjectKind::Movable : ObjectKind::Static) : pick.kind, slot};
    auto notes = std::make_shared<std::vector<std::string>>();
    p.wad = objectWad(object, as, a.convert.recomputeNormals, *notes);
    (as.movable() ? p.request.movables : p.request.statics).push_back(slot);
    p.request.replace = a.replace;
    p.request.sourceLabel = label;
    p.names[as] = object.name;
    p.records = object.records;
    p.notesFor = [notes](const merge::Report&) { return *notes; };
    return p;
  }

 private:
  const char* format_;
  Loader load_;
  std::vector<ImportedObject> objects_;
};

}  // namespace

std::unique_ptr<Source> openGltf(const std::filesystem::path& path) {
  return std::make_unique<SceneSource>(path, "gltf", interop::loadGltfObjects);
}

std::unique_ptr<Source> openAssimpScene(const std::filesystem::path& path) {
  return std::make_unique<SceneSource>(path, "obj-fbx-dae", interop::loadAssimpObjects);
}

}  // namespace wadsmith::usecases
