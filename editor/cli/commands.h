// The headless subcommands of the wadsmith executable.
#pragma once
#include <string>
#include <vector>

namespace wadsmith::cli {
// `args` are the words after the program name, UTF-8.
int run(const std::vector<std::string>& args);
// Whether `word` names a subcommand (else `wadsmith FILE` opens FILE in the editor).
bool isSubcommand(const std::string& word);
}
