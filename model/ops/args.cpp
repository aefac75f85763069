#include "model/ops/args.h"

#include <cmath>
#include <limits>

namespace wadsmith::ops {

namespace {

std::string quoted(std::string_view key) { return "\"" + std::string(key) + "\""; }

}  // namespace

const Value& ArgReader::at(std::string_view key) const {
  if (!has(key)) throw EditError("missing field " + quoted(key));
  return args_.find(key)->second;
}

std::int64_t ArgReader::integer(std::string_view key, std::int64_t min, std::int64_t max) const {
  const double d = at(key).isNumber() ? at(key).number() : 0.5;
  if (!std::isfinite(d) || d != std::floor(d)) throw EditError("field " + quoted(key) + " must be an integer");
  if (d < static_cast<double>(min) || d > static_cast<double>(max))
    throw EditError("field " + quoted(key) + " must be within " + std::to_string(min) + ".." + std::to_string(max) + ", got " +
                    numberText(d));
  return static_cast<std::int64_t>(d);
}

double ArgReader::number(std::string_view key) const {
  if (!at(key).isNumber() || !std::isfinite(at(key).number())) throw EditError("field " + quoted(key) + " must be a number");
  return at(key).number();
}

bool ArgReader::boolean(std::string_view key) const {
  if (!at(key).isBool()) throw EditError("field " + quoted(key) + " must be true or false");
  return at(key).boolean();
}

std::string ArgReader::text(std::string_view key, const char* what) const {
  if (!at(key).isText()) throw EditError(quoted(key) + " must be " + what);
  return at(key).text();
}

std::vector<std::string> ArgReader::texts(std::string_view key, const char* what) const {
  std::vector<std::string> out;
  for (const auto& t : at(key).isList() ? at(key).list() : Value::List{Value()}) {
    if (!t.isText()) throw EditError(quoted(key) + " must be an array of " + what);
    out.push_back(t.text());
  }
  return out;
}

ObjectRef ArgReader::object() const {
  if (has("movable") && has("static")) throw EditError("give \"movable\" or \"static\", not both");
  if (has("movable")) return movableRef(slot("movable"));
  if (has("static")) return staticRef(slot("static"));
  throw EditError("missing \"movable\" or \"static\"");
}

std::optional<double> ArgReader::fieldValue(const FieldInfo& field, bool wad) const {
  if (!field.editable) return std::nullopt;
  const std::string raw = std::string(field.key) + "_raw";
  double value;
  if (field.unit == FieldUnit::Fixed && has(raw))
    value = static_cast<double>(integer(raw, std::numeric_limits<std::int32_t>::min(), std::numeric_limits<std::int32_t>::max())) / 65536.0;
  else if (!has(field.key))
    return std::nullopt;
  else if (field.unit == FieldUnit::Flag)
    value = boolean(field.key);
  else if (field.unit == FieldUnit::Fixed || field.unit == FieldUnit::Angle)
    value = number(field.key);
  else
    value = static_cast<double>(integer(field.key, static_cast<std::int64_t>(field.min),
                                        static_cast<std::int64_t>(field.levelMax ? field.levelMax : field.max)));
  checkRange(field, value, FieldContext{.wad = wad});
  return value;
}

namespace {

std::string typeNames() {
  std::string names;
  for (const auto& t : commandTypes()) names += (names.empty() ? "" : ", ") + std::string(t.key);
  return names;
}

// The flag bits a command gives: one value of a choice, or each flag as true / false.
int commandFlags(const CommandType& type, const ArgReader& f) {
  int flags = 0;
  if (!type.choice) {
    for (const auto& flag : type.flags)
      if (f.has(flag.key) && f.boolean(flag.key)) flags |= flag.bit;
    return flags;
  }
  if (!f.has(type.choice)) return 0;
  const Value& v = f.at(type.choice);
  for (const auto& flag : type.flags)
    if (v.isText() && v.text() == flag.key) return flag.bit;
  std::string keys;
  for (const auto& flag : type.flags) keys += (keys.empty() ? "\"" : " or \"") + std::string(flag.key) + "\"";
  throw EditError(std::string(type.choice) + " must be " + keys);
}

}  // namespace

CommandSpec commandSpec(const Value& c) {
  if (!c.isNamed() || !c.named().contains("type") || !c.named().at("type").isText())
    throw EditError("a command needs a \"type\"");
  const std::string& key = c.named().at("type").text();
  const CommandType* type = commandType(key);
  if (!type) throw EditError("unknown command type \"" + key + "\" (" + typeNames() + ")");
  const ArgReader f(c.named());
  CommandSpec spec{type->code, {}};
  for (const auto& op : type->operands)
    spec.operands.push_back(static_cast<int>(f.integer(op.key, op.frame ? -65535 : op.min, op.frame ? 65535 : op.max)));
  if (!spec.operands.empty()) spec.operands.back() |= commandFlags(*type, f);
  return spec;
}

Value commandValue(const Command& c, int frameStart) {
  const CommandType* t = commandType(c.code);
  if (!t || c.operands.size() != t->operands.size()) throw EditError("command code " + std::to_string(c.code) + " does not parse");
  Args out{{"type", t->key}};
  for (std::size_t k = 0; k < c.operands.size(); ++k) {
    int v = c.operands[k];
    if (k + 1 == c.operands.size() && !t->flags.empty()) {
      const auto word = static_cast<std::uint16_t>(v);
      for (const auto& f : t->flags)
        if (!t->choice)
          out[f.key] = (word & f.bit) != 0;
        else if (word & f.bit)
          out[t->choice] = f.key;
      v = word & t->valueMask();
    }
    out[t->operands[k].key] = t->operands[k].frame ? v - frameStart : v;
  }
  return out;
}

}  // namespace wadsmith::ops
