// Small widgets ImGui 1.86 lacks, and the clickable widgets the editor uses: each remembers
// where it was drawn under its label, so scripted input ("click @Merge") presses the real
// widget the way a user would, wherever the layout put it.
#pragma once
#include <imgui.h>

#include <functional>
#include <optional>
#include <string>
#include <utility>

namespace wadsmith::gui {

// A separator with a heading (SeparatorText arrived in ImGui 1.89).
inline void heading(const char* text) {
  ImGui::Spacing();
  ImGui::TextColored(ImVec4(0.55f, 0.75f, 1.0f, 1.0f), "%s", text);
  ImGui::Separator();
}

// A help line: dimmed and wrapped at the panel's edge, never cut off.
void hint(const char* text);
// One line of text, recorded for the label check below with the room it had on its line.
void textLine(const std::string& text);

bool button(const char* label, const ImVec2& size = ImVec2(0, 0));
// A button of a popup that closes the popup when pressed.
bool closeButton(const char* label, const ImVec2& size);
bool smallButton(const char* label);
bool checkbox(const char* label, bool* value);
bool radioButton(const char* label, int* value, int button);
bool selectable(const char* label, bool selected = false, ImGuiSelectableFlags flags = 0);
bool beginCombo(const char* label, const char* preview);
bool beginMenu(const char* label, bool enabled = true);
bool menuItem(const char* label, const char* shortcut = nullptr, bool selected = false, bool enabled = true);
bool menuItem(const char* label, const char* shortcut, bool* selected);

// The Textures and Sprites views: a page slider (`label`, the page clamped to `pages`) over the
// page drawn square, as large as the panel allows. Returns the page's top-left corner on screen
// and the screen pixels per page pixel.
std::pair<ImVec2, float> pageView(const char* label, int& page, int pages, float width,
                                  const std::function<unsigned(int)>& texture);

// Positions are recorded only while on (scripted input); off, the widgets cost nothing extra.
void recordWidgets(bool on);
// Records the item just drawn (any ImGui widget) under `label`, as the widgets above do; returns `result`.
bool note(const char* label, bool result);
// Called once a frame before ImGui::NewFrame: what was drawn becomes "the last frame".
void beginWidgetFrame();
// The centre of a widget drawn and visible, at the same place, in the last two frames (none
// while it is missing or moving). The name is its label without any "##id" part (a widget
// without a visible label goes by its "##id"), optionally
// "#N" for the N-th such widget in draw order (from 1; plain means the first).
std::optional<ImVec2> widgetCenter(const std::string& name);
// The labels drawn in the last frame, in draw order, for error messages.
std::string widgetLabels();

// Labels ImGui would truncate ("Anim..."): while on, every tab, window title and text line the
// editor records is kept with the width it got and the width it needed, for the screenshot
// test (`--labels FILE` writes the last frame's as JSON).
void recordLabels(bool on);
void noteLabel(const char* kind, const std::string& text, float got, float needed);
// The labels of the frame drawn last (call it between frames): [{"kind", "label", "got", "needed"}...].
std::string labelsJson();

}  // namespace wadsmith::gui
