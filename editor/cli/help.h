// What the command line says about itself, made from the commands' definitions: `wadsmith help`
// (--markdown: docs/cli.md) and `wadsmith completion bash`.
#pragma once
#include "editor/cli/cli.h"

namespace wadsmith::cli {

inline constexpr const char* kExitCodes =
    "Exit codes: 0 done; 1 a failure, or findings where asked (validate --strict, roundtrip);\n"
    "2 a usage error (an unknown command or option, a missing or bad value).\n"
    "'wadsmith COMMAND --help' lists a command's options; 'wadsmith FILE' opens FILE in the editor.";

// `root` is the whole command line: the help of every command is read from it when they run.
Run helpCommand(CLI::App& c, const CLI::App& root);
Run completionCommand(CLI::App& c, const CLI::App& root);

}  // namespace wadsmith::cli
