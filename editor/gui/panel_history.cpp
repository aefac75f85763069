// The undo history (click a step to go there) and the validation findings (click to locate).
#include <imgui.h>

#include "editor/gui/app.h"
#include "editor/gui/widgets.h"
#include "editor/words.h"

namespace wadsmith::gui {

void drawHistory(App& app) {
  auto& s = app.session;
  const auto& h = s.history();
  if (button("Undo") && h.canUndo()) s.undo();
  ImGui::SameLine();
  if (button("Redo") && h.canRedo()) s.redo();
  ImGui::SameLine();
  ImGui::TextDisabled("Ctrl+Z, Ctrl+Y / Ctrl+Shift+Z");
  ImGui::BeginChild("steps");
  for (std::size_t i = 0; i < h.size(); ++i) {
    ImGui::PushID(static_cast<int>(i));
    if (selectable((std::to_string(i) + "  " + h.label(i)).c_str(), i == h.position())) s.jump(i);
    if (i > h.position()) {
      ImGui::SameLine();
      ImGui::TextDisabled("(undone)");
    }
    ImGui::PopID();
  }
  if (ImGui::GetScrollY() >= ImGui::GetScrollMaxY()) ImGui::SetScrollHereY(1.0f);
  ImGui::EndChild();
}

void drawValidation(App& app) {
  auto& s = app.session;
  const auto& warnings = s.warnings();
  ImGui::TextWrapped("%s (reported, never fixed silently)", counted(warnings.size(), "finding").c_str());
  ImGui::BeginChild("findings");
  ImGuiListClipper clip;
  clip.Begin(static_cast<int>(warnings.size()));
  while (clip.Step())
    for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
      const auto& w = warnings[i];
      ImGui::PushID(i);
      if (selectable((w.where.text() + ": " + w.what).c_str())) {
        if (auto o = session::objectOf(s, w)) {
          app.select(*o);
          if (w.where.animation) {
            s.selection.animation = *w.where.animation;
            s.selection.frame = 0;
            app.rightTab = w.where.dispatch || w.where.stateChange ? panel::kStateChanges : panel::kAnimation;
            app.forceTabs = true;
          }
          if (w.where.face) {
            std::size_t mesh = w.where.mesh.value_or(0);
            if (w.where.meshEntry) {
              // The mesh entry's position among the object's meshes.
              const auto& posed = app.posed();
              for (std::size_t k = 0; k < posed.meshes.size(); ++k)
                if (posed.meshes[k].entryIndex == static_cast<long>(*w.where.meshEntry)) mesh = k;
            }
            s.selection.faces = {{mesh, *w.where.face}};
            s.selection.mesh = mesh;
            app.rightTab = panel::kMesh;
            app.forceTabs = true;
          }
        }
      }
      ImGui::PopID();
    }
  ImGui::EndChild();
}

}  // namespace wadsmith::gui
