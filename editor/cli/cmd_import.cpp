// `wadsmith import DST FILE`: the merge's use case spelled for one object of a 3D file (or any
// source): --movable/--static name the destination slot, --object the file's object.
#include "editor/cli/cli.h"
#include "io/utf8_path.h"

namespace wadsmith::cli {

int importCommand(const std::vector<std::string>& argv) {
  auto args = parseArgs(argv, {"movable", "static", "mesh", "object", "scale", "o", "output", flag("replace")}, false);
  auto out = args.get("o") ? args.get("o") : args.get("output");
  const bool one = args.all("movable").size() + args.all("static").size() == 1;
  if (args.positional.size() != 2 || !out || !one)
    throw std::runtime_error(
        "usage: wadsmith import DST FILE (--movable ID | --static ID) [--object NAME] [--replace] [--mesh N] "
        "[--scale UNITS_PER_METRE] -o OUT");
  usecases::BringIn a;
  a.source = utf8Path(args.positional[1]);
  const bool movable = args.has("movable");
  a.picks.push_back({movable ? ObjectKind::Movable : ObjectKind::Static, args.get("object").value_or(""),
                     slotArg(*args.get(movable ? "movable" : "static"), movable ? "--movable" : "--static", movable)});
  a.replace = args.has("replace");
  if (auto m = args.get("mesh")) {
    try {
      std::size_t used = 0;
      a.mesh = std::stoul(*m, &used);
      if (used != m->size()) throw std::invalid_argument(*m);
    } catch (const std::exception&) {
      throw std::runtime_error("--mesh needs a mesh index, got '" + *m + "'");
    }
    if (a.replace) throw std::runtime_error("--mesh replaces one mesh: no --replace with it");
  }
  if (auto s = args.get("scale")) {
    try {
      a.convert.scale = std::stof(*s);
    } catch (const std::exception&) {
      a.convert.scale = -1;
    }
    if (!(a.convert.scale > 0)) throw std::runtime_error("--scale needs TR units per metre (> 0), got '" + *s + "'");
  }
  return bringInCommand(a, args.positional[0], *out);
}

}  // namespace wadsmith::cli
