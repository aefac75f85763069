// `wadsmith edit [FILE] [options]` (`wadsmith edit --help` lists them), `wadsmith FILE` and
// `wadsmith` alone (the sample WAD).
#include <algorithm>
#include <iostream>

#include "editor/cli/options.h"
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

// "A,B,C" as its non-empty items.
std::vector<std::string> items(const std::string& list) {
  std::vector<std::string> out;
  std::string s = list + ",";
  for (std::size_t at = 0, comma; (comma = s.find(',', at)) != std::string::npos; at = comma + 1)
    if (comma > at) out.push_back(s.substr(at, comma - at));
  return out;
}

// What the words of `wadsmith edit` say, checked and turned into the editor's Options (those
// that need no check, such as the monitor's content scale a test or a user sets, go there as read).
struct EditWords {
  Options options;
  std::string file, screenshot, size, select, source, show, input, labels;
  std::vector<std::string> faces;
  std::optional<int> frames;
};

// --show: the overlays and views to switch on (untextured and nogrid switch off).
ViewOptions overlays(const std::string& list) {
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
    else throw cli::UsageError("--show: unknown overlay " + w);
  }
  return view;
}

// A selection the file does not have is an error in screenshot mode (tests rely on it): an
// object it lacks, or an animation past the selected movable's last.
void checkSelection(const session::Session& s, const Options& o) {
  const ObjectView& v = s.view();
  if (o.select) {
    const ObjectRef& obj = *o.select;
    bool found = obj.kind == ObjectKind::Movable ? v.findMovable(obj.slot).has_value() : v.findStatic(obj.slot).has_value();
    if (!found) throw std::runtime_error("--select " + obj.text() + ": no such object in the file");
  }
  const auto& object = s.selection.object;
  if (!o.animation || !object || !object->movable()) return;
  const auto [a0, a1] = v.animationRange(*v.findMovable(object->slot));
  if (*o.animation >= a1 - a0)
    throw std::runtime_error("--animation " + std::to_string(*o.animation) + ": " + object->text() + " has " +
                             std::to_string(a1 - a0) + " animations");
}

Options optionsOf(const EditWords& w) {
  Options o = w.options;
  o.started = std::chrono::steady_clock::now();
  if (!w.file.empty()) o.file = utf8Path(w.file);
  if (!w.screenshot.empty()) o.screenshot = utf8Path(w.screenshot);
  if (!w.size.empty()) {
    auto x = w.size.find('x');
    if (x == std::string::npos) throw cli::UsageError("--size is WIDTHxHEIGHT, e.g. 1280x720");
    o.width = std::stoi(w.size.substr(0, x));
    o.height = std::stoi(w.size.substr(x + 1));
    if (o.width < 320 || o.height < 240 || o.width > 8192 || o.height > 8192) throw cli::UsageError("--size out of range");
  }
  if (!w.select.empty()) {
    auto colon = w.select.find(':');
    std::string kind = w.select.substr(0, colon);
    if (colon == std::string::npos || (kind != "movable" && kind != "static"))
      throw cli::UsageError("--select is movable:ID or static:ID");
    o.select = ObjectRef{kind == "movable" ? ObjectKind::Movable : ObjectKind::Static,
                         static_cast<std::uint32_t>(std::stoul(w.select.substr(colon + 1)))};
  }
  for (const auto& list : w.faces)
    // Faces to select, as MESH:FACE pairs separated by commas.
    for (const auto& item : items(list)) {
      auto colon = item.find(':');
      if (colon == std::string::npos) throw cli::UsageError("--faces is MESH:FACE[,MESH:FACE...]");
      o.faces.insert({std::stoul(item.substr(0, colon)), std::stoul(item.substr(colon + 1))});
    }
  if (!w.source.empty()) o.source = utf8Path(w.source);
  if (!w.show.empty()) o.view = overlays(w.show);
  if (!w.input.empty()) o.input = view::parseInputScript(w.input);
  if (!w.labels.empty()) o.labels = utf8Path(w.labels);
  if (w.frames) o.screenshotFrames = std::max(1, *w.frames);
  if (!o.file) {
    auto d = defaultFile();
    if (!d.empty()) o.file = d;
  }
  return o;
}

cli::Run editCommand(CLI::App& c) {
  auto w = std::make_shared<EditWords>();
  Options& d = w->options;  // the words read directly
  c.add_option("FILE", w->file, "a WAD or a level (default: the sample WAD)");
  const char* shot = "Screenshot mode (tests, pictures)";
  c.add_option("--screenshot", w->screenshot, "draw a few frames, save the window as OUT.png and quit")->type_name("OUT.png")->group(shot);
  c.add_option("--size", w->size, "the window's size, e.g. 1280x720")->type_name("WxH");
  c.add_option("--select", w->select, "select an object")->type_name("movable:ID|static:ID");
  c.add_option("--animation", d.animation, "select an animation of the selected movable")->type_name("N");
  c.add_option("--frame", d.frame, "the frame of that animation")->type_name("F");
  cli::repeated(c, "--panel", d.panels, "open a panel (repeat for more)")->type_name("NAME");
  cli::repeated(c, "--faces", w->faces, "select faces of the selected object")->type_name("MESH:FACE,...");
  c.add_option("--source,--import", w->source, "open a source to merge from beside the document")->type_name("FILE");
  c.add_option("--show", w->show, "overlays: wireframe,normals,spheres,boxes,joints,own-meshes,onion,untextured,nogrid")->type_name("LIST");
  c.add_option("--input", w->input, "replay input events before the screenshot")->type_name("EVENTS")->group(shot);
  c.add_option("--frames", w->frames, "frames drawn before the screenshot")->type_name("N")->group(shot);
  c.add_option("--ui-scale", d.uiScale, "stand in for the monitor's content scale")->check(CLI::Range(0.5f, 4.0f));
  c.add_option("--labels", w->labels, "write the drawn labels' widths as JSON")->type_name("OUT.json")->group(shot);
  c.add_flag("--play", d.play, "keep the animation playing")->group(shot);
  cli::examples(c, "  wadsmith edit city.wad\n  wadsmith edit city.wad --select movable:0 --panel Animations --screenshot lara.png\n");
  return [w] {
    const Options o = optionsOf(*w);
    // A screenshot run reports on the console; an interactive editor needs no console window.
    if (!o.screenshot) platform::closeOwnConsole();
    App app(o);
    if (o.screenshot) checkSelection(app.session, o);
    return app.run();
  };
}

}  // namespace

cli::Subcommand editSubcommand() { return {"edit", "open the editor (also: wadsmith alone, or wadsmith FILE)", editCommand}; }

}  // namespace wadsmith::gui
