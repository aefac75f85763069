#include <iostream>

#include "editor/cli/cli.h"
#include "editor/usecases/documents.h"
#include "io/document_io.h"
#include "io/utf8_path.h"

namespace wadsmith::cli {

int saveCommand(const std::vector<std::string>& argv) {
  auto args = parseArgs(argv, {"o", "output"}, false);
  auto out = args.get("o") ? args.get("o") : args.get("output");
  if (args.positional.size() != 1 || !out) throw std::runtime_error("usage: wadsmith save IN -o OUT");
  // A level's texture chunks stay as stored (a damaged one too): saving never looks inside them.
  // A conversion (wad2 <-> WAD) says what it changed or could not carry, per object.
  for (const auto& note : usecases::saveWithCompanions(loadDocument(utf8Path(args.positional[0])), utf8Path(*out)))
    std::cout << "note: " << note << "\n";
  std::cout << "wrote " << *out << "\n";
  return 0;
}

}  // namespace wadsmith::cli
