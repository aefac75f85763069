// `wadsmith merge` and `wadsmith import`: two spellings of one use case (usecases/bring_in.h).
// Each turns its options into a BringIn; bringIn does the rest, and the report is printed.
#include <cmath>
#include <iostream>
#include <sstream>

#include "editor/cli/cli.h"
#include "editor/usecases/documents.h"
#include "io/document_io.h"
#include "io/utf8_path.h"

namespace wadsmith::cli {
namespace {

float numberArg(const std::string& s, const char* what, float lo, float hi) {
  try {
    std::size_t used = 0;
    float v = std::stof(s, &used);
    if (used == s.size() && std::isfinite(v) && v >= lo && v <= hi) return v;
  } catch (const std::exception&) {
  }
  std::ostringstream range;
  range << lo << ".." << hi;
  throw std::runtime_error(std::string(what) + " needs a number in " + range.str() + ", got '" + s + "'");
}

// The options that convert another engine's models and build them (usecases::ConvertOptions).
usecases::ConvertOptions convertOptions(const Args& args) {
  usecases::ConvertOptions o;
  if (auto v = args.get("scale")) o.scale = numberArg(*v, "--scale", 0.001f, 100000);
  for (const auto& t : args.all("textures")) o.textures.push_back(utf8Path(t));
  if (auto v = args.get("palette")) o.palette = utf8Path(*v);
  if (auto v = args.get("frame")) o.frame = static_cast<int>(numberArg(*v, "--frame", 0, 65535));
  if (auto v = args.get("fps")) o.framesPerSecond = numberArg(*v, "--fps", 0.01f, 1000);
  if (auto v = args.get("turn")) o.turn = numberArg(*v, "--turn", -360, 360);
  o.floor = !args.has("no-floor");
  o.overlay = args.has("overlay");
  o.recomputeNormals = args.has("recompute-normals");
  return o;
}

std::optional<merge::SoundMode> soundsArg(const Args& args) {
  const auto mode = args.get("sounds");
  if (!mode) return std::nullopt;
  if (*mode == "keep") return merge::SoundMode::Keep;
  if (*mode == "replace") return merge::SoundMode::Replace;
  if (*mode == "none") return merge::SoundMode::None;
  throw std::runtime_error("--sounds takes keep, replace or none, got '" + *mode + "'");
}

usecases::BringIn mergeArgs(const Args& args) {
  usecases::BringIn a;
  a.source = utf8Path(*args.get("from"));
  a.all = args.has("all");
  a.replace = args.has("replace");
  a.withRelated = args.has("with-related");
  a.sounds = soundsArg(args);
  for (const auto& sp : args.all("sprite"))
    a.sprites.push_back(static_cast<std::int32_t>(numberArg(sp, "--sprite (a sprite sequence's slot)", 0, 0xFFFF)));
  if (a.replace && args.get("as")) throw std::runtime_error("--replace and --as exclude each other");
  if (a.all && (!args.all("movable").empty() || !args.all("static").empty()))
    throw std::runtime_error("--all merges everything: no --movable/--static with it");
  for (const auto& m : args.all("movable")) a.picks.push_back({ObjectKind::Movable, m, std::nullopt});
  for (const auto& s : args.all("static")) a.picks.push_back({ObjectKind::Static, s, std::nullopt});
  if (auto as = args.get("as")) {
    if (a.picks.size() != 1) throw std::runtime_error("--as places exactly one object");
    a.picks[0].slot = slotArg(*as, "--as", a.picks[0].kind == ObjectKind::Movable);
  }
  a.convert = convertOptions(args);
  if (auto v = args.get("main-sfx")) a.mainSfx = utf8Path(*v);
  if (auto v = args.get("samples")) a.samples = utf8Path(*v);
  return a;
}

}  // namespace

int bringInCommand(const usecases::BringIn& args, const std::string& into, const std::string& out) {
  auto dst = loadDocument(utf8Path(into));
  auto* wad = std::get_if<WadDocument>(&dst);
  if (!wad) throw std::runtime_error(into + ": the destination must be a WAD");
  const auto brought = usecases::bringIn(*wad, args, {utf8Path(into), utf8Path(out)});
  for (const auto& line : usecases::reportLines(brought)) std::cout << line << "\n";
  // A wad2 destination or output is converted (docs/wad2.md): what that changed is said.
  for (const auto& note : usecases::saveWithCompanions(Document(brought.doc), utf8Path(out)))
    std::cout << "note: " << note << "\n";
  std::cout << "wrote " << out << "\n";
  return 0;
}

int mergeCommand(const std::vector<std::string>& argv) {
  auto args = parseArgs(argv, {"into", "from", "movable", "static", "as", "o", "output", "sounds", "sprite", "samples", "main-sfx", flag("all"),
                               flag("replace"), flag("with-related"), "scale", "textures", "palette", "frame", "fps", "turn", flag("no-floor"), flag("overlay"),
                               flag("recompute-normals")},
                        false);
  auto into = args.get("into"), from = args.get("from");
  auto out = args.get("o") ? args.get("o") : args.get("output");
  if (!into || !from || !out || !args.positional.empty())
    throw std::runtime_error(
        "usage: wadsmith merge --into DST --from SRC (--movable ID | --static ID | --all | --sprite ID) [--replace | --as NEWID] "
        "[--with-related] [--sounds keep|replace|none] [--samples DIR] [--main-sfx FILE] [--scale S --textures PATH --palette PCX --frame N --fps F --turn DEG --no-floor --overlay "
        "--recompute-normals] -o OUT");
  return bringInCommand(mergeArgs(args), *into, *out);
}

}  // namespace wadsmith::cli
