// Shared pieces of the headless subcommands.
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "editor/usecases/bring_in.h"
#include "model/game.h"

namespace wadsmith::cli {

// Arguments after the subcommand: positionals, `--flag`, `--key value` (repeatable), in order.
struct Args {
  std::vector<std::string> positional;
  std::vector<std::pair<std::string, std::string>> options;  // flags have an empty value
  bool has(const std::string& key) const;
  std::optional<std::string> get(const std::string& key) const;   // the first
  std::vector<std::string> all(const std::string& key) const;
};

// An option, named without dashes (`-o`, `--o` and `---o` are the same option): it takes the
// next argument as its value, or is a flag. A bare name takes a value: {"o", "output"}.
struct Option {
  std::string name;
  bool takesValue = true;
  Option(const char* n, bool value = true) : name(n), takesValue(value) {}
};
inline Option flag(const char* name) { return {name, false}; }

// The one argument parser of the subcommands and the editor. A declared option without its
// value is an error naming it ("option --size needs a value"), and so is an option that is not
// declared ("unknown option --bogus") unless `undeclaredFlags`: then it is a flag (the
// subcommands declare their valued options and read their flags as they go). An argument that
// starts with a dash and a digit is a positional (a negative number).
Args parseArgs(const std::vector<std::string>& argv, const std::vector<Option>& options, bool undeclaredFlags = true);

// A slot number, or a slot name from the catalog of `game`: `--movable LARA`, `--as ANIMATING2`.
using usecases::slotArg;
// JSON as the commands print it: names read from files that are not UTF-8 (a .WAS or an
// EverQuest name in another code page) are printed with U+FFFD, never an exception.
std::string jsonText(const nlohmann::ordered_json& j, int indent);

struct Subcommand {
  const char* name;
  const char* usage;
  std::function<int(const std::vector<std::string>&)> run;
};
// Every subcommand registers here (see commands.cpp).
const std::vector<Subcommand>& subcommands();

int infoCommand(const std::vector<std::string>& args);
int saveCommand(const std::vector<std::string>& args);
int roundtripCommand(const std::vector<std::string>& args);
int dumpCommand(const std::vector<std::string>& args);
int applyCommand(const std::vector<std::string>& args);
int mergeCommand(const std::vector<std::string>& args);
int validateCommand(const std::vector<std::string>& args);
int exportCommand(const std::vector<std::string>& args);
int importCommand(const std::vector<std::string>& args);
// `info` for a source that is not a document (another engine's file, a 3D file): its listing.
int sourceInfoCommand(const std::filesystem::path& file, bool json);
// Brings objects in (merge and import), prints the report and saves the result as `out`.
int bringInCommand(const usecases::BringIn& args, const std::string& into, const std::string& out);
int pagesCommand(const std::vector<std::string>& args);
int animCommand(const std::vector<std::string>& args);

}  // namespace wadsmith::cli
