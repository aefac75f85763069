#include "editor/session/actions.h"

#include <bit>
#include <cctype>
#include <map>

#include "editor/view/pose.h"
#include "model/ops/animation_ops.h"
#include "model/ops/fields.h"
#include "model/ops/object_ops.h"
#include "model/ops/sound_ops.h"
#include "model/catalog.h"
#include "model/sound_use.h"

namespace wadsmith::session::actions {

using ops::EditError;

namespace {

const ObjectRef& selectedObject(const Session& s) {
  if (!s.selection.object) throw EditError("select an object first");
  return *s.selection.object;
}

// The selected animation, and how history labels name it ("movable 427 animation 1").
struct AnimationAt {
  std::uint32_t slot;
  std::size_t animation;
  std::string name;
};
AnimationAt selectedAnimation(const Session& s) {
  const auto& o = selectedObject(s);
  if (!o.movable()) throw EditError("select a movable first");
  return {o.slot, s.selection.animation, o.text() + " animation " + std::to_string(s.selection.animation)};
}
std::string stateChangeName(const AnimationAt& at, std::size_t k) { return at.name + " state change " + std::to_string(k); }

// A field of a table by key, with its users' value range-checked and set into a change.
template <class Record, class Change>
Change fieldChange(const std::vector<ops::Field<Record, Change>>& table, const std::string& key, double value,
                   const ops::FieldContext& c, std::string& label) {
  for (const auto& f : table) {
    if (key != f.key) continue;
    if (!f.editable || !f.set) throw EditError(key + " is shown, not edited");
    if (f.wadOnly && !c.wad) throw EditError(key + " is a WAD property; levels have none");
    ops::checkRange(f, value, c);
    Change change{};
    f.set(change, value);
    label = f.label;
    if (!label.empty()) label[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(label[0])));
    return change;
  }
  throw EditError("no field \"" + key + "\"");
}

ops::FieldContext documentContext(const Session& s) {
  ops::FieldContext c;
  c.wad = isWad(s.document());
  return c;
}

// What an action was asked, with the selection it acts on (the crash journal replays it).
ActionCall called(const Session& s, const char* action, nlohmann::json args = nlohmann::json::object()) {
  return {action, std::move(args), s.selection};
}

std::string faceCount(std::size_t n) { return std::to_string(n) + (n == 1 ? " face" : " faces"); }

void setFaces(Session& s, const ActionCall& call, const ops::FaceChange& change, const std::string& label) {
  const auto& object = selectedObject(s);
  if (s.selection.faces.empty()) throw EditError("select faces first");
  std::map<std::size_t, std::vector<std::size_t>> byMesh;
  for (const auto& f : s.selection.faces) byMesh[f.mesh].push_back(f.face);
  s.apply(call, object.text() + ": " + label + " " + faceCount(s.selection.faces.size()), [&](const Document& d) {
    ops::Edited out{d, {}};
    for (const auto& [mesh, faces] : byMesh) {
      auto e = ops::setFaces(out.doc, object, mesh, faces, change);
      out.doc = std::move(e.doc);
      out.warnings.insert(out.warnings.end(), e.warnings.begin(), e.warnings.end());
    }
    return out;
  });
}

// Operands within the command type's ranges, and one flag at most of a choice: what the table
// allows (model/command.h). A frame is checked where it becomes absolute (ops::setCommand).
void checkCommand(const ops::CommandSpec& c) {
  const CommandType* t = commandType(c.code);
  if (!t) throw EditError("unknown command code " + std::to_string(c.code));
  if (c.operands.size() != t->operands.size())
    throw EditError(std::string(t->key) + " takes " + std::to_string(t->operands.size()) + " operands");
  for (std::size_t k = 0; k < c.operands.size(); ++k) {
    const CommandOperand& op = t->operands[k];
    long v = c.operands[k];
    if (k + 1 == c.operands.size() && !t->flags.empty()) {
      if (v < 0 || v > 0xFFFF) throw EditError(std::string(t->key) + " " + op.key + " and flags must fit 16 bits");
      const auto bits = static_cast<std::uint16_t>(v & ~t->valueMask());
      if (t->choice && std::popcount(bits) > 1) {
        std::string keys;
        for (const auto& f : t->flags) keys += (keys.empty() ? "" : " or ") + std::string(f.key);
        throw EditError(std::string(t->key) + " " + t->choice + " is " + keys + ", not both");
      }
      v &= t->valueMask();
    }
    if (!op.frame && (v < op.min || v > op.max))
      throw EditError(std::string(t->key) + " " + op.key + " must be within " + std::to_string(op.min) + ".." +
                      std::to_string(op.max) + ", got " + std::to_string(v));
  }
}

}  // namespace

