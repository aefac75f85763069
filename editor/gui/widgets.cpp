#include "editor/gui/widgets.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdint>
#include <string_view>
#include <vector>

namespace wadsmith::gui {
namespace {

struct Drawn {
  std::string label;
  ImVec2 center;
};
std::vector<Drawn> thisFrame, lastFrame, frameBefore;
bool recording = false;  // only scripted input needs the positions

struct Label {
  std::string kind, text;
  float got, needed;
};
std::vector<Label> labels;  // of the frame drawn last
bool recordingLabels = false;  // only the screenshot test reads them

std::optional<ImVec2> find(const std::vector<Drawn>& frame, const std::string& label, long nth) {
  for (const Drawn& d : frame)
    if (d.label == label && --nth == 0) return d.center;
  return std::nullopt;
}

// A button, checkbox or radio button that runs past its window's right edge is cut there (three
// radio buttons side by side in a narrow column): recorded with the room it had, for the label
// check. (A selectable spans the row by design.)
bool fits(const char* label, bool result) {
  if (recordingLabels && ImGui::IsItemVisible()) {
    const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
    noteLabel("widget", label, right - ImGui::GetItemRectMin().x, ImGui::GetItemRectSize().x);
  }
  return result;
}

}  // namespace

bool note(const char* label, bool result) {
  if (recording && ImGui::IsItemVisible()) {
    std::string_view text(label);
    text = text.substr(0, text.find("##"));
    if (text.empty()) text = label;  // a hidden label is found by its id: "@##in"
    ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
    thisFrame.push_back({std::string(text), ImVec2((a.x + b.x) / 2, (a.y + b.y) / 2)});
  }
  return result;
}

void hint(const char* text) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
  ImGui::TextWrapped("%s", text);
  ImGui::PopStyleColor();
}

void textLine(const std::string& text) {
  const float room = ImGui::GetContentRegionAvail().x;
  ImGui::TextUnformatted(text.c_str());
  noteLabel("text", text, room, ImGui::GetItemRectSize().x);
}

bool button(const char* label, const ImVec2& size) { return note(label, fits(label, ImGui::Button(label, size))); }
bool closeButton(const char* label, const ImVec2& size) {
  if (!button(label, size)) return false;
  ImGui::CloseCurrentPopup();
  return true;
}
bool smallButton(const char* label) { return note(label, fits(label, ImGui::SmallButton(label))); }
bool checkbox(const char* label, bool* value) { return note(label, fits(label, ImGui::Checkbox(label, value))); }
bool radioButton(const char* label, int* value, int button) {
  return note(label, fits(label, ImGui::RadioButton(label, value, button)));
}
bool selectable(const char* label, bool selected, ImGuiSelectableFlags flags) {
  return note(label, ImGui::Selectable(label, selected, flags));
}

bool beginCombo(const char* label, const char* preview) {
  // Open, the last item is the popup: the combo is recorded while closed (what a click opens).
  const bool open = ImGui::BeginCombo(label, preview);
  return open || note(label, false);
}

bool beginMenu(const char* label, bool enabled) {
  // Open, the last item is the menu's window: recorded where its label starts, open or not (a
  // click's release finds the menu it opened).
  const ImVec2 at = ImGui::GetCursorScreenPos(), size = ImGui::CalcTextSize(label);
  const bool open = ImGui::BeginMenu(label, enabled);
  if (recording) thisFrame.push_back({label, ImVec2(at.x + size.x / 2, at.y + size.y / 2)});
  return open;
}
bool menuItem(const char* label, const char* shortcut, bool selected, bool enabled) {
  return note(label, ImGui::MenuItem(label, shortcut, selected, enabled));
}
bool menuItem(const char* label, const char* shortcut, bool* selected) {
  return note(label, ImGui::MenuItem(label, shortcut, selected));
}

std::pair<ImVec2, float> pageView(const char* label, int& page, int pages, float width,
                                  const std::function<unsigned(int)>& texture) {
  ImGui::SetNextItemWidth(width);
  ImGui::SliderInt(label, &page, 0, pages - 1);
  page = std::clamp(page, 0, pages - 1);
  float side = std::min(ImGui::GetContentRegionAvail().x, ImGui::GetContentRegionAvail().y - ImGui::GetFrameHeight());
  side = std::max(side, 64.0f);
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  ImGui::Image(reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(texture(page))), ImVec2(side, side));
  return {origin, side / 256.0f};
}

void recordWidgets(bool on) { recording = on; }

void recordLabels(bool on) { recordingLabels = on; }

void noteLabel(const char* kind, const std::string& text, float got, float needed) {
  if (recordingLabels) labels.push_back({kind, text, got, needed});
}

std::string labelsJson() {
  nlohmann::json out = nlohmann::json::array();
  for (const Label& l : labels) out.push_back({{"kind", l.kind}, {"label", l.text}, {"got", l.got}, {"needed", l.needed}});
  return out.dump(1);
}

void beginWidgetFrame() {
  labels.clear();
  frameBefore = std::move(lastFrame);
  lastFrame = std::move(thisFrame);
  thisFrame.clear();
}

std::optional<ImVec2> widgetCenter(const std::string& name) {
  std::string label = name;
  long nth = 1;
  if (auto hash = name.rfind('#'); hash != std::string::npos && hash + 1 < name.size() &&
                                   name.find_first_not_of("0123456789", hash + 1) == std::string::npos) {
    label = name.substr(0, hash);
    nth = std::stol(name.substr(hash + 1));
  }
  // Only a widget that stayed put for two frames: an edit made by the previous click moves
  // what is drawn below it a frame later.
  auto now = find(lastFrame, label, nth), before = find(frameBefore, label, nth);
  if (!now || !before || now->x != before->x || now->y != before->y) return std::nullopt;
  return now;
}

std::string widgetLabels() {
  std::string out;
  for (const Drawn& d : lastFrame) out += (out.empty() ? "\"" : ", \"") + d.label + "\"";
  return out.empty() ? "none" : out;
}

}  // namespace wadsmith::gui
