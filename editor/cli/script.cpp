#include "editor/cli/script.h"

#include <cmath>
#include <map>

#include "model/ops/animation_ops.h"
#include "model/ops/command_ops.h"
#include "model/ops/mesh_ops.h"
#include "model/ops/object_ops.h"

namespace wadsmith::cli {

using nlohmann::json;
using namespace wadsmith::ops;

namespace {

// Field access with messages that name the field.
struct Fields {
  const json& j;
  bool has(const char* k) const { return j.contains(k) && !j[k].is_null(); }
  long integer(const char* k) const {
    if (!has(k)) throw std::runtime_error(std::string("missing field \"") + k + "\"");
    if (!j[k].is_number_integer()) throw std::runtime_error(std::string("field \"") + k + "\" must be an integer");
    return j[k].get<long>();
  }
  std::size_t index(const char* k) const {
    long v = integer(k);
    if (v < 0) throw std::runtime_error(std::string("field \"") + k + "\" must not be negative");
    return static_cast<std::size_t>(v);
  }
  std::optional<long> optInteger(const char* k) const { return has(k) ? std::optional<long>(integer(k)) : std::nullopt; }
  std::optional<std::size_t> optIndex(const char* k) const {
    return has(k) ? std::optional<std::size_t>(index(k)) : std::nullopt;
  }
  std::optional<bool> optBool(const char* k) const {
    if (!has(k)) return std::nullopt;
    if (!j[k].is_boolean()) throw std::runtime_error(std::string("field \"") + k + "\" must be true or false");
    return j[k].get<bool>();
  }
  double number(const char* k) const {
    if (!has(k) || !j[k].is_number()) throw std::runtime_error(std::string("field \"") + k + "\" must be a number");
    return j[k].get<double>();
  }
  std::uint16_t u16(const char* k) const {
    long v = integer(k);
    if (v < 0 || v > 0xFFFF) throw std::runtime_error(std::string("field \"") + k + "\" must be within 0..65535");
    return static_cast<std::uint16_t>(v);
  }
};

ObjectRef object(const Fields& f) {
  if (f.has("movable") && f.has("static")) throw std::runtime_error("give \"movable\" or \"static\", not both");
  if (f.has("movable")) return {ObjectKind::Movable, static_cast<std::uint32_t>(f.index("movable"))};
  if (f.has("static")) return {ObjectKind::Static, static_cast<std::uint32_t>(f.index("static"))};
  throw std::runtime_error("missing \"movable\" or \"static\"");
}

std::uint32_t movable(const Fields& f) {
  if (!f.has("movable")) throw std::runtime_error("missing field \"movable\"");
  return static_cast<std::uint32_t>(f.index("movable"));
}

DispatchSpec dispatchSpec(const Fields& f) {
  return {static_cast<int>(f.integer("in")), static_cast<int>(f.integer("out")), f.index("next_animation"),
          static_cast<int>(f.integer("next_frame"))};
}

std::optional<std::int32_t> fixed(const Fields& f, const char* units, const char* raw) {
  if (f.has(raw)) return static_cast<std::int32_t>(f.integer(raw));
  if (f.has(units)) return static_cast<std::int32_t>(std::lround(f.number(units) * 65536.0));
  return std::nullopt;
}

// {"type": "sound", "frame": 3, "sound": 70, "land": true} etc.
CommandSpec commandSpec(const json& c) {
  if (!c.is_object() || !c.contains("type")) throw std::runtime_error("a command needs a \"type\"");
  Fields f{c};
  std::string type = c["type"].get<std::string>();
  if (type == "set_position") return {1, {int(f.integer("x")), int(f.integer("y")), int(f.integer("z"))}};
  if (type == "jump") return {2, {int(f.integer("vertical")), int(f.integer("horizontal"))}};
  if (type == "empty_hands") return {3, {}};
  if (type == "kill") return {4, {}};
  if (type == "sound") {
    long id = f.integer("sound");
    if (id < 0 || id > 0x3FFF) throw std::runtime_error("sound id must be within 0..16383");
    int flags = (f.optBool("land").value_or(false) ? 0x4000 : 0) | (f.optBool("water").value_or(false) ? 0x8000 : 0);
    return {5, {int(f.integer("frame")), int(id | flags)}};
  }
  if (type == "flipeffect") {
    long effect = f.integer("effect");
    if (effect < 0 || effect > 0x3FFF) throw std::runtime_error("effect must be within 0..16383");
    int flags = 0;
    if (f.has("foot")) {
      std::string foot = c["foot"].get<std::string>();
      if (foot == "left")
        flags = 0x4000;
      else if (foot == "right")
        flags = 0x8000;
      else
        throw std::runtime_error("foot must be \"left\" or \"right\"");
    }
    return {6, {int(f.integer("frame")), int(effect | flags)}};
  }
  throw std::runtime_error("unknown command type \"" + type +
                           "\" (set_position, jump, empty_hands, kill, sound, flipeffect)");
}

std::vector<std::size_t> faceList(const json& j, const Document& d, const ObjectRef& o, std::size_t mesh) {
  if (j.is_string() && j.get<std::string>() == "all") {
    ObjectView v(objectsOf(d));
    std::size_t n = (*v.tables().meshes)[meshEntryOf(v, o, mesh)].mesh->polygons.size();
    std::vector<std::size_t> all(n);
    for (std::size_t i = 0; i < n; ++i) all[i] = i;
    return all;
  }
  if (!j.is_array()) throw EditError("\"faces\" must be an array of face indices or \"all\"");
  std::vector<std::size_t> out;
  for (const auto& x : j) {
    if (!x.is_number_integer() || x.get<long>() < 0) throw EditError("face indices must be non-negative integers");
    out.push_back(x.get<std::size_t>());
  }
  return out;
}

using Builder = std::function<ScriptStep(const Fields&)>;

const std::map<std::string, Builder>& builders() {
  static const std::map<std::string, Builder> table = {
      {"recompute_normals",
       [](const Fields& f) {
         auto o = object(f);
         auto mesh = f.optIndex("mesh");
         return ScriptStep{"recompute normals", [=](const Document& d) { return recomputeNormals(d, o, mesh); }};
       }},
      {"flip_normals",
       [](const Fields& f) {
         auto o = object(f);
         auto mesh = f.optIndex("mesh");
         return ScriptStep{"flip normals", [=](const Document& d) { return flipNormals(d, o, mesh); }};
       }},
      {"convert_lighting",
       [](const Fields& f) {
         auto o = object(f);
         auto mesh = f.optIndex("mesh");
         std::string to = f.j.value("to", "");
         if (to == "normals")
           return ScriptStep{"convert to normals", [=](const Document& d) { return convertToNormals(d, o, mesh); }};
         if (to != "shades") throw std::runtime_error("\"to\" must be \"shades\" or \"normals\"");
         Light light;
         if (f.has("light")) {
           const auto& l = f.j["light"];
           if (!l.is_array() || l.size() != 3) throw std::runtime_error("\"light\" must be [x, y, z]");
           light.x = l[0].get<double>(), light.y = l[1].get<double>(), light.z = l[2].get<double>();
         }
         if (f.has("ambient")) light.ambient = f.number("ambient");
         return ScriptStep{"convert to shades", [=](const Document& d) { return convertToShades(d, o, mesh, light); }};
       }},
      {"set_face",
       [](const Fields& f) {
         auto o = object(f);
         auto mesh = f.index("mesh");
         if (!f.has("faces")) throw std::runtime_error("missing field \"faces\"");
         json faces = f.j["faces"];
         FaceChange c;
         c.translucent = f.optBool("translucent");
         c.shine = f.optBool("shine");
         if (auto v = f.optInteger("intensity")) c.intensity = static_cast<int>(*v);
         if (auto v = f.optInteger("texture")) c.texture = static_cast<int>(*v);
         c.flip = f.optBool("flip");
         if (auto v = f.optInteger("rotate")) c.rotate = static_cast<int>(*v);
         return ScriptStep{"set faces", [=](const Document& d) { return setFaces(d, o, mesh, faceList(faces, d, o, mesh), c); }};
       }},
      {"recompute_sphere",
       [](const Fields& f) {
         auto o = object(f);
         auto mesh = f.optIndex("mesh");
         return ScriptStep{"recompute bounding sphere", [=](const Document& d) { return recomputeSphere(d, o, mesh); }};
       }},
      {"recompute_static_boxes",
       [](const Fields& f) {
         auto slot = static_cast<std::uint32_t>(f.index("static"));
         return ScriptStep{"recompute static boxes", [=](const Document& d) { return recomputeStaticBoxes(d, slot); }};
       }},
      {"add_state_change",
       [](const Fields& f) {
         auto m = movable(f);
         auto anim = f.index("animation");
         auto state = f.u16("state");
         std::vector<DispatchSpec> ds;
         if (f.has("dispatches")) {
           if (!f.j["dispatches"].is_array()) throw std::runtime_error("\"dispatches\" must be an array");
           for (const auto& x : f.j["dispatches"]) ds.push_back(dispatchSpec(Fields{x}));
         }
         return ScriptStep{"add state change", [=](const Document& d) { return addStateChange(d, m, anim, state, ds); }};
       }},
      {"remove_state_change",
       [](const Fields& f) {
         auto m = movable(f);
         auto anim = f.index("animation");
         auto sc = f.index("state_change");
         return ScriptStep{"remove state change", [=](const Document& d) { return removeStateChange(d, m, anim, sc); }};
       }},
      {"set_state_change",
       [](const Fields& f) {
         auto m = movable(f);
         auto anim = f.index("animation");
         auto sc = f.index("state_change");
         auto state = f.u16("state");
         return ScriptStep{"set state change", [=](const Document& d) { return setStateChange(d, m, anim, sc, state); }};
       }},
      {"add_dispatch",
       [](const Fields& f) {
         auto m = movable(f);
         auto anim = f.index("animation");
         auto sc = f.index("state_change");
         auto spec = dispatchSpec(f);
         return ScriptStep{"add dispatch", [=](const Document& d) { return addDispatch(d, m, anim, sc, spec); }};
       }},
      {"remove_dispatch",
       [](const Fields& f) {
         auto m = movable(f);
         auto anim = f.index("animation");
         auto sc = f.index("state_change");
         auto which = f.index("dispatch");
         return ScriptStep{"remove dispatch", [=](const Document& d) { return removeDispatch(d, m, anim, sc, which); }};
       }},
      {"set_dispatch",
       [](const Fields& f) {
         auto m = movable(f);
         auto anim = f.index("animation");
         auto sc = f.index("state_change");
         auto which = f.index("dispatch");
         DispatchChange c;
         if (auto v = f.optInteger("in")) c.in = static_cast<int>(*v);
         if (auto v = f.optInteger("out")) c.out = static_cast<int>(*v);
         c.nextAnimation = f.optIndex("next_animation");
         if (auto v = f.optInteger("next_frame")) c.nextFrame = static_cast<int>(*v);
         return ScriptStep{"set dispatch", [=](const Document& d) { return setDispatch(d, m, anim, sc, which, c); }};
       }},
      {"set_animation",
       [](const Fields& f) {
         auto m = movable(f);
         auto anim = f.index("animation");
         AnimationChange c;
         c.nextAnimation = f.optIndex("next_animation");
         if (auto v = f.optInteger("next_frame")) c.nextFrame = static_cast<int>(*v);
         if (auto v = f.optInteger("frame_duration")) c.frameDuration = static_cast<int>(*v);
         if (auto v = f.optInteger("state_id")) c.stateId = static_cast<int>(*v);
         c.speed = fixed(f, "speed", "speed_raw");
         c.accel = fixed(f, "accel", "accel_raw");
         c.lateralSpeed = fixed(f, "lateral_speed", "lateral_speed_raw");
         c.lateralAccel = fixed(f, "lateral_accel", "lateral_accel_raw");
         return ScriptStep{"set animation", [=](const Document& d) { return setAnimation(d, m, anim, c); }};
       }},
      {"add_command",
       [](const Fields& f) {
         auto m = movable(f);
         auto anim = f.index("animation");
         if (!f.has("command")) throw std::runtime_error("missing field \"command\"");
         auto spec = commandSpec(f.j["command"]);
         auto position = f.optIndex("position");
         return ScriptStep{"add command", [=](const Document& d) { return addCommand(d, m, anim, spec, position); }};
       }},
      {"remove_command",
       [](const Fields& f) {
         auto m = movable(f);
         auto anim = f.index("animation");
         auto which = f.index("index");
         return ScriptStep{"remove command", [=](const Document& d) { return removeCommand(d, m, anim, which); }};
       }},
      {"set_command",
       [](const Fields& f) {
         auto m = movable(f);
         auto anim = f.index("animation");
         auto which = f.index("index");
         if (!f.has("command")) throw std::runtime_error("missing field \"command\"");
         auto spec = commandSpec(f.j["command"]);
         return ScriptStep{"set command", [=](const Document& d) { return setCommand(d, m, anim, which, spec); }};
       }},
      {"set_slot",
       [](const Fields& f) {
         auto o = object(f);
         auto slot = static_cast<std::uint32_t>(f.index("slot"));
         return ScriptStep{"set slot", [=](const Document& d) { return setSlot(d, o, slot); }};
       }},
      {"delete_object",
       [](const Fields& f) {
         auto o = object(f);
         return ScriptStep{"delete " + o.text(), [=](const Document& d) { return deleteObject(d, o); }};
       }},
  };
  return table;
}

}  // namespace

const std::vector<std::string>& scriptOperations() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> n;
    for (const auto& [k, v] : builders()) n.push_back(k);
    return n;
  }();
  return names;
}

std::vector<ScriptStep> parseScript(const json& script) {
  if (!script.is_array()) throw ScriptError(0, "", "a script is a JSON array of operations");
  std::vector<ScriptStep> steps;
  for (std::size_t i = 0; i < script.size(); ++i) {
    const json& op = script[i];
    if (!op.is_object() || !op.contains("op") || !op["op"].is_string())
      throw ScriptError(i, "", "each operation is an object with an \"op\" name");
    std::string name = op["op"].get<std::string>();
    auto it = builders().find(name);
    if (it == builders().end()) throw ScriptError(i, name, "unknown operation");
    try {
      steps.push_back(it->second(Fields{op}));
    } catch (const std::exception& e) {
      throw ScriptError(i, name, e.what());
    }
    steps.back().label = name;
  }
  return steps;
}

}  // namespace wadsmith::cli
