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
  c.add_option("IN", o->in, "a WAD (with its .WAS, .SFX, .SAM, .SWD), a Tomb Editor .wad2 or a level")->required();
  outputOption(c, o->out,
               "the file to write; a WAD's companions beside it, named after it. Its extension converts: "
               ".wad2 from a WAD (sound infos as the .xml beside it), .wad from a wad2");
  examples(c, "  wadsmith save city.wad -o copy.wad\n  wadsmith save Enemies.wad2 -o enemies.wad\n",
           "Prints what a conversion changed or could not carry ('note: ...'), then 'wrote OUT'.\n");
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
