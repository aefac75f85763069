// Shared pieces of the headless subcommands.
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "editor/usecases/bring_in.h"
#include "model/bytes.h"
#include "model/game.h"

namespace CLI {
class App;
}

namespace wadsmith::cli {

// A slot number, or a slot name from the catalog of `game`: `--movable LARA`, `--as ANIMATING2`.
using usecases::slotArg;
// JSON as the commands print it: names read from files that are not UTF-8 (a .WAS or an
// EverQuest name in another code page) are printed with U+FFFD, never an exception.
std::string jsonText(const nlohmann::ordered_json& j, int indent);
// The JSON array of f(x) for every x of `range`.
template <class Range, class F>
nlohmann::ordered_json jsonArray(const Range& range, F f) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const auto& x : range) out.push_back(f(x));
  return out;
}

// A command: `define` declares its options on its CLI11 subcommand (editor/cli/options.h), bound
// to the command's own state, and returns what runs once they are parsed: the exit code.
using Run = std::function<int()>;
struct Subcommand {
  const char* name;
  const char* summary;  // one line of `wadsmith --help`
  std::function<Run(CLI::App&)> define;
};
// Every subcommand registers here (see commands.cpp).
const std::vector<Subcommand>& subcommands();
// Options that do not go together, found after parsing: exit code 2, like a parse error.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

Run infoCommand(CLI::App& c);
Run saveCommand(CLI::App& c);
Run roundtripCommand(CLI::App& c);
Run dumpCommand(CLI::App& c);
Run applyCommand(CLI::App& c);
Run mergeCommand(CLI::App& c);
Run validateCommand(CLI::App& c);
Run exportCommand(CLI::App& c);
Run importCommand(CLI::App& c);
Run pagesCommand(CLI::App& c);
Run animCommand(CLI::App& c);
// `info` for a source that is not a document (another engine's file, a 3D file): its listing.
int sourceInfoCommand(const std::filesystem::path& file, bool json);
// Brings objects in (merge and import), prints the report and saves the result as `out`.
// A progress line on the terminal unless `quiet`.
int bringInCommand(const usecases::BringIn& args, const std::string& into, const std::string& out, bool quiet);

}  // namespace wadsmith::cli
