// wadsmith: no arguments or `edit` opens the editor; any other first argument is a headless
// subcommand.
#include <iostream>
#include <string>
#include <vector>

#include "editor/cli/commands.h"
#ifdef WADSMITH_WITH_GUI
#include "editor/gui/app.h"
#endif

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "edit") {
#ifdef WADSMITH_WITH_GUI
    if (!args.empty()) args.erase(args.begin());
    return wadsmith::gui::runEditor(args);
#else
    std::cerr << "this wadsmith was built without the editor (WADSMITH_GUI=OFF)\n";
    return wadsmith::cli::run(argc, argv);
#endif
  }
  return wadsmith::cli::run(argc, argv);
}
