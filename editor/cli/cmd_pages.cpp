#include <iostream>

#include "editor/cli/options.h"
#include "editor/interop/pages.h"
#include "io/document_io.h"
#include "io/file_io.h"
#include "io/png_codec.h"
#include "io/utf8_path.h"

namespace wadsmith::cli {

Run pagesCommand(CLI::App& c) {
  struct Options {
    std::string file, picture, out;
    std::optional<std::string> exportTo;
    std::optional<std::size_t> page;
  };
  auto o = std::make_shared<Options>();
  c.add_option("FILE", o->file, "a WAD or a level")->required();
  c.add_option("PAGE.png", o->picture, "the 256x256 picture --import puts in");
  auto* exporting = c.add_option("--export", o->exportTo, "write every page (a level: tile_NNN, misc_N) as PNG into DIR")
                        ->type_name("DIR");
  auto* importing = c.add_option("--import", o->page, "replace page N by PAGE.png (N = the page count appends one to a WAD)")
                        ->type_name("N")
                        ->excludes(exporting);
  c.add_option("-o,--output", o->out, "the file --import writes")->type_name("OUT")->needs(importing);
  examples(c, "  wadsmith pages city.wad --export pages/\n  wadsmith pages city.wad --import 3 pages/page_003.png -o city2.wad\n",
      "Magenta is alpha 0 in the PNGs; a level tile goes into the 32- and 16-bit tiles.\n");
  return [o] {
    if (!o->exportTo && !o->page) throw UsageError("--export DIR or --import N PAGE.png -o OUT");
    if (o->page && (o->picture.empty() || o->out.empty())) throw UsageError("--import N needs PAGE.png and -o OUT");
    if (o->exportTo && !o->picture.empty()) throw UsageError("unexpected argument '" + o->picture + "'");
    const auto doc = loadDocument(utf8Path(o->file));
    if (o->exportTo) {
      const auto dir = utf8Path(*o->exportTo);
      std::filesystem::create_directories(dir);
      const auto pictures = interop::pagePictures(doc);
      for (const auto& p : pictures) writeFileAtomic(dir / p.name, png::encode(p.image));
      std::cout << "wrote " << pictures.size() << " pages to " << *o->exportTo << "\n";
      return 0;
    }
    const auto picture = png::decode(readFileBytes(utf8Path(o->picture)), o->picture);
    auto result = interop::importPagePicture(doc, *o->page, picture);
    encodeDocument(result.doc);  // throws before anything is written if it does not fit
    for (const auto& n : result.notes) std::cout << "note: " << n << "\n";
    saveDocument(result.doc, utf8Path(o->out));
    std::cout << "replaced page " << *o->page << "; wrote " << o->out << "\n";
    return 0;
  };
}

}  // namespace wadsmith::cli
