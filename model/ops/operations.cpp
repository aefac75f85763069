#include "model/ops/operations.h"

#include <atomic>
#include <mutex>
#include <stdexcept>

#include "model/ops/args.h"

namespace wadsmith::ops {

std::vector<Operation> builtinOperations();  // operation_table.cpp

namespace {

std::vector<void (*)()>& firstUseAdds() {
  static std::vector<void (*)()> adds;
  return adds;
}
std::atomic<bool> added{false};

// Entries are registered at start, before any lookup (a registration may move them). The layer
// above adds its own on first use: commands that never look (info, roundtrip) do not build them.
std::vector<Operation>& registry() {
  static std::vector<Operation> table = builtinOperations();
  static std::once_flag once;
  static thread_local bool adding = false;  // the adds register, which looks the table up again
  if (!adding)
    std::call_once(once, [] {
      adding = true;
      for (auto add : firstUseAdds()) add();
      adding = false;
      added = true;
    });
  return table;
}

Value faceList(const std::set<FaceRef>& faces) {
  Value::List out;
  for (const auto& f : faces) out.push_back(Value::List{f.mesh, f.face});
  return out;
}

void need(bool selected, const char* what) {
  if (!selected) throw EditError(std::string("select ") + what + " first");
}

// The selection's value for a parameter of this kind, if it gives one.
void fromSelection(const Param& p, const Selection& s, Args& a) {
  switch (p.kind) {
    case ParamKind::Object:
      need(s.object.has_value(), "an object");
      a[s.object->movable() ? "movable" : "static"] = s.object->slot;
      break;
    case ParamKind::Movable:
    case ParamKind::Static:
      need(s.object && s.object->movable() == (p.kind == ParamKind::Movable), p.kind == ParamKind::Movable ? "a movable" : "a static");
      a[p.key] = s.object->slot;
      break;
    case ParamKind::Mesh:
      if (s.mesh) a[p.key] = *s.mesh;
      break;
    case ParamKind::Animation: a[p.key] = s.animation; break;
    case ParamKind::Faces:
      need(!s.faces.empty(), "faces");
      a[p.key] = faceList(s.faces);
      break;
    case ParamKind::SoundId:
      need(s.sound.has_value(), "a sound id");
      a[p.key] = *s.sound;
      break;
    default: break;
  }
}

}  // namespace

const std::vector<Operation>& operations() { return registry(); }

const Operation* findOperation(std::string_view name) {
  for (const auto& op : registry())
    if (op.name == name) return &op;
  return nullptr;
}

void registerOperationsOnFirstUse(void (*add)()) {
  if (added) add();
  else firstUseAdds().push_back(add);
}

void registerOperation(Operation op) {
  if (findOperation(op.name)) throw std::logic_error("operation \"" + op.name + "\" is already in the table");
  registry().push_back(std::move(op));
}

Step bind(const Call& call) {
  const Operation* op = findOperation(call.op);
  if (!op) throw EditError("unknown operation \"" + call.op + "\"");
  return op->bind(ArgReader(call.args));
}

Args withSelection(const Operation& op, const ObjectView& v, const Selection& s, Args a) {
  for (const auto& p : op.params)
    if (p.kind == ParamKind::Object ? !a.contains("movable") && !a.contains("static") : !a.contains(p.key)) fromSelection(p, s, a);
  if (op.defaults) op.defaults(v, s, a);
  return a;
}

Value paramValue(const Operation& op, const std::string& key, double value) {
  for (const auto& p : op.params)
    if (p.key == key) return p.kind == ParamKind::Flag ? Value(value != 0) : Value(value);
  throw EditError(op.name + " has no field \"" + key + "\"");
}

}  // namespace wadsmith::ops
