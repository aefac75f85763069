// The headless subcommands of the wadsmith executable.
#pragma once

namespace wadsmith::cli {
int run(int argc, char** argv);
}
