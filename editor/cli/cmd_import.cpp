// `wadsmith import DST FILE`: the merge's use case spelled for one object of a 3D file (or any
// source): --movable/--static name the destination slot, --object the file's object.
#include "editor/cli/options.h"
#include "io/utf8_path.h"

namespace wadsmith::cli {

Run importCommand(CLI::App& c) {
  struct Options {
    std::string into, file, out, object;
    std::optional<std::string> movable, statik;
    std::optional<std::size_t> mesh;
    std::optional<float> scale;
    bool replace = false, quiet = false;
  };
  auto o = std::make_shared<Options>();
  c.add_option("DST", o->into, "the WAD to import into")->required();
  c.add_option("FILE", o->file, "a glTF/GLB, OBJ, FBX or DAE file (or any source merge takes)")->required();
  auto* movable = c.add_option("--movable", o->movable, "the destination movable slot, by number or name")->type_name("ID");
  c.add_option("--static", o->statik, "the destination static slot, by number or name")->type_name("ID")->excludes(movable);
  c.add_option("--object", o->object, "the file's object, by name (default: the first)")->type_name("NAME");
  auto* replace = c.add_flag("--replace", o->replace, "replace the object in the slot");
  c.add_flag("-q,--quiet", o->quiet, "no progress line on the terminal");
  c.add_option("--mesh", o->mesh, "replace one mesh of the movable (vertex order kept)")->type_name("N")->excludes(replace);
  c.add_option("--scale", o->scale, "TR units per metre of the file")->type_name("UNITS_PER_METRE")->check(CLI::PositiveNumber);
  outputOption(c, o->out, "the WAD to write");
  examples(c, "  wadsmith import city.wad lara.glb --movable LARA --replace -o city2.wad\n"
      "  wadsmith import city.wad crate.obj --static 5 --scale 1024 -o city2.wad\n",
      "A WadSmith export comes back exact (see docs/3d-files.md).\n");
  return [o] {
    if (!o->movable && !o->statik) throw UsageError("name the destination slot: --movable ID or --static ID");
    usecases::BringIn a;
    a.source = utf8Path(o->file);
    const bool isMovable = o->movable.has_value();
    a.picks.push_back({isMovable ? ObjectKind::Movable : ObjectKind::Static, o->object,
                       slotArg(isMovable ? *o->movable : *o->statik, isMovable ? "--movable" : "--static", isMovable)});
    a.replace = o->replace;
    a.mesh = o->mesh;
    if (o->scale) a.convert.scale = *o->scale;
    return bringInCommand(a, o->into, o->out, o->quiet);
  };
}

}  // namespace wadsmith::cli
