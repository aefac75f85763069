// The headless subcommands of the wadsmith executable.
#pragma once
#include <string>
#include <vector>

#include "editor/cli/cli.h"

namespace wadsmith::cli {
// `args` are the words after the program name, UTF-8. `more` are commands defined outside the
// CLI (the editor's `edit`), listed and parsed like the others. Exit codes: 0 ok, 1 findings or
// a failure, 2 a usage error (an unknown command or option, a missing or bad value).
int run(const std::vector<std::string>& args, const std::vector<Subcommand>& more = {});
// Whether `word` names a subcommand (else `wadsmith FILE` opens FILE in the editor).
bool isSubcommand(const std::string& word);
}  // namespace wadsmith::cli
