// The menu bar (File, Edit, View, Help), the keyboard shortcuts and the About box.
#include "editor/gui/app.h"

#include "editor/gui/gl.h"  // before GLFW
#include <GLFW/glfw3.h>
#include <imgui.h>

#include "editor/gui/widgets.h"
#include "editor/session/actions.h"
#include "editor/version.h"
#include "editor/words.h"
#include "io/utf8_path.h"

namespace wadsmith::gui {

namespace {

// File > Export: the selected object, or `all` of them, as glTF under the progress bar.
void exportTo(App& app, bool all) {
  const auto& path = app.session.path();
  auto start = path.empty() ? std::filesystem::path("export.glb") : path.parent_path() / (path.stem().string() + ".glb");
  const char* title = all ? "Export every object as glTF (.glb or .gltf)" : "Export the object as glTF (.glb or .gltf)";
  app.dialog.show(FileDialog::Mode::Save, title, start, [&app, all](const std::filesystem::path& p) {
    const std::size_t n = all || !app.session.selection.object ? app.session.objects().size() : 1;
    app.runLong("Exporting " + counted(n, "object") + " to " + utf8Name(p.filename()), [&app, all, p](const Progress& progress) {
      app.session.exportGltf(p, all, progress);
      app.status = "exported " + utf8Name(p.filename());
    });
  });
}

}  // namespace

void App::menuBar() {
  if (!ImGui::BeginMainMenuBar()) return;
  if (beginMenu("File")) {
    if (menuItem("Open...", "Ctrl+O"))
      dialog.show(FileDialog::Mode::Open, "Open a WAD or TR4 level", session.path(), [this](const auto& p) { openFile(p); });
    if (beginMenu("Open recent", !recent_.empty())) {
      for (const auto& r : recent_)
        if (menuItem(utf8Name(r).c_str())) openFile(r);
      ImGui::EndMenu();
    }
    if (menuItem("Save", "Ctrl+S", false, !session.path().empty())) saveTo(session.path());
    if (menuItem("Save as...", "Ctrl+Shift+S"))
      dialog.show(FileDialog::Mode::Save, "Save as", session.path(), [this](const auto& p) { saveTo(p); });
    ImGui::Separator();
    if (menuItem("Import 3D file...")) {
      rightTab = panel::kMerge, forceTabs = true;  // importing is merging from a 3D file
      dialog.show(FileDialog::Mode::Open, "Open a glTF, GLB, OBJ, FBX or DAE file", session.sourcePath().empty() ? session.path() : session.sourcePath(),
                   [this](const auto& p) { edit([&] { session.openSource(p); }); });
    }
    if (menuItem("Export object as glTF...", nullptr, false, session.selection.object.has_value())) exportTo(*this, false);
    if (menuItem("Export all objects as glTF...")) exportTo(*this, true);
    ImGui::Separator();
    if (menuItem("Quit", "Ctrl+Q")) glfwSetWindowShouldClose(window_, 1);
    ImGui::EndMenu();
  }
  if (beginMenu("Edit")) {
    const auto& h = session.history();
    if (menuItem("Undo", "Ctrl+Z", false, h.canUndo())) session.undo();
    if (menuItem("Redo", "Ctrl+Y", false, h.canRedo())) session.redo();
    ImGui::Separator();
    if (menuItem("Recompute normals", "N", false, session.selection.object.has_value()))
      edit([&] { session::actions::run(session, "recompute_normals"); });
    if (menuItem("Delete object", "Del", false, session.selection.object.has_value()))
      edit([&] { session::actions::run(session, "delete_object"); });
    ImGui::EndMenu();
  }
  if (beginMenu("View")) {
    menuItem("Textures", "T", &viewOptions.textured);
    menuItem("Wireframe", "W", &viewOptions.wireframe);
    menuItem("Vertex normals", nullptr, &viewOptions.normals);
    menuItem("Bounding spheres", nullptr, &viewOptions.sphere);
    menuItem("Boxes", nullptr, &viewOptions.boxes);
    menuItem("Skeleton joints", "J", &viewOptions.joints);
    menuItem("Grid", "G", &viewOptions.grid);
    if (menuItem("Frame selection", "F")) frameRequested = true;
    ImGui::EndMenu();
  }
  if (beginMenu("Help")) {
    if (menuItem("About WadSmith")) showAbout_ = true;
    ImGui::EndMenu();
  }
  ImGui::EndMainMenuBar();
}

void App::aboutBox() {
  if (showAbout_) ImGui::OpenPopup("About WadSmith"), showAbout_ = false;
  if (!ImGui::BeginPopupModal("About WadSmith", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) return;
  textLine(std::string("WadSmith ") + kVersion);
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30);
  hint("An editor and merger for Tomb Raider object files (.wad, .wad2) and the levels of TR1 to TR5.");
  ImGui::PopTextWrapPos();
  textLine(std::string("Dear ImGui ") + ImGui::GetVersion() + ", GLFW " + std::to_string(GLFW_VERSION_MAJOR) + "." +
           std::to_string(GLFW_VERSION_MINOR) + "." + std::to_string(GLFW_VERSION_REVISION));
  closeButton("OK", ImVec2(100 * uiScale, 0));
  ImGui::EndPopup();
}

void App::shortcuts() {
  ImGuiIO& io = ImGui::GetIO();
  if (io.WantTextInput) return;
  const bool ctrl = io.KeyCtrl, shift = io.KeyShift;
  // ImGui 1.86 with the GLFW backend: key indices are GLFW key codes.
  auto pressed = [](int key) { return ImGui::IsKeyPressed(key, false); };
  if (ctrl && pressed(GLFW_KEY_Z)) shift ? session.redo() : session.undo();
  if (ctrl && pressed(GLFW_KEY_Y)) session.redo();
  if (ctrl && pressed(GLFW_KEY_S) && !session.path().empty()) saveTo(session.path());
  if (ctrl && pressed(GLFW_KEY_O))
    dialog.show(FileDialog::Mode::Open, "Open a WAD or TR4 level", session.path(), [this](const auto& p) { openFile(p); });
  if (ctrl && pressed(GLFW_KEY_Q)) glfwSetWindowShouldClose(window_, 1);
  if (ctrl) return;
  if (pressed(GLFW_KEY_F)) frameRequested = true;
  if (pressed(GLFW_KEY_W)) viewOptions.wireframe = !viewOptions.wireframe;
  if (pressed(GLFW_KEY_T)) viewOptions.textured = !viewOptions.textured;
  if (pressed(GLFW_KEY_J)) viewOptions.joints = !viewOptions.joints;
  if (pressed(GLFW_KEY_G)) viewOptions.grid = !viewOptions.grid;
  if (pressed(GLFW_KEY_SPACE)) playing = !playing;
  if (pressed(GLFW_KEY_ESCAPE)) session.selection.faces.clear();
  if (pressed(GLFW_KEY_N) && session.selection.object) edit([&] { session::actions::run(session, "recompute_normals"); });
}

}  // namespace wadsmith::gui
