// `wadsmith apply` scripts: a JSON array of operations, each turned into a document edit.
#pragma once
#include <functional>
#include <istream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "model/ops/edit_context.h"

namespace wadsmith::cli {

struct ScriptStep {
  std::string label;  // shown in the history and in errors
  std::function<ops::Edited(const Document&)> apply;
};

// Thrown for a malformed operation; `position` is its index in the script array.
class ScriptError : public std::runtime_error {
 public:
  ScriptError(std::size_t position, const std::string& op, const std::string& what)
      : std::runtime_error("operation " + std::to_string(position) + (op.empty() ? "" : " (" + op + ")") + ": " + what),
        position_(position) {}
  std::size_t position() const { return position_; }

 private:
  std::size_t position_;
};

// Parses every step first (so a typo late in the script fails before anything runs).
std::vector<ScriptStep> parseScript(const nlohmann::json& script);

// Reads a script's JSON, refusing nesting no script needs (a hostile file cannot exhaust the
// stack); errors name the file.
nlohmann::json parseScriptText(std::istream& in, const std::string& name);

// The operation names parseScript understands.
const std::vector<std::string>& scriptOperations();

}  // namespace wadsmith::cli
