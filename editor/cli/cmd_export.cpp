#include <iostream>

#include "editor/cli/options.h"
#include "editor/cli/progress_line.h"
#include "editor/usecases/documents.h"
#include "io/document_io.h"
#include "io/utf8_path.h"
#include "editor/words.h"

namespace wadsmith::cli {

Run exportCommand(CLI::App& c) {
  struct Options {
    std::string file, out;
    std::vector<std::string> movables, statics;
    bool all = false, quiet = false;
  };
  auto o = std::make_shared<Options>();
  c.add_option("FILE", o->file, "a WAD or a TR4 level")->required();
  repeated(c, "--movable", o->movables, "a movable's slot, by number or name (repeat for more)")->type_name("ID");
  repeated(c, "--static", o->statics, "a static's slot, by number or name (repeat for more)")->type_name("ID");
  c.add_flag("--all", o->all, "every object");
  c.add_flag("-q,--quiet", o->quiet, "no progress line on the terminal");
  outputOption(c, o->out, "the glTF file: OUT.glb (one file) or OUT.gltf (with .bin and PNG pages beside it)");
  examples(c, "  wadsmith export city.wad --movable LARA -o lara.glb\n  wadsmith export city.wad --all -o city.gltf\n",
      "Movables as skinned mesh trees with every animation, statics, texture pages as PNG, the exact\n"
      "records in extras (see docs/3d-files.md).\n");
  return [o] {
    if (o->all == (!o->movables.empty() || !o->statics.empty()))
      throw UsageError(o->all ? "--all exports everything: no --movable/--static with it"
                              : "name what to export: --movable ID, --static ID or --all");
    const auto file = utf8Path(o->file);
    std::vector<ObjectRef> objects;  // none: all
    for (const auto& m : o->movables) objects.push_back(movableRef(slotArg(m, "--movable", true)));
    for (const auto& s : o->statics) objects.push_back(staticRef(slotArg(s, "--static", false)));
    const auto e = usecases::exportObjects(loadDocument(file), objects, utf8Path(o->out), utf8Name(file),
                                           progressLine(o->quiet, stderrIsTerminal()));
    const auto& rep = e.report;
    std::cout << "exported " << counted(rep.objects, "object") << ": " << counted(rep.meshes, "mesh", "meshes") << ", "
              << counted(rep.triangles, "triangle") << ", " << counted(rep.joints, "joint") << ", "
              << counted(rep.animations, "animation") << " at " << interop::kFramesPerSecond << " fps, "
              << counted(rep.samples, "texture sample") << " on " << counted(rep.pages, "page") << "\n";
    for (const auto& n : e.notes) std::cout << "note: " << n << "\n";
    std::cout << "wrote " << o->out << " (" << e.bytes << " bytes)\n";
    return 0;
  };
}

}  // namespace wadsmith::cli
