#include <iostream>

#include "editor/cli/dump_json.h"
#include "editor/cli/options.h"
#include "io/document_io.h"
#include "io/utf8_path.h"

namespace wadsmith::cli {

Run dumpCommand(CLI::App& c) {
  auto file = std::make_shared<std::pair<std::string, bool>>();
  c.add_option("FILE", file->first, "a WAD or a level")->required();
  c.add_flag("--json", file->second, "JSON (the only form; see docs/json-dump.md)");
  examples(c, "  wadsmith dump city.wad --json > city.json\n");
  return [file] {
    auto doc = loadDocument(utf8Path(file->first));
    if (const auto* w = std::get_if<WadDocument>(&doc))
      std::cout << jsonText(dumpWad(*w), 1) << "\n";
    else
      std::cout << jsonText(dumpLevel(std::get<LevelDocument>(doc)), 1) << "\n";
    return 0;
  };
}

}  // namespace wadsmith::cli
