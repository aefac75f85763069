// `wadsmith apply` scripts: a JSON array of calls of the table of operations
// (model/ops/operations.h), {"op": NAME, ARGUMENTS...}.
#pragma once
#include <istream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "model/ops/operations.h"

namespace wadsmith::cli {

struct ScriptStep {
  std::string op;  // named in errors
  ops::Step step;  // its label names the history step
};

// Thrown for a malformed operation: "operation N (name): what", N its index in the script.
struct ScriptError : std::runtime_error {
  ScriptError(std::size_t position, const std::string& op, const std::string& what)
      : std::runtime_error("operation " + std::to_string(position) + (op.empty() ? "" : " (" + op + ")") + ": " + what) {}
};

// Parses every step first (so a typo late in the script fails before anything runs).
std::vector<ScriptStep> parseScript(const nlohmann::json& script);

// Reads a script's JSON, refusing nesting no script needs (a hostile file cannot exhaust the
// stack); errors name the file.
nlohmann::json parseScriptText(std::istream& in, const std::string& name);

}  // namespace wadsmith::cli
