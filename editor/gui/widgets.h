// Small widgets ImGui 1.86 lacks.
#pragma once
#include <imgui.h>

namespace wadsmith::gui {

// A separator with a heading (SeparatorText arrived in ImGui 1.89).
inline void heading(const char* text) {
  ImGui::Spacing();
  ImGui::TextColored(ImVec4(0.55f, 0.75f, 1.0f, 1.0f), "%s", text);
  ImGui::Separator();
}

}  // namespace wadsmith::gui
