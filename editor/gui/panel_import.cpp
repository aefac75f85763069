// Importing an object from a 3D file (glTF, GLB, OBJ, FBX, DAE): open the file, pick its object,
// choose the slot it takes (or one mesh of a movable it replaces), import as one undo step and
// read what was done (exact records or what the builder measured, samples reused and packed,
// vertices that kept their index).
#include <imgui.h>

#include "editor/gui/app.h"
#include "editor/gui/widgets.h"
#include "editor/session/actions.h"

namespace wadsmith::gui {

void drawImport(App& app) {
  auto& s = app.session;
  auto& panel = s.panels.import;
  if (button("Open 3D file..."))
    app.showFileDialog(FileDialog::Mode::Open, "Open a glTF, GLB, OBJ, FBX or DAE file",
                       s.importPath().empty() ? s.path() : s.importPath(),
                       [&app](const std::filesystem::path& p) { app.edit([&] { app.session.openImportFile(p); }); });
  const auto& objects = s.importObjects();
  if (objects.empty()) {
    ImGui::TextDisabled("Open a 3D file to import an object from.");
    return;
  }
  ImGui::SameLine();
  ImGui::TextUnformatted(s.importPath().filename().string().c_str());
  for (std::size_t i = 0; i < objects.size(); ++i) {
    const auto& o = objects[i];
    std::string label = o.name + (o.records ? "  (WadSmith export: exact records)" : "") + "  " +
                        std::to_string(o.model.meshes.size()) + " meshes, " + std::to_string(o.model.animations.size()) +
                        " animations";
    radioButton(label.c_str(), &panel.object, static_cast<int>(i));
  }
  int kind = panel.movable ? 0 : 1;
  radioButton("Movable", &kind, 0);
  ImGui::SameLine();
  radioButton("Static", &kind, 1);
  panel.movable = kind == 0;
  ImGui::SetNextItemWidth(100 * app.uiScale);
  ImGui::InputInt("Slot##importslot", &panel.slot);
  checkbox("Replace the object in that slot", &panel.replace);
  if (panel.movable) {
    checkbox("Replace one mesh of that movable", &panel.oneMesh);
    if (panel.oneMesh) {
      ImGui::SameLine();
      ImGui::SetNextItemWidth(80 * app.uiScale);
      ImGui::InputInt("Mesh##importmesh", &panel.mesh);
    }
  }
  if (button("Import object", ImVec2(140 * app.uiScale, 0)))
    app.edit([&] {
      session::actions::importPicked(s);
      app.status = panel.report.empty() ? "imported" : panel.report.back();
    });
  for (const auto& line : panel.report) ImGui::TextWrapped("%s", line.c_str());
}

}  // namespace wadsmith::gui
