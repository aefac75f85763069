#include <iostream>

#include "editor/cli/cli.h"
#include "editor/usecases/documents.h"
#include "io/document_io.h"
#include "io/utf8_path.h"

namespace wadsmith::cli {

int exportCommand(const std::vector<std::string>& argv) {
  auto args = parseArgs(argv, {"movable", "static", "o", "output", flag("all")}, false);
  auto out = args.get("o") ? args.get("o") : args.get("output");
  if (args.positional.size() != 1 || !out ||
      (!args.has("all") && args.all("movable").empty() && args.all("static").empty()))
    throw std::runtime_error("usage: wadsmith export FILE (--movable ID | --static ID | --all) -o OUT.glb|OUT.gltf");
  if (args.has("all") && (args.has("movable") || args.has("static")))
    throw std::runtime_error("--all exports everything: no --movable/--static with it");

  const auto file = utf8Path(args.positional[0]);
  std::vector<ObjectRef> objects;  // none: all
  for (const auto& m : args.all("movable")) objects.push_back(movableRef(slotArg(m, "--movable", true)));
  for (const auto& s : args.all("static")) objects.push_back(staticRef(slotArg(s, "--static", false)));
  const auto e = usecases::exportObjects(loadDocument(file), objects, utf8Path(*out), utf8Name(file));
  const auto& rep = e.report;
  std::cout << "exported " << rep.objects << " objects: " << rep.meshes << " meshes, " << rep.triangles << " triangles, "
            << rep.joints << " joints, " << rep.animations << " animations at " << interop::kFramesPerSecond
            << " fps, " << rep.samples << " texture samples on " << rep.pages << " pages\n";
  for (const auto& n : e.notes) std::cout << "note: " << n << "\n";
  std::cout << "wrote " << *out << " (" << e.bytes << " bytes)\n";
  return 0;
}

}  // namespace wadsmith::cli
