// wadsmith: no arguments, `edit`, or a file (dropped on the program) opens the editor; any other
// first argument is a headless subcommand.
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "editor/cli/commands.h"
#include "editor/interop/assimp_isolated.h"
#include "editor/usecases/bring_in.h"
#include "editor/usecases/copy_animations.h"
#include "io/platform.h"
#include "model/ops/operations.h"
#include "io/utf8_path.h"
#ifdef WADSMITH_WITH_GUI
#include "editor/gui/app.h"
#endif

int main(int argc, char** argv) {
  using namespace wadsmith;
  platform::tuneHeapForLargeBuffers();
  platform::useUtf8Console();
  ops::registerOperationsOnFirstUse(+[] {
    usecases::registerBringInOperation();
    usecases::registerCopyAnimationsOperation();
    usecases::registerSceneAnimationOperation();
  });
  std::vector<std::string> args = platform::commandLine(argc, argv);
  if (!args.empty() && args[0] == interop::kAssimpChildFlag) return interop::assimpChildMain(args);  // the editor's helper
  std::error_code ec;
  // `wadsmith FILE [editor options]`: what Windows runs when a WAD is dropped on the program.
  bool openFile = !args.empty() && !cli::isSubcommand(args[0]) && std::filesystem::is_regular_file(utf8Path(args[0]), ec);
  if (args.empty() || openFile) args.insert(args.begin(), "edit");
#ifdef WADSMITH_WITH_GUI
  return cli::run(args, {gui::editSubcommand()});
#else
  return cli::run(args, {{"edit", "(not in this build: WADSMITH_GUI=OFF)", [](CLI::App&) -> cli::Run {
                            return [] {
                              std::cerr << "this wadsmith was built without the editor (WADSMITH_GUI=OFF)\n";
                              return 1;
                            };
                          }}});
#endif
}
