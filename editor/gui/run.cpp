// `wadsmith edit [FILE] [--screenshot OUT.png] [--size WxH] [--select movable:ID|static:ID]
// [--animation N --frame F] [--panel NAME...] [--input EVENTS] [--ui-scale F] [--labels OUT.json] ...` (the README lists them all),
// and `wadsmith` alone (the sample WAD).
#include <algorithm>
#include <iostream>

#include "editor/cli/cli.h"
#include "editor/gui/app.h"
#include "io/platform.h"
#include "io/utf8_path.h"

namespace wadsmith::gui {
namespace {

// The sample WAD: fixtures/ beside the executable (the Windows zip) or one level up (build/),
// else the source tree this binary was built from.
std::filesystem::path defaultFile() {
  std::error_code ec;
  auto exe = platform::executablePath();
  std::filesystem::path dir = exe.empty() ? std::filesystem::path(".") : exe.parent_path();
  for (auto p : {dir / "fixtures" / "sample.wad", dir.parent_path() / "fixtures" / "sample.wad",
                 std::filesystem::path(WADSMITH_FIXTURES_DIR) / "sample.wad"})
    if (std::filesystem::is_regular_file(p, ec)) return p;
  return {};
}

// Every option of `wadsmith edit`, declared once; cli::parseArgs reads them.
const std::vector<cli::Option>& editorOptions() {
  static const std::vector<cli::Option> options = {
      "screenshot", "size", "select", "animation", "frame", "panel", "faces", "source", "import", "show", "input", "frames",
      "ui-scale", "labels",
      cli::flag("play")};
  return options;
}

// "A,B,C" as its non-empty items.
std::vector<std::string> items(const std::string& list) {
  std::vector<std::string> out;
  std::string s = list + ",";
  for (std::size_t at = 0, comma; (comma = s.find(',', at)) != std::string::npos; at = comma + 1)
    if (comma > at) out.push_back(s.substr(at, comma - at));
  return out;
}

// --show: the overlays and views to switch on (untextured and nogrid switch off).
ViewOptions shownOverlays(const std::string& list) {
  ViewOptions view;
  const std::pair<const char*, bool*> named[] = {
      {"wireframe", &view.wireframe}, {"normals", &view.normals}, {"spheres", &view.sphere},
      {"boxes", &view.boxes},         {"joints", &view.joints},   {"own-meshes", &view.ownMeshes},
      {"onion", &view.onionSkin}};
  for (const auto& w : items(list)) {
    auto it = std::find_if(std::begin(named), std::end(named), [&](const auto& n) { return w == n.first; });
    if (it != std::end(named)) *it->second = true;
    else if (w == "untextured") view.textured = false;
    else if (w == "nogrid") view.grid = false;
    else throw std::runtime_error("--show: unknown overlay " + w);
  }
  return view;
}

}  // namespace

int runEditor(const std::vector<std::string>& argv) {
  Options o;
  try {
    const auto args = cli::parseArgs(argv, editorOptions(), false);
    // Options given twice: the last one counts.
    auto last = [&](const char* key) -> std::optional<std::string> {
      auto all = args.all(key);
      return all.empty() ? std::nullopt : std::optional(all.back());
    };
    if (args.positional.size() > 1) throw std::runtime_error("one file at a time");
    if (!args.positional.empty()) o.file = utf8Path(args.positional[0]);
    if (auto v = last("screenshot")) o.screenshot = utf8Path(*v);
    if (auto v = last("size")) {
      auto x = v->find('x');
      if (x == std::string::npos) throw std::runtime_error("--size is WIDTHxHEIGHT, e.g. 1280x720");
      o.width = std::stoi(v->substr(0, x));
      o.height = std::stoi(v->substr(x + 1));
      if (o.width < 320 || o.height < 240 || o.width > 8192 || o.height > 8192) throw std::runtime_error("--size out of range");
    }
    if (auto v = last("select")) {
      auto colon = v->find(':');
      std::string kind = v->substr(0, colon);
      if (colon == std::string::npos || (kind != "movable" && kind != "static"))
        throw std::runtime_error("--select is movable:ID or static:ID");
      session::Selection sel;
      sel.object = ObjectRef{kind == "movable" ? ObjectKind::Movable : ObjectKind::Static,
                             static_cast<std::uint32_t>(std::stoul(v->substr(colon + 1)))};
      o.select = sel;
    }
    if (auto v = last("animation")) o.animation = static_cast<std::size_t>(std::stoul(*v));
    if (auto v = last("frame")) o.frame = std::stof(*v);
    o.panels = args.all("panel");
    for (const auto& list : args.all("faces"))
      // Faces to select, as MESH:FACE pairs separated by commas.
      for (const auto& item : items(list)) {
        auto colon = item.find(':');
        if (colon == std::string::npos) throw std::runtime_error("--faces is MESH:FACE[,MESH:FACE...]");
        o.faces.insert({std::stoul(item.substr(0, colon)), std::stoul(item.substr(colon + 1))});
      }
    if (auto v = last("source")) o.source = utf8Path(*v);
    if (auto v = last("import")) o.source = utf8Path(*v);
    o.play = args.has("play");
    if (auto v = last("show")) o.view = shownOverlays(*v);
    if (auto v = last("input")) o.input = view::parseInputScript(*v);
    if (auto v = last("ui-scale")) {
      o.uiScale = std::stof(*v);  // the monitor's content scale, as a test or a user sets it
      if (!(*o.uiScale >= 0.5f && *o.uiScale <= 4.0f)) throw std::runtime_error("--ui-scale is between 0.5 and 4");
    }
    if (auto v = last("labels")) o.labels = utf8Path(*v);
    if (auto v = last("frames")) o.screenshotFrames = std::max(1, std::stoi(*v));
    if (!o.file) {
      auto d = defaultFile();
      if (!d.empty()) o.file = d;
    }
    App app(o);
    // A selection that does not exist is an error in screenshot mode (tests rely on it).
    if (o.screenshot && o.select) {
      const auto& v = app.session.view();
      const auto& obj = *o.select->object;
      bool found = obj.kind == ObjectKind::Movable ? v.findMovable(obj.slot).has_value() : v.findStatic(obj.slot).has_value();
      if (!found) throw std::runtime_error("--select " + obj.text() + ": no such object in the file");
    }
    return app.run();
  } catch (const std::exception& e) {
    std::cerr << "wadsmith edit: " << e.what() << "\n";
    return 1;
  }
}

}  // namespace wadsmith::gui