void setFaceField(Session& s, const std::string& key, double value) {
  std::string label;
  auto change = fieldChange(ops::faceFields(), key, value, documentContext(s), label);
  setFaces(s, called(s, "set_face_field", {{"key", key}, {"value", value}}), change, "set " + label + " of");
}

void rotateMapping(Session& s) { setFaces(s, called(s, "rotate_mapping"), {.rotate = 1}, "rotate the mapping of"); }

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
  s.apply(called(s, "recompute_normals"), mesh ? "recompute normals of mesh " + std::to_string(*mesh) : "recompute normals of " + object.text(),
          [&](const Document& d) { return ops::recomputeNormals(d, object, mesh); });
}

void flipNormals(Session& s) {
  auto object = selectedObject(s);
  auto mesh = s.selection.mesh;
  s.apply(called(s, "flip_normals"), "flip normals", [&](const Document& d) { return ops::flipNormals(d, object, mesh); });
}

void convertLighting(Session& s, bool toShades, const ops::Light& light) {
  auto object = selectedObject(s);
  auto mesh = s.selection.mesh;
  s.apply(called(s, "convert_lighting", {{"to_shades", toShades}, {"light", {light.x, light.y, light.z, light.ambient}}}),
          toShades ? "convert to shades" : "convert to normals", [&](const Document& d) {
    return toShades ? ops::convertToShades(d, object, mesh, light) : ops::convertToNormals(d, object, mesh);
  });
}

void recomputeSphere(Session& s) {
  auto object = selectedObject(s);
  auto mesh = s.selection.mesh;
  s.apply(called(s, "recompute_sphere"), mesh ? "recompute bounding sphere of mesh " + std::to_string(*mesh) : "recompute bounding spheres of " + object.text(),
          [&](const Document& d) { return ops::recomputeSphere(d, object, mesh); });
}

void recomputeStaticBoxes(Session& s) {
  auto object = selectedObject(s);
  if (object.movable()) throw EditError("boxes are recomputed for statics; a movable's come from its keyframes");
  s.apply(called(s, "recompute_static_boxes"), "recompute boxes of " + object.text(), [&](const Document& d) { return ops::recomputeStaticBoxes(d, object.slot); });
}

void deleteSelectedObject(Session& s) {
  auto object = selectedObject(s);
  s.apply(called(s, "delete_object"), "delete " + object.text(), [&](const Document& d) { return ops::deleteObject(d, object); });
  s.selection = {};
}

void setSelectedSlot(Session& s, std::uint32_t slot) {
  auto object = selectedObject(s);
  if (object.slot == slot) return;  // already there: no history step
  // The edit drops a selection of the old slot (nothing is there any more): it follows the object.
  auto keep = s.selection;
  s.apply(called(s, "set_slot", {{"slot", slot}}), "move " + object.text() + " to slot " + std::to_string(slot),
          [&](const Document& d) { return ops::setSlot(d, object, slot); });
  keep.object->slot = slot;
  s.selection = keep;
}

void setAnimationField(Session& s, const std::string& key, double value) {
  auto at = selectedAnimation(s);
  std::string label;
  auto change = fieldChange(ops::animationFields(), key, value, documentContext(s), label);
  s.apply(called(s, "set_animation_field", {{"key", key}, {"value", value}}), at.name + ": set " + label,
          [&](const Document& d) { return ops::setAnimation(d, at.slot, at.animation, change); });
}

