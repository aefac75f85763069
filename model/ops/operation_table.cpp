// The table of operations (operations.h): its mesh, object and sound entries (a WAD's sound
// infos by the id that plays them, the .SAM's samples), and the whole table. Each entry reads
// its arguments into the model function's, names its history step, and gives an example call.
#include <cmath>
#include <map>

#include "model/ops/object_ops.h"
#include "model/ops/operation_entries.h"

namespace wadsmith::ops {

namespace entries {

namespace {

using P = ParamKind;
using List = Value::List;

// "movable 427", "movable 427 mesh 2".
std::string meshesName(const ObjectRef& o, std::optional<std::size_t> mesh) {
  return o.text() + (mesh ? " mesh " + std::to_string(*mesh) : "");
}

using MeshEdit = Edited (*)(const Document&, const ObjectRef&, std::optional<std::size_t>);
// An edit of the object's mesh, or of every mesh of the object when none is given.
Step onMeshes(const ArgReader& a, const char* oneMesh, const char* everyMesh, MeshEdit edit) {
  const ObjectRef o = a.object();
  const auto mesh = a.optIndex("mesh");
  return {std::string(mesh ? oneMesh : everyMesh) + " of " + meshesName(o, mesh), [=](const Document& d) { return edit(d, o, mesh); }};
}

Light lightOf(const ArgReader& a) {
  Light light;
  if (a.has("light")) {
    const Value& l = a.at("light");
    if (!l.isList() || l.list().size() != 3 || !l.list()[0].isNumber() || !l.list()[1].isNumber() || !l.list()[2].isNumber())
      throw EditError("\"light\" must be [x, y, z]");
    light.x = l.list()[0].number(), light.y = l.list()[1].number(), light.z = l.list()[2].number();
    if (!std::isfinite(light.x) || !std::isfinite(light.y) || !std::isfinite(light.z) ||
        light.x * light.x + light.y * light.y + light.z * light.z == 0)
      throw EditError("\"light\" must be a direction");
  }
  if (a.has("ambient")) {
    light.ambient = a.number("ambient");
    if (light.ambient < 0 || light.ambient > 1) throw EditError("\"ambient\" must be within 0..1");
  }
  return light;
}

Step convertStep(const ArgReader& a) {
  const ObjectRef o = a.object();
  const auto mesh = a.optIndex("mesh");
  const std::string to = a.has("to") && a.at("to").isText() ? a.at("to").text() : "";
  const std::string label = "convert " + meshesName(o, mesh) + " to " + to;
  if (to == "normals") return {label, [=](const Document& d) { return convertToNormals(d, o, mesh); }};
  if (to != "shades") throw EditError("\"to\" must be \"shades\" or \"normals\"");
  const Light light = lightOf(a);
  return {label, [=](const Document& d) { return convertToShades(d, o, mesh, light); }};
}

std::size_t faceIndex(const Value& x) {
  if (!x.isNumber() || x.number() < 0 || x.number() > 0x7FFFFFFF || x.number() != std::floor(x.number()))
    throw EditError("face indices must be integers within 0..2147483647");
  return static_cast<std::size_t>(x.number());
}

// The faces set_face names, by mesh: indices of "mesh" or "all" of it, or [mesh, face] pairs
// (the editor's selection, over several meshes).
struct FacePick {
  std::map<std::size_t, std::vector<std::size_t>> byMesh;
  bool all = false;
  std::size_t count = 0;
};
FacePick facePick(const ArgReader& a) {
  const Value& faces = a.at("faces");
  FacePick pick;
  const bool all = faces.isText() && faces.text() == "all";
  if (!faces.isList() && !(all && a.has("mesh"))) throw EditError("\"faces\" must be an array of face indices or \"all\"");
  if (a.has("mesh")) {
    auto& list = pick.byMesh[a.index("mesh")];
    pick.all = all;
    if (!all)
      for (const auto& x : faces.list()) list.push_back(faceIndex(x));
  } else {
    for (const auto& x : faces.list()) {
      if (!x.isList() || x.list().size() != 2) throw EditError("\"faces\" without \"mesh\" are [mesh, face] pairs");
      pick.byMesh[faceIndex(x.list()[0])].push_back(faceIndex(x.list()[1]));
    }
  }
  for (const auto& entry : pick.byMesh) pick.count += entry.second.size();
  return pick;
}

std::vector<std::size_t> allFaces(const Document& d, const ObjectRef& o, std::size_t mesh) {
  ObjectView v(objectsOf(d));
  std::vector<std::size_t> all((*v.tables().meshes)[meshEntryOf(v, o, mesh)].mesh->polygons.size());
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
  return all;
}

Step faceStep(const ArgReader& a) {
  const ObjectRef o = a.object();
  const FacePick pick = facePick(a);
  // Level faces allow more (6-bit intensity, 15-bit object textures): the operation checks.
  FaceChange change = a.fields(faceFields(), false);
  if (a.has("rotate")) change.rotate = static_cast<int>(a.integer("rotate", -3, 3));
  std::string what = setLabel(a, faceFields());
  if (change.rotate) what = (what == "set nothing" ? "" : what + " and ") + "rotate the mapping";
  const std::string faces = pick.all ? "all faces" : std::to_string(pick.count) + (pick.count == 1 ? " face" : " faces");
  return {o.text() + ": " + what + " of " + faces, [=](const Document& d) {
            Edited out{d, {}};
            for (const auto& [mesh, list] : pick.byMesh) {
              auto e = setFaces(out.doc, o, mesh, pick.all ? allFaces(d, o, mesh) : list, change);
              out.doc = std::move(e.doc);
              out.warnings.insert(out.warnings.end(), e.warnings.begin(), e.warnings.end());
            }
            return out;
          }};
}

Step staticBoxesStep(const ArgReader& a) {
  if (a.has("movable")) throw EditError("boxes are recomputed for statics; a movable's come from its keyframes");
  const auto slot = a.slot("static");
  return {"recompute boxes of static " + std::to_string(slot), [=](const Document& d) { return ops::recomputeStaticBoxes(d, slot); }};
}

Step slotStep(const ArgReader& a) {
  const ObjectRef o = a.object();
  const auto slot = a.slot("slot");
  return {"move " + o.text() + " to slot " + std::to_string(slot), [=](const Document& d) { return ops::setSlot(d, o, slot); }};
}

Step deleteObjectStep(const ArgReader& a) {
  const ObjectRef o = a.object();
  return {"delete " + o.text(), [=](const Document& d) { return ops::deleteObject(d, o); }};
}

// A sound info's fields (the field table) and its "samples": [".SAM names"].
SoundInfoChange infoChange(const ArgReader& a) {
  auto c = a.fields(soundInfoFields());
  if (a.has("samples")) c.samples = a.texts("samples", "WAV names");
  return c;
}

std::string infoLabel(const ArgReader& a) {
  const std::string set = setLabel(a, soundInfoFields());
  if (!a.has("samples")) return set;
  return set == "set nothing" ? "set samples" : set + ", samples";
}

Step addInfoStep(const ArgReader& a) {
  const auto id = a.soundId("id");
  const auto c = infoChange(a);
  return {soundLabel(id) + ": add sound info", [=](const Document& d) { return addSoundInfo(d, id, c); }};
}

Step setInfoStep(const ArgReader& a) {
  const auto id = a.soundId("id");
  const auto c = infoChange(a);
  return {soundLabel(id) + ": " + infoLabel(a), [=](const Document& d) { return setSoundInfo(d, id, c); }};
}

Step removeInfoStep(const ArgReader& a) {
  const auto id = a.soundId("id");
  return {soundLabel(id) + ": remove sound info", [=](const Document& d) { return removeSoundInfo(d, id); }};
}

Step assignStep(const ArgReader& a) {
  const auto id = a.soundId("id");
  if (!a.given("same_as")) throw EditError("missing field \"same_as\" (a sound id, or null for none)");
  const auto from = a.has("same_as") ? std::optional(a.soundId("same_as")) : std::nullopt;
  return {soundLabel(id) + ": play " + (from ? "the info of sound " + std::to_string(*from) : std::string("nothing")),
          [=](const Document& d) { return assignSoundId(d, id, from); }};
}

Step setSampleStep(const ArgReader& a) {
  const auto sample = a.index("sample");
  const auto name = a.text("name", "a WAV file name");
  return {".SAM line " + std::to_string(sample) + ": name " + name, [=](const Document& d) { return setSample(d, sample, name); }};
}

Step addSampleStep(const ArgReader& a) {
  const auto id = a.soundId("id");
  const auto name = a.text("name", "a WAV file name");
  return {soundLabel(id) + ": add sample " + name, [=](const Document& d) { return addSample(d, id, name); }};
}

Step removeSampleStep(const ArgReader& a) {
  const auto id = a.soundId("id");
  const auto k = a.index("index");
  return {soundLabel(id) + ": remove sample " + std::to_string(k), [=](const Document& d) { return removeSample(d, id, k); }};
}

std::vector<Operation> meshOperations() {
  const Param object{"object", P::Object};
  const std::vector<Param> meshes = {object, {"mesh", P::Mesh, true}};
  return {
      {"recompute_normals", meshes, [](const ArgReader& a) { return onMeshes(a, "recompute normals", "recompute normals", recomputeNormals); },
       {{"movable", 427}, {"mesh", 2}}},
      {"flip_normals", meshes, [](const ArgReader& a) { return onMeshes(a, "flip normals", "flip normals", flipNormals); },
       {{"movable", 427}, {"mesh", 1}}},
      {"convert_lighting", join(meshes, {{"to", P::Text}, {"light", P::List, true}, {"ambient", P::Number, true}}), convertStep,
       {{"movable", 427}, {"mesh", 0}, {"to", "shades"}, {"light", List{0, 1, 0}}, {"ambient", 0.3}}},
      {"set_face", join({object, {"mesh", P::Integer, true}, {"faces", P::Faces}, {"rotate", P::Integer, true}}, fieldParams(faceFields())),
       faceStep, {{"movable", 427}, {"mesh", 3}, {"faces", List{0, 2}}, {"shine", true}, {"intensity", 20}, {"rotate", 1}}},
      {"recompute_sphere", meshes,
       [](const ArgReader& a) { return onMeshes(a, "recompute bounding sphere", "recompute bounding spheres", recomputeSphere); },
       {{"movable", 427}, {"mesh", 2}}},
      {"recompute_static_boxes", {{"static", P::Static}}, staticBoxesStep, {{"static", 30}}},
      {"set_slot", {object, {"slot", P::Integer}}, slotStep, {{"static", 30}, {"slot", 31}}},
      {"delete_object", {object}, deleteObjectStep, {{"static", 30}}},
  };
}

std::vector<Operation> soundOperations() {
  const Param selected{"id", P::SoundId}, given{"id", P::Integer};
  const auto info = join(fieldParams(soundInfoFields()), {{"samples", P::List, true}});
  return {
      {"add_sound_info", join({given}, info), addInfoStep,
       {{"id", 200}, {"volume", 128}, {"range", 10}, {"samples", Value::List{"dog1.wav", "dog2.wav"}}},
       // TRLE's sounds.txt default: full volume over 10 sectors.
       [](const ObjectView&, const Selection&, Args& args) {
         args.try_emplace("volume", 128);
         args.try_emplace("range", 10);
       }},
      {"set_sound_info", join({selected}, info), setInfoStep, {{"id", 71}, {"volume", 99}, {"samples", Value::List{"a.wav", "b.wav"}}}},
      {"remove_sound_info", {selected}, removeInfoStep, {{"id", 126}}},
      {"assign_sound_id", {given, {"same_as", P::SoundId}}, assignStep, {{"id", 201}, {"same_as", 71}}},
      {"set_sample", {{"sample", P::Integer}, {"name", P::Text}}, setSampleStep, {{"sample", 0}, {"name", "low.wav"}}},
      {"add_sample", {selected, {"name", P::Text}}, addSampleStep, {{"id", 0}, {"name", "foot03.wav"}}},
      {"remove_sample", {selected, {"index", P::Integer}}, removeSampleStep, {{"id", 0}, {"index", 0}}},
  };
}

}  // namespace
}  // namespace entries

std::vector<Operation> builtinOperations() {
  auto all = entries::meshOperations();
  for (auto more : {entries::animationOperations(), entries::keyframeOperations(), entries::wholeAnimationOperations(),
                     entries::soundOperations()}) all.insert(all.end(), more.begin(), more.end());
  return all;
}

}  // namespace wadsmith::ops
