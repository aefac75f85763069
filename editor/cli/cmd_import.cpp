#include <iostream>

#include "editor/cli/cli.h"
#include "editor/interop/import_file.h"
#include "io/document_io.h"
#include "io/utf8_path.h"
#include "io/wad_codec.h"
#include "io/wad_files.h"

namespace wadsmith::cli {

int importCommand(const std::vector<std::string>& argv) {
  auto args = parseArgs(argv, {"movable", "static", "mesh", "object", "scale", "o", "output", flag("replace")}, false);
  auto out = args.get("o") ? args.get("o") : args.get("output");
  const bool one = args.all("movable").size() + args.all("static").size() == 1;
  if (args.positional.size() != 2 || !out || !one)
    throw std::runtime_error(
        "usage: wadsmith import DST FILE (--movable ID | --static ID) [--object NAME] [--replace] [--mesh N] "
        "[--scale UNITS_PER_METRE] -o OUT");
  exchange::ImportRequest req;
  req.target = args.has("movable") ? movableRef(slotArg(*args.get("movable"), "--movable", true))
                                   : staticRef(slotArg(*args.get("static"), "--static", false));
  req.replace = args.has("replace");
  if (auto m = args.get("mesh")) {
    try {
      std::size_t used = 0;
      req.mesh = std::stoul(*m, &used);
      if (used != m->size()) throw std::invalid_argument(*m);
    } catch (const std::exception&) {
      throw std::runtime_error("--mesh needs a mesh index, got '" + *m + "'");
    }
    if (req.replace) throw std::runtime_error("--mesh replaces one mesh: no --replace with it");
  }
  interop::ImportFileOptions options;
  if (auto s = args.get("scale")) {
    try {
      options.unitsPerMeter = std::stof(*s);
    } catch (const std::exception&) {
      options.unitsPerMeter = -1;
    }
    if (!(options.unitsPerMeter > 0)) throw std::runtime_error("--scale needs TR units per metre (> 0), got '" + *s + "'");
  }
  const auto file = utf8Path(args.positional[1]);
  req.sourceLabel = file.filename().string();

  auto dst = loadDocument(utf8Path(args.positional[0]));
  auto* wad = std::get_if<WadDocument>(&dst);
  if (!wad) throw std::runtime_error(args.positional[0] + ": the destination must be a WAD");
  auto result = interop::importFile(*wad, file, args.get("object"), req, options);
  writeWad(result.doc);  // throws here, before anything is printed or written, if it does not fit
  for (const auto& l : result.lines) std::cout << l << "\n";
  const auto& t = result.merge.textures;
  std::cout << "texture samples: " << t.samplesNeeded << " used: " << result.merge.samplesReused << " reused, "
            << t.pixelsReused << " over pixels already there, " << t.samplesPacked << " packed; pages "
            << result.merge.pagesBefore << " -> " << result.merge.pagesAfter << "\n";
  for (const auto& w : result.merge.warnings) std::cout << "warning: " << w << "\n";
  saveWad(result.doc, utf8Path(*out));
  std::cout << "wrote " << *out << "\n";
  return 0;
}

}  // namespace wadsmith::cli
