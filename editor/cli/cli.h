// Shared pieces of the headless subcommands.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace wadsmith::cli {

// Arguments after the subcommand: positionals, `--flag`, `--key value` (repeatable).
struct Args {
  std::vector<std::string> positional;
  std::vector<std::pair<std::string, std::string>> options;  // flags have an empty value
  bool has(const std::string& key) const;
  std::optional<std::string> get(const std::string& key) const;
  std::vector<std::string> all(const std::string& key) const;
};
// `valued` lists the options that take a value.
Args parseArgs(const std::vector<std::string>& argv, const std::vector<std::string>& valued);

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

}  // namespace wadsmith::cli
