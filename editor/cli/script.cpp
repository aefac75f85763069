#include "editor/cli/script.h"

#include <cmath>
#include <limits>
#include <map>

#include "model/ops/command_ops.h"
#include "model/ops/fields.h"
#include "model/ops/object_ops.h"

namespace wadsmith::cli {

using nlohmann::json;
using namespace wadsmith::ops;

namespace {

// Field access with messages that name the field; every number is range-checked before it is
// converted, so nothing is silently truncated.
struct Fields {
  const json& j;
  bool has(const char* k) const { return j.contains(k) && !j[k].is_null(); }
  const json& at(const char* k) const {
    if (!has(k)) throw std::runtime_error(std::string("missing field \"") + k + "\"");
    return j[k];
  }
  std::int64_t integer(const char* k, std::int64_t min, std::int64_t max) const {
    const json& v = at(k);
    if (!v.is_number_integer() && !(v.is_number_float() && std::isfinite(v.get<double>()) && v.get<double>() == std::floor(v.get<double>())))
      throw std::runtime_error(std::string("field \"") + k + "\" must be an integer");
    bool inRange;
    std::int64_t out = 0;
    if (v.is_number_unsigned()) {
      const auto u = v.get<std::uint64_t>();
      inRange = u <= static_cast<std::uint64_t>(max) && static_cast<std::int64_t>(u) >= min;
      out = static_cast<std::int64_t>(u);
    } else {
      const double d = v.get<double>();
      inRange = d >= static_cast<double>(min) && d <= static_cast<double>(max);
      if (inRange) out = v.is_number_integer() ? v.get<std::int64_t>() : static_cast<std::int64_t>(d);
    }
    if (!inRange)
      throw std::runtime_error(std::string("field \"") + k + "\" must be within " + std::to_string(min) + ".." +
                               std::to_string(max) + ", got " + v.dump());
    return out;
  }
  // An index into something users address (objects, meshes, animations, faces).
  std::size_t index(const char* k) const { return static_cast<std::size_t>(integer(k, 0, std::numeric_limits<std::int32_t>::max())); }
  std::optional<std::size_t> optIndex(const char* k) const { return has(k) ? std::optional(index(k)) : std::nullopt; }
  std::uint32_t slot(const char* k) const { return static_cast<std::uint32_t>(integer(k, 0, 0xFFFFFFFFll)); }
  double number(const char* k) const {
    const json& v = at(k);
    if (!v.is_number() || !std::isfinite(v.get<double>())) throw std::runtime_error(std::string("field \"") + k + "\" must be a number");
    return v.get<double>();
  }
  bool boolean(const char* k) const {
    if (!at(k).is_boolean()) throw std::runtime_error(std::string("field \"") + k + "\" must be true or false");
    return j[k].get<bool>();
  }
};

ObjectRef object(const Fields& f) {
  if (f.has("movable") && f.has("static")) throw std::runtime_error("give \"movable\" or \"static\", not both");
  if (f.has("movable")) return movableRef(f.slot("movable"));
  if (f.has("static")) return staticRef(f.slot("static"));
  throw std::runtime_error("missing \"movable\" or \"static\"");
}

// The values of a record's fields a script gives, set into an operation's change. A Fixed
// field takes game units under its key or the stored 16.16 value under KEY_raw.
template <class Record, class Change>
Change readFields(const Fields& f, const std::vector<Field<Record, Change>>& table, bool wad = true) {
  Change c{};
  FieldContext context;
  context.wad = wad;
  for (const auto& field : table) {
    if (!field.editable) continue;
    const std::string raw = std::string(field.key) + "_raw";
    double value;
    if (field.unit == FieldUnit::Fixed && f.has(raw.c_str()))
      value = static_cast<double>(f.integer(raw.c_str(), std::numeric_limits<std::int32_t>::min(), std::numeric_limits<std::int32_t>::max())) / 65536.0;
    else if (!f.has(field.key))
      continue;
    else if (field.unit == FieldUnit::Flag)
      value = f.boolean(field.key);
    else if (field.unit == FieldUnit::Fixed)
      value = f.number(field.key);
    else
      value = static_cast<double>(f.integer(field.key, static_cast<std::int64_t>(field.min), static_cast<std::int64_t>(field.levelMax ? field.levelMax : field.max)));
    checkRange(field, value, context);
    field.set(c, value);
  }
  return c;
}

// {"type": "sound", "frame": 3, "sound": 70, "land": true}, {"type": "flipeffect", ..., "foot": "left"}.
CommandSpec commandSpec(const json& c) {
  if (!c.is_object() || !c.contains("type") || !c["type"].is_string()) throw std::runtime_error("a command needs a \"type\"");
  const std::string key = c["type"].get<std::string>();
  const CommandType* type = commandType(key);
  if (!type) {
    std::string names;
    for (const auto& t : commandTypes()) names += (names.empty() ? "" : ", ") + std::string(t.key);
    throw std::runtime_error("unknown command type \"" + key + "\" (" + names + ")");
  }
  Fields f{c};
  CommandSpec spec{type->code, {}};
  for (const auto& op : type->operands)
    spec.operands.push_back(static_cast<int>(f.integer(op.key, op.frame ? -65535 : op.min, op.frame ? 65535 : op.max)));
  int flags = 0;
  if (type->choice) {
    if (f.has(type->choice)) {
      const json& v = c[type->choice];
      bool found = false;
      for (const auto& flag : type->flags)
        if (v.is_string() && v.get<std::string>() == flag.key) flags = flag.bit, found = true;
      if (!found) {
        std::string keys;
        for (const auto& flag : type->flags) keys += (keys.empty() ? "\"" : " or \"") + std::string(flag.key) + "\"";
        throw std::runtime_error(std::string(type->choice) + " must be " + keys);
      }
    }
  } else {
    for (const auto& flag : type->flags)
      if (f.has(flag.key) && f.boolean(flag.key)) flags |= flag.bit;
  }
  if (!spec.operands.empty()) spec.operands.back() |= flags;
  return spec;
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
    if (!x.is_number_integer() || x.get<long long>() < 0 || (x.is_number_unsigned() && x.get<std::uint64_t>() > 0x7FFFFFFF))
      throw EditError("face indices must be integers within 0..2147483647");
    out.push_back(x.get<std::size_t>());
  }
  return out;
}

using Builder = std::function<ScriptStep(const Fields&)>;

// The animation an operation addresses.
struct AnimationAt {
  std::uint32_t movable;
  std::size_t animation;
};
AnimationAt animationAt(const Fields& f) {
  if (!f.has("movable")) throw std::runtime_error("missing field \"movable\"");
  return {f.slot("movable"), f.index("animation")};
}

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
         const std::string to = f.has("to") && f.j["to"].is_string() ? f.j["to"].get<std::string>() : "";
         if (to == "normals")
           return ScriptStep{"convert to normals", [=](const Document& d) { return convertToNormals(d, o, mesh); }};
         if (to != "shades") throw std::runtime_error("\"to\" must be \"shades\" or \"normals\"");
         Light light;
         if (f.has("light")) {
           const auto& l = f.j["light"];
           if (!l.is_array() || l.size() != 3 || !l[0].is_number() || !l[1].is_number() || !l[2].is_number())
             throw std::runtime_error("\"light\" must be [x, y, z]");
           light.x = l[0].get<double>(), light.y = l[1].get<double>(), light.z = l[2].get<double>();
           if (!std::isfinite(light.x) || !std::isfinite(light.y) || !std::isfinite(light.z) ||
               light.x * light.x + light.y * light.y + light.z * light.z == 0)
             throw std::runtime_error("\"light\" must be a direction");
         }
         if (f.has("ambient")) {
           light.ambient = f.number("ambient");
           if (light.ambient < 0 || light.ambient > 1) throw std::runtime_error("\"ambient\" must be within 0..1");
         }
         return ScriptStep{"convert to shades", [=](const Document& d) { return convertToShades(d, o, mesh, light); }};
       }},
      {"set_face",
       [](const Fields& f) {
         auto o = object(f);
         auto mesh = f.index("mesh");
         const json faces = f.at("faces").is_array() || f.at("faces").is_string() ? f.at("faces") : json();
         // Level faces allow more (6-bit intensity, 15-bit object textures): the operation checks.
         FaceChange c = readFields(f, faceFields(), false);
         if (f.has("rotate")) c.rotate = static_cast<int>(f.integer("rotate", -3, 3));
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
         auto slot = f.slot("static");
         return ScriptStep{"recompute static boxes", [=](const Document& d) { return recomputeStaticBoxes(d, slot); }};
       }},
      {"add_state_change",
       [](const Fields& f) {
         const auto at = animationAt(f);
         const auto m = at.movable;  // not structured bindings: clang 14 cannot capture those
         const auto anim = at.animation;
         auto state = readFields(f, stateChangeFields()).stateId;
         if (!state) throw std::runtime_error("missing field \"state\"");
         std::vector<DispatchSpec> ds;
         if (f.has("dispatches")) {
           if (!f.j["dispatches"].is_array()) throw std::runtime_error("\"dispatches\" must be an array");
           for (const auto& x : f.j["dispatches"]) ds.push_back(dispatchSpec(readFields(Fields{x}, dispatchFields())));
         }
         return ScriptStep{"add state change", [=](const Document& d) { return addStateChange(d, m, anim, *state, ds); }};
       }},
      {"remove_state_change",
       [](const Fields& f) {
         const auto at = animationAt(f);
         const auto m = at.movable;  // not structured bindings: clang 14 cannot capture those
         const auto anim = at.animation;
         auto sc = f.index("state_change");
         return ScriptStep{"remove state change", [=](const Document& d) { return removeStateChange(d, m, anim, sc); }};
       }},
      {"set_state_change",
       [](const Fields& f) {
         const auto at = animationAt(f);
         const auto m = at.movable;  // not structured bindings: clang 14 cannot capture those
         const auto anim = at.animation;
         auto sc = f.index("state_change");
         auto state = readFields(f, stateChangeFields()).stateId;
         if (!state) throw std::runtime_error("missing field \"state\"");
         return ScriptStep{"set state change", [=](const Document& d) { return setStateChange(d, m, anim, sc, *state); }};
       }},
      {"add_dispatch",
       [](const Fields& f) {
         const auto at = animationAt(f);
         const auto m = at.movable;  // not structured bindings: clang 14 cannot capture those
         const auto anim = at.animation;
         auto sc = f.index("state_change");
         auto spec = dispatchSpec(readFields(f, dispatchFields()));
         return ScriptStep{"add dispatch", [=](const Document& d) { return addDispatch(d, m, anim, sc, spec); }};
       }},
      {"remove_dispatch",
       [](const Fields& f) {
         const auto at = animationAt(f);
         const auto m = at.movable;  // not structured bindings: clang 14 cannot capture those
         const auto anim = at.animation;
         auto sc = f.index("state_change");
         auto which = f.index("dispatch");
         return ScriptStep{"remove dispatch", [=](const Document& d) { return removeDispatch(d, m, anim, sc, which); }};
       }},
      {"set_dispatch",
       [](const Fields& f) {
         const auto at = animationAt(f);
         const auto m = at.movable;  // not structured bindings: clang 14 cannot capture those
         const auto anim = at.animation;
         auto sc = f.index("state_change");
         auto which = f.index("dispatch");
         auto c = readFields(f, dispatchFields());
         return ScriptStep{"set dispatch", [=](const Document& d) { return setDispatch(d, m, anim, sc, which, c); }};
       }},
      {"set_animation",
       [](const Fields& f) {
         const auto at = animationAt(f);
         const auto m = at.movable;  // not structured bindings: clang 14 cannot capture those
         const auto anim = at.animation;
         auto c = readFields(f, animationFields());
         return ScriptStep{"set animation", [=](const Document& d) { return setAnimation(d, m, anim, c); }};
       }},
      {"add_command",
       [](const Fields& f) {
         const auto at = animationAt(f);
         const auto m = at.movable;  // not structured bindings: clang 14 cannot capture those
         const auto anim = at.animation;
         auto spec = commandSpec(f.at("command"));
         auto position = f.optIndex("position");
         return ScriptStep{"add command", [=](const Document& d) { return addCommand(d, m, anim, spec, position); }};
       }},
      {"remove_command",
       [](const Fields& f) {
         const auto at = animationAt(f);
         const auto m = at.movable;  // not structured bindings: clang 14 cannot capture those
         const auto anim = at.animation;
         auto which = f.index("index");
         return ScriptStep{"remove command", [=](const Document& d) { return removeCommand(d, m, anim, which); }};
       }},
      {"set_command",
       [](const Fields& f) {
         const auto at = animationAt(f);
         const auto m = at.movable;  // not structured bindings: clang 14 cannot capture those
         const auto anim = at.animation;
         auto which = f.index("index");
         auto spec = commandSpec(f.at("command"));
         return ScriptStep{"set command", [=](const Document& d) { return setCommand(d, m, anim, which, spec); }};
       }},
      {"set_slot",
       [](const Fields& f) {
         auto o = object(f);
         auto slot = f.slot("slot");
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

nlohmann::json parseScriptText(std::istream& in, const std::string& name) {
  // Scripts are flat: bounding the nesting keeps a hostile file from exhausting the stack in
  // the parser or in any later copy.
  constexpr int kMaxDepth = 16;
  try {
    return json::parse(in, [&](int depth, json::parse_event_t, json&) {
      if (depth > kMaxDepth) throw std::runtime_error(name + ": JSON nested deeper than " + std::to_string(kMaxDepth) + " levels");
      return true;
    });
  } catch (const json::exception& e) {
    throw std::runtime_error(name + ": not valid JSON: " + e.what());
  }
}

}  // namespace wadsmith::cli
