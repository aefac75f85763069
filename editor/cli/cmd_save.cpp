#include <iostream>

#include "editor/cli/options.h"
#include "editor/usecases/documents.h"
#include "io/document_io.h"
#include "io/utf8_path.h"

namespace wadsmith::cli {

Run saveCommand(CLI::App& c) {
  struct Options {
    std::string in, out;
  };
  auto o = std::make_shared<Options>();
  c.add_option("IN", o->in, "a WAD (with its .WAS, .SFX, .SAM, .SWD) or a level")->required();
  outputOption(c, o->out, "the file to write; a WAD's companions beside it, named after it");
  examples(c, "  wadsmith save city.wad -o copy.wad\n");
  return [o] {
    // A level's texture chunks stay as stored (a damaged one too): saving never looks inside them.
    // A conversion (wad2 <-> WAD) says what it changed or could not carry, per object.
    for (const auto& note : usecases::saveWithCompanions(loadDocument(utf8Path(o->in)), utf8Path(o->out)))
      std::cout << "note: " << note << "\n";
    std::cout << "wrote " << o->out << "\n";
    return 0;
  };
}

}  // namespace wadsmith::cli