void addStateChange(Session& s, std::uint16_t state) {
  auto at = selectedAnimation(s);
  s.apply(called(s, "add_state_change", {{"state", state}}), at.name + ": add state change", [&](const Document& d) { return ops::addStateChange(d, at.slot, at.animation, state, {}); });
}

void removeStateChange(Session& s, std::size_t k) {
  auto at = selectedAnimation(s);
  s.apply(called(s, "remove_state_change", {{"state_change", k}}), at.name + ": remove state change " + std::to_string(k),
          [&](const Document& d) { return ops::removeStateChange(d, at.slot, at.animation, k); });
}

void setStateChangeField(Session& s, std::size_t k, const std::string& key, double value) {
  auto at = selectedAnimation(s);
  std::string label;
  auto change = fieldChange(ops::stateChangeFields(), key, value, documentContext(s), label);
  s.apply(called(s, "set_state_change_field", {{"state_change", k}, {"key", key}, {"value", value}}),
          stateChangeName(at, k) + ": set " + label,
          [&](const Document& d) { return ops::setStateChange(d, at.slot, at.animation, k, *change.stateId); });
}

void addDispatch(Session& s, std::size_t k) {
  auto at = selectedAnimation(s);
  const std::size_t anim = ops::animationOf(s.view(), at.slot, at.animation);
  const ops::DispatchSpec spec{0, view::frameCount(s.view().animations()[anim]), at.animation, 0};
  s.apply(called(s, "add_dispatch", {{"state_change", k}}), stateChangeName(at, k) + ": add dispatch",
          [&](const Document& d) { return ops::addDispatch(d, at.slot, at.animation, k, spec); });
}

void removeDispatch(Session& s, std::size_t k, std::size_t dispatch) {
  auto at = selectedAnimation(s);
  s.apply(called(s, "remove_dispatch", {{"state_change", k}, {"dispatch", dispatch}}),
          stateChangeName(at, k) + ": remove dispatch " + std::to_string(dispatch),
          [&](const Document& d) { return ops::removeDispatch(d, at.slot, at.animation, k, dispatch); });
}

void setDispatchField(Session& s, std::size_t k, std::size_t dispatch, const std::string& key, double value) {
  auto at = selectedAnimation(s);
  std::string label;
  auto change = fieldChange(ops::dispatchFields(), key, value, documentContext(s), label);
  s.apply(called(s, "set_dispatch_field", {{"state_change", k}, {"dispatch", dispatch}, {"key", key}, {"value", value}}),
          stateChangeName(at, k) + " dispatch " + std::to_string(dispatch) + ": set " + label,
          [&](const Document& d) { return ops::setDispatch(d, at.slot, at.animation, k, dispatch, change); });
}

ops::CommandSpec newCommand(const Session& s, std::uint16_t code) {
  const CommandType* t = commandType(code);
  if (!t) throw EditError("unknown command code " + std::to_string(code));
  ops::CommandSpec spec{code, {}};
  for (const auto& op : t->operands) spec.operands.push_back(op.frame ? static_cast<int>(s.selection.frame) : 0);
  return spec;
}

std::vector<ops::CommandSpec> commandSpecs(const Session& s) {
  auto at = selectedAnimation(s);
  const ObjectView& v = s.view();
  const std::size_t anim = ops::animationOf(v, at.slot, at.animation);
  std::vector<ops::CommandSpec> out;
  for (const Command& c : v.commands(anim).commands) {
    const CommandType* t = commandType(c.code);  // parsed commands have a known type
    ops::CommandSpec spec{c.code, {}};
    for (std::size_t k = 0; k < c.operands.size(); ++k) {
      int value = c.operands[k];
      if (k + 1 == c.operands.size() && !t->flags.empty()) value = static_cast<std::uint16_t>(c.operands[k]);  // flags on top
      if (t->operands[k].frame) value -= v.animations()[anim].frameStart;
      spec.operands.push_back(value);
    }
    out.push_back(std::move(spec));
  }
  return out;
}

void addCommand(Session& s, std::uint16_t code) {
  auto at = selectedAnimation(s);
  auto spec = newCommand(s, code);
  checkCommand(spec);
  s.apply(called(s, "add_command", {{"code", code}}), at.name + ": add " + commandType(code)->label + " command",
          [&](const Document& d) { return ops::addCommand(d, at.slot, at.animation, spec, std::nullopt); });
}

