// The command line's view of a long operation's Progress: one line on stderr, rewritten in place
// ("roundtrip 3/16 city.wad"), cleared when the work is done. Only on a terminal, and never with
// --quiet: a pipe or a log file gets the results alone.
#pragma once
#include <cstdio>

#include "editor/progress.h"

namespace wadsmith::cli {

// `terminal`: whether `out` is one (stderrIsTerminal() for the real stderr).
Progress progressLine(bool quiet, bool terminal, std::FILE* out = stderr);
bool stderrIsTerminal();

}  // namespace wadsmith::cli
