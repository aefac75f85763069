// The pieces the commands' options are made of, in CLI11 (header-only; only the files that
// declare options include it).
#pragma once
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "editor/cli/cli.h"

namespace wadsmith::cli {

// `-o OUT` / `--output OUT`: what the command writes.
inline CLI::Option* outputOption(CLI::App& c, std::string& out, const char* what) {
  return c.add_option("-o,--output", out, what)->required()->type_name("OUT");
}
// An option given once per value, as often as wanted: `--movable LARA --movable 3`.
inline CLI::Option* repeated(CLI::App& c, const char* name, std::vector<std::string>& values, const char* help) {
  return c.add_option(name, values, help)->allow_extra_args(false)->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
}
// FILE...: one or more positionals.
inline CLI::Option* files(CLI::App& c, const char* name, std::vector<std::string>& values, const char* help) {
  return c.add_option(name, values, help)->required()->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
}
// The last lines of `wadsmith COMMAND --help`: what else it does (`about`), then examples.
inline void examples(CLI::App& c, const std::string& lines, const std::string& about = "") {
  c.footer(about + "Examples:\n" + lines);
}

}  // namespace wadsmith::cli
