#include "editor/session/actions.h"

#include "editor/words.h"
#include "io/utf8_path.h"

#include "model/ops/args.h"
#include "model/ops/sound_ops.h"
#include "model/sound_use.h"

namespace wadsmith::session::actions {

using ops::EditError;

void run(Session& s, const std::string& op, ops::Args given) {
  const ops::Operation* o = ops::findOperation(op);
  if (!o) throw EditError("unknown operation \"" + op + "\"");
  s.run({op, ops::withSelection(*o, s.view(), s.selection, std::move(given))});
}

void setField(Session& s, const std::string& op, const std::string& key, double value, ops::Args given) {
  const ops::Operation* o = ops::findOperation(op);
  if (!o) throw EditError("unknown operation \"" + op + "\"");
  given[key] = ops::paramValue(*o, key, value);
  run(s, op, std::move(given));
}

void selectFacesWithTexture(Session& s, const view::FaceRef& face) {
  if (!s.selection.object) throw EditError("select an object first");
  const ObjectRef object = *s.selection.object;
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

void setSelectedSlot(Session& s, std::uint32_t slot) {
  if (!s.selection.object) throw EditError("select an object first");
  if (s.selection.object->slot == slot) return;  // already there: no history step
  // The edit drops a selection of the old slot (nothing is there any more): it follows the object.
  auto keep = s.selection;
  run(s, "set_slot", {{"slot", slot}});
  keep.object->slot = slot;
  s.selection = keep;
}

ops::Value newCommand(const Session& s, std::uint16_t code) {
  const CommandType* t = commandType(code);
  if (!t) throw EditError("unknown command code " + std::to_string(code));
  Command c{code, {}};
  for (const auto& op : t->operands) c.operands.push_back(op.frame ? static_cast<std::int16_t>(s.selection.frame) : 0);
  return ops::commandValue(c, 0);
}

std::vector<ops::Value> commandValues(const Session& s) {
  if (!s.selection.object || !s.selection.object->movable()) throw EditError("select a movable first");
  const ObjectView& v = s.view();
  const std::size_t anim = ops::animationOf(v, s.selection.object->slot, s.selection.animation);
  std::vector<ops::Value> out;
  for (const Command& c : v.commands(anim).commands) out.push_back(ops::commandValue(c, v.animations()[anim].frameStart));
  return out;
}

void selectSound(Session& s, std::size_t id) { s.selection.sound = id; }

void addSoundInfo(Session& s, std::size_t id) {
  run(s, "add_sound_info", {{"id", id}});
  s.selection.sound = id;
}

std::vector<std::string> soundSamples(const Session& s, std::size_t id) {
  return ops::infoSampleNames(documentSounds(s.document()).get(), id);
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
             (s.samples().exists() ? "missing from " + shownPath(s.samples().dir(), s.path()) : "no samples folder found") + ")";
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
    s.panels.sounds.status = ops::soundLabel(id) + ": no sound info or samples";
    return s.panels.sounds.status;
  }
  return playSample(s, info->sample);
}

}  // namespace wadsmith::session::actions
