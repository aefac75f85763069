#include <iostream>

#include "editor/cli/cli.h"
#include "io/document_io.h"
#include "io/tr4_codec.h"
#include "io/utf8_path.h"

namespace wadsmith::cli {

int saveCommand(const std::vector<std::string>& argv) {
  auto args = parseArgs(argv, {"o", "output"}, false);
  auto out = args.get("o") ? args.get("o") : args.get("output");
  if (args.positional.size() != 1 || !out) throw std::runtime_error("usage: wadsmith save IN -o OUT");
  const auto doc = loadDocument(utf8Path(args.positional[0]));
  // A damaged texture chunk is written as it was read (saving never destroys data), and said.
  if (const auto* level = std::get_if<LevelDocument>(&doc))
    for (const auto& e : damagedChunks(*level)) std::cout << "warning: " << e << "; written as it was read\n";
  saveDocument(doc, utf8Path(*out));
  std::cout << "wrote " << *out << "\n";
  return 0;
}

}  // namespace wadsmith::cli
