#include "editor/cli/commands.h"

int main(int argc, char** argv) { return wadsmith::cli::run(argc, argv); }
