#include <iostream>

#include "editor/cli/cli.h"
#include "editor/cli/dump_json.h"
#include "io/wad_files.h"

namespace wadsmith::cli {

int dumpCommand(const std::vector<std::string>& argv) {
  auto args = parseArgs(argv, {});
  if (args.positional.size() != 1) throw std::runtime_error("usage: wadsmith dump FILE --json");
  std::cout << dumpWad(loadWad(args.positional[0])).dump(1) << "\n";
  return 0;
}

}  // namespace wadsmith::cli