void removeCommand(Session& s, std::size_t index) {
  auto at = selectedAnimation(s);
  s.apply(called(s, "remove_command", {{"index", index}}), at.name + ": remove command " + std::to_string(index),
          [&](const Document& d) { return ops::removeCommand(d, at.slot, at.animation, index); });
}

void setCommand(Session& s, std::size_t index, const ops::CommandSpec& command) {
  auto at = selectedAnimation(s);
  checkCommand(command);
  s.apply(called(s, "set_command", {{"index", index}, {"code", command.code}, {"operands", command.operands}}),
          at.name + ": set command " + std::to_string(index) + " (" + commandType(command.code)->label + ")",
          [&](const Document& d) { return ops::setCommand(d, at.slot, at.animation, index, command); });
}

namespace {

std::string soundLabel(std::size_t id) {
  auto n = catalog::soundName(static_cast<std::uint32_t>(id));
  return "sound " + std::to_string(id) + (n ? " " + *n : "");
}
std::size_t selectedSound(const Session& s) {
  if (!s.panels.sounds.id) throw EditError("select a sound id first");
  return *s.panels.sounds.id;
}
const SoundSet& soundsOf(const Session& s) {
  const auto* w = std::get_if<WadDocument>(&s.document());
  if (!w || !w->sounds) throw EditError("the document has no .SFX/.SAM sounds to edit");
  return *w->sounds;
}

}  // namespace

void selectSound(Session& s, std::size_t id) { s.panels.sounds.id = id; }

void setSoundField(Session& s, const std::string& key, double value) {
  const std::size_t id = selectedSound(s);
  std::string label;
  auto change = fieldChange(ops::soundInfoFields(), key, value, documentContext(s), label);
  s.apply(soundLabel(id) + ": set " + label, [&](const Document& d) { return ops::setSoundInfo(d, id, change); });
}

void addSoundInfo(Session& s, std::size_t id) {
  ops::SoundInfoChange c;
  c.volume = 128;  // TRLE's sounds.txt default: full range of 10 sectors, no chance limit
  c.range = 10;
  s.apply(soundLabel(id) + ": add sound info", [&](const Document& d) { return ops::addSoundInfo(d, id, c); });
  s.panels.sounds.id = id;
}

void removeSoundInfo(Session& s) {
  const std::size_t id = selectedSound(s);
  s.apply(soundLabel(id) + ": remove sound info", [&](const Document& d) { return ops::removeSoundInfo(d, id); });
}

void assignSoundId(Session& s, std::size_t id) {
  const std::size_t from = selectedSound(s);
  s.apply(soundLabel(id) + ": play the info of sound " + std::to_string(from),
          [&](const Document& d) { return ops::assignSoundId(d, id, from); });
}

std::vector<std::string> soundSamples(const Session& s, std::size_t id) {
  std::vector<std::string> out;
  const auto sounds = documentSounds(s.document());
  const SoundInfo* info = sounds ? sounds->info(id) : nullptr;
  if (!info) return out;
  for (int k = 0; k < info->sampleCount(); ++k)
    if (std::size_t{info->sample} + static_cast<std::size_t>(k) < sounds->samples.size())
      out.push_back(sounds->samples[std::size_t{info->sample} + static_cast<std::size_t>(k)].name);
  return out;
}

void addSample(Session& s, const std::string& name) {
  const std::size_t id = selectedSound(s);
  soundsOf(s);
  ops::SoundInfoChange c;
  c.samples = soundSamples(s, id);
  c.samples->push_back(name);
  s.apply(soundLabel(id) + ": add sample " + name, [&](const Document& d) { return ops::setSoundInfo(d, id, c); });
}

void removeSample(Session& s, std::size_t k) {
  const std::size_t id = selectedSound(s);
  soundsOf(s);
  ops::SoundInfoChange c;
  c.samples = soundSamples(s, id);
  if (k >= c.samples->size()) throw EditError("the info has no sample " + std::to_string(k));
  const std::string name = (*c.samples)[k];
  c.samples->erase(c.samples->begin() + static_cast<long>(k));
  s.apply(soundLabel(id) + ": remove sample " + name, [&](const Document& d) { return ops::setSoundInfo(d, id, c); });
}

