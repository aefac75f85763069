#include <iostream>

#include "editor/cli/cli.h"
#include "editor/interop/pages.h"
#include "io/document_io.h"
#include "io/file_io.h"
#include "io/png_codec.h"
#include "io/utf8_path.h"

namespace wadsmith::cli {

int pagesCommand(const std::vector<std::string>& argv) {
  auto args = parseArgs(argv, {"export", "import", "o", "output"}, false);
  auto out = args.get("o") ? args.get("o") : args.get("output");
  const bool exporting = args.has("export");
  if ((exporting == args.has("import")) || (exporting && (args.positional.size() != 1 || out)) ||
      (!exporting && (args.positional.size() != 2 || !out)))
    throw std::runtime_error("usage: wadsmith pages FILE --export DIR | wadsmith pages FILE --import N PAGE.png -o OUT");
  const auto doc = loadDocument(utf8Path(args.positional[0]));
  if (exporting) {
    const auto dir = utf8Path(*args.get("export"));
    std::filesystem::create_directories(dir);
    const auto pictures = interop::pagePictures(doc);
    for (const auto& p : pictures) writeFileAtomic(dir / p.name, png::encode(p.image));
    std::cout << "wrote " << pictures.size() << " pages to " << *args.get("export") << "\n";
    return 0;
  }
  std::size_t page = 0;
  try {
    std::size_t used = 0;
    page = std::stoul(*args.get("import"), &used);
    if (used != args.get("import")->size()) throw std::invalid_argument("");
  } catch (const std::exception&) {
    throw std::runtime_error("--import needs a page number, got '" + *args.get("import") + "'");
  }
  const auto picture = png::decode(readFileBytes(utf8Path(args.positional[1])), args.positional[1]);
  auto result = interop::importPagePicture(doc, page, picture);
  encodeDocument(result.doc);  // throws before anything is written if it does not fit
  for (const auto& n : result.notes) std::cout << "note: " << n << "\n";
  saveDocument(result.doc, utf8Path(*out));
  std::cout << "replaced page " << page << "; wrote " << *out << "\n";
  return 0;
}

}  // namespace wadsmith::cli
