#include "editor/cli/script.h"

#include "editor/usecases/value_json.h"

namespace wadsmith::cli {

using nlohmann::json;

std::vector<ScriptStep> parseScript(const json& script) {
  if (!script.is_array()) throw ScriptError(0, "", "a script is a JSON array of operations");
  std::vector<ScriptStep> steps;
  for (std::size_t i = 0; i < script.size(); ++i) {
    const json& op = script[i];
    if (!op.is_object() || !op.contains("op") || !op["op"].is_string())
      throw ScriptError(i, "", "each operation is an object with an \"op\" name");
    const std::string name = op["op"].get<std::string>();
    if (!ops::findOperation(name)) throw ScriptError(i, name, "unknown operation");
    ops::Call call{name, usecases::valueOf(op).named()};
    call.args.erase("op");
    try {
      steps.push_back({name, ops::bind(call)});
    } catch (const std::exception& e) {
      throw ScriptError(i, name, e.what());
    }
  }
  return steps;
}

json parseScriptText(std::istream& in, const std::string& name) {
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
