// `wadsmith edit [FILE] [--screenshot OUT.png] [--size WxH] [--select movable:ID|static:ID]
// [--animation N --frame F] [--panel NAME...] [--input EVENTS] ...` (the README lists them all),
// and `wadsmith` alone (the sample WAD).
#include <iostream>

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

std::string value(const std::vector<std::string>& args, std::size_t& i) {
  if (i + 1 >= args.size()) throw std::runtime_error(args[i] + " needs a value");
  return args[++i];
}

}  // namespace

int runEditor(const std::vector<std::string>& args) {
  Options o;
  try {
    for (std::size_t i = 0; i < args.size(); ++i) {
      const std::string& a = args[i];
      if (a == "--screenshot") {
        o.screenshot = utf8Path(value(args, i));
      } else if (a == "--size") {
        std::string v = value(args, i);
        auto x = v.find('x');
        if (x == std::string::npos) throw std::runtime_error("--size is WIDTHxHEIGHT, e.g. 1280x720");
        o.width = std::stoi(v.substr(0, x));
        o.height = std::stoi(v.substr(x + 1));
        if (o.width < 320 || o.height < 240 || o.width > 8192 || o.height > 8192) throw std::runtime_error("--size out of range");
      } else if (a == "--select") {
        std::string v = value(args, i);
        auto colon = v.find(':');
        std::string kind = v.substr(0, colon);
        if (colon == std::string::npos || (kind != "movable" && kind != "static"))
          throw std::runtime_error("--select is movable:ID or static:ID");
        session::Selection sel;
        sel.object = ops::ObjectRef{kind == "movable" ? ops::ObjectKind::Movable : ops::ObjectKind::Static,
                                    static_cast<std::uint32_t>(std::stoul(v.substr(colon + 1)))};
        o.select = sel;
      } else if (a == "--animation") {
        o.animation = static_cast<std::size_t>(std::stoul(value(args, i)));
      } else if (a == "--frame") {
        o.frame = std::stof(value(args, i));
      } else if (a == "--panel") {
        o.panels.push_back(value(args, i));
      } else if (a == "--faces") {
        // Faces to select, as MESH:FACE pairs separated by commas.
        std::string list = value(args, i) + ",";
        for (std::size_t at = 0, comma; (comma = list.find(',', at)) != std::string::npos; at = comma + 1) {
          std::string item = list.substr(at, comma - at);
          auto colon = item.find(':');
          if (item.empty()) continue;
          if (colon == std::string::npos) throw std::runtime_error("--faces is MESH:FACE[,MESH:FACE...]");
          o.faces.insert({std::stoul(item.substr(0, colon)), std::stoul(item.substr(colon + 1))});
        }
      } else if (a == "--source") {
        o.source = utf8Path(value(args, i));
      } else if (a == "--play") {
        o.play = true;
      } else if (a == "--show") {
        // Overlays to switch on: wireframe,normals,spheres,boxes,joints,untextured,nogrid
        ViewOptions v;
        std::string list = value(args, i) + ",";
        for (std::size_t at = 0, comma; (comma = list.find(',', at)) != std::string::npos; at = comma + 1) {
          std::string w = list.substr(at, comma - at);
          if (w == "wireframe") v.wireframe = true;
          else if (w == "normals") v.normals = true;
          else if (w == "spheres") v.sphere = true;
          else if (w == "boxes") v.boxes = true;
          else if (w == "joints") v.joints = true;
          else if (w == "untextured") v.textured = false;
          else if (w == "nogrid") v.grid = false;
          else if (!w.empty()) throw std::runtime_error("--show: unknown overlay " + w);
        }
        o.view = v;
      } else if (a == "--input") {
        o.input = view::parseInputScript(value(args, i));
      } else if (a == "--frames") {
        o.screenshotFrames = std::max(1, std::stoi(value(args, i)));
      } else if (!a.empty() && a[0] == '-') {
        throw std::runtime_error("unknown option " + a);
      } else if (!o.file) {
        o.file = utf8Path(a);
      } else {
        throw std::runtime_error("one file at a time");
      }
    }
    if (!o.file) {
      auto d = defaultFile();
      if (!d.empty()) o.file = d;
    }
    App app(o);
    // A selection that does not exist is an error in screenshot mode (tests rely on it).
    if (o.screenshot && o.select) {
      const auto& v = app.session.view();
      const auto& obj = *o.select->object;
      bool found = obj.kind == ops::ObjectKind::Movable ? v.findMovable(obj.slot).has_value() : v.findStatic(obj.slot).has_value();
      if (!found) throw std::runtime_error("--select " + obj.text() + ": no such object in the file");
    }
    return app.run();
  } catch (const std::exception& e) {
    std::cerr << "wadsmith edit: " << e.what() << "\n";
    return 1;
  }
}

}  // namespace wadsmith::gui
