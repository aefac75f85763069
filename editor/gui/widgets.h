// Small widgets ImGui 1.86 lacks, and the clickable widgets the editor uses: each remembers
// where it was drawn under its label, so scripted input ("click @Merge") presses the real
// widget the way a user would, wherever the layout put it.
#pragma once
#include <imgui.h>

#include <optional>
#include <string>

namespace wadsmith::gui {

// A separator with a heading (SeparatorText arrived in ImGui 1.89).
inline void heading(const char* text) {
  ImGui::Spacing();
  ImGui::TextColored(ImVec4(0.55f, 0.75f, 1.0f, 1.0f), "%s", text);
  ImGui::Separator();
}

bool button(const char* label, const ImVec2& size = ImVec2(0, 0));
bool smallButton(const char* label);
bool checkbox(const char* label, bool* value);
bool radioButton(const char* label, int* value, int button);
bool selectable(const char* label, bool selected = false, ImGuiSelectableFlags flags = 0);
bool dragScalar(const char* label, ImGuiDataType type, void* value, float speed, const void* min, const void* max,
                const char* format, ImGuiSliderFlags flags = 0);
bool sliderScalar(const char* label, ImGuiDataType type, void* value, const void* min, const void* max, const char* format,
                  ImGuiSliderFlags flags = 0);
bool beginCombo(const char* label, const char* preview);

// Positions are recorded only while on (scripted input); off, the widgets cost nothing extra.
void recordWidgets(bool on);
// Called once a frame before ImGui::NewFrame: what was drawn becomes "the last frame".
void beginWidgetFrame();
// The centre of a widget drawn and visible, at the same place, in the last two frames (none
// while it is missing or moving). The name is its label without any "##id" part (a widget
// without a visible label goes by its "##id"), optionally
// "#N" for the N-th such widget in draw order (from 1; plain means the first).
std::optional<ImVec2> widgetCenter(const std::string& name);
// The labels drawn in the last frame, in draw order, for error messages.
std::string widgetLabels();

}  // namespace wadsmith::gui
