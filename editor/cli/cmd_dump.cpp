#include <iostream>

#include "editor/cli/cli.h"
#include "editor/cli/dump_json.h"
#include "io/document_io.h"
#include "io/utf8_path.h"

namespace wadsmith::cli {

int dumpCommand(const std::vector<std::string>& argv) {
  auto args = parseArgs(argv, {flag("json")}, false);
  if (args.positional.size() != 1) throw std::runtime_error("usage: wadsmith dump FILE --json");
  auto doc = loadDocument(utf8Path(args.positional[0]));
  if (const auto* w = std::get_if<WadDocument>(&doc))
    std::cout << jsonText(dumpWad(*w), 1) << "\n";
  else
    std::cout << jsonText(dumpLevel(std::get<LevelDocument>(doc)), 1) << "\n";
  return 0;
}

}  // namespace wadsmith::cli