void renameSample(Session& s, std::size_t sample, const std::string& name) {
  s.apply(".SAM line " + std::to_string(sample) + ": name " + name, [&](const Document& d) { return ops::setSample(d, sample, name); });
}

std::string playSample(Session& s, std::size_t sample) {
  const auto sounds = documentSounds(s.document());
  std::string name = sounds && sample < sounds->samples.size() && !sounds->samples[sample].name.empty()
                         ? sounds->samples[sample].name
                         : "sample " + std::to_string(sample);
  auto wav = s.sampleWav(sample);
  std::string status;
  if (!wav)
    status = name + ": no WAV to play (" +
             (s.samples().exists() ? "missing from " + s.samples().dir().generic_string() : "no samples folder found") + ")";
  else if (!s.audio)
    status = name + ": no audio output";
  else
    status = s.audio->play(*wav, name);
  s.panels.sounds.status = status;
  return status;
}

std::string playSound(Session& s, std::size_t id) {
  const auto sounds = documentSounds(s.document());
  const SoundInfo* info = sounds ? sounds->info(id) : nullptr;
  if (!info || info->sampleCount() == 0) {
    s.panels.sounds.status = soundLabel(id) + ": no sound info or samples";
    return s.panels.sounds.status;
  }
  return playSample(s, info->sample);
}

void replay(Session& s, const ActionCall& call) {
  using Args = const nlohmann::json&;
  static const std::map<std::string, void (*)(Session&, Args)> actions = {
      {"set_face_field", [](Session& s, Args a) { setFaceField(s, a.at("key"), a.at("value")); }},
      {"rotate_mapping", [](Session& s, Args) { rotateMapping(s); }},
      {"recompute_normals", [](Session& s, Args) { recomputeNormals(s); }},
      {"flip_normals", [](Session& s, Args) { flipNormals(s); }},
      {"convert_lighting",
       [](Session& s, Args a) {
         const auto& l = a.at("light");
         convertLighting(s, a.at("to_shades"), {l.at(0), l.at(1), l.at(2), l.at(3)});
       }},
      {"recompute_sphere", [](Session& s, Args) { recomputeSphere(s); }},
      {"recompute_static_boxes", [](Session& s, Args) { recomputeStaticBoxes(s); }},
      {"delete_object", [](Session& s, Args) { deleteSelectedObject(s); }},
      {"set_slot", [](Session& s, Args a) { setSelectedSlot(s, a.at("slot")); }},
      {"set_animation_field", [](Session& s, Args a) { setAnimationField(s, a.at("key"), a.at("value")); }},
      {"add_state_change", [](Session& s, Args a) { addStateChange(s, a.at("state")); }},
      {"remove_state_change", [](Session& s, Args a) { removeStateChange(s, a.at("state_change")); }},
      {"set_state_change_field",
       [](Session& s, Args a) { setStateChangeField(s, a.at("state_change"), a.at("key"), a.at("value")); }},
      {"add_dispatch", [](Session& s, Args a) { addDispatch(s, a.at("state_change")); }},
      {"remove_dispatch", [](Session& s, Args a) { removeDispatch(s, a.at("state_change"), a.at("dispatch")); }},
      {"set_dispatch_field",
       [](Session& s, Args a) { setDispatchField(s, a.at("state_change"), a.at("dispatch"), a.at("key"), a.at("value")); }},
      {"add_command", [](Session& s, Args a) { addCommand(s, a.at("code")); }},
      {"remove_command", [](Session& s, Args a) { removeCommand(s, a.at("index")); }},
      {"set_command",
       [](Session& s, Args a) { setCommand(s, a.at("index"), {a.at("code"), a.at("operands").get<std::vector<int>>()}); }},
  };
  auto it = actions.find(call.action);
  if (it == actions.end()) throw EditError("unknown action \"" + call.action + "\"");
  s.selection = call.selection;
  it->second(s, call.args);
}

}  // namespace wadsmith::session::actions
