#include "editor/gui/widgets.h"

#include <string_view>
#include <utility>
#include <vector>

namespace wadsmith::gui {
namespace {

struct Drawn {
  std::string label;
  ImVec2 center;
};
std::vector<Drawn> thisFrame, lastFrame, frameBefore;
bool recording = false;  // only scripted input needs the positions

std::optional<ImVec2> find(const std::vector<Drawn>& frame, const std::string& label, long nth) {
  for (const Drawn& d : frame)
    if (d.label == label && --nth == 0) return d.center;
  return std::nullopt;
}

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

}  // namespace

bool button(const char* label, const ImVec2& size) { return note(label, ImGui::Button(label, size)); }
bool smallButton(const char* label) { return note(label, ImGui::SmallButton(label)); }
bool checkbox(const char* label, bool* value) { return note(label, ImGui::Checkbox(label, value)); }
bool radioButton(const char* label, int* value, int button) { return note(label, ImGui::RadioButton(label, value, button)); }
bool selectable(const char* label, bool selected, ImGuiSelectableFlags flags) {
  return note(label, ImGui::Selectable(label, selected, flags));
}

bool dragScalar(const char* label, ImGuiDataType type, void* value, float speed, const void* min, const void* max,
                const char* format, ImGuiSliderFlags flags) {
  return note(label, ImGui::DragScalar(label, type, value, speed, min, max, format, flags));
}
bool sliderScalar(const char* label, ImGuiDataType type, void* value, const void* min, const void* max, const char* format,
                  ImGuiSliderFlags flags) {
  return note(label, ImGui::SliderScalar(label, type, value, min, max, format, flags));
}
bool beginCombo(const char* label, const char* preview) {
  // Open, the last item is the popup: the combo is recorded while closed (what a click opens).
  const bool open = ImGui::BeginCombo(label, preview);
  return open || note(label, false);
}

void recordWidgets(bool on) { recording = on; }

void beginWidgetFrame() {
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
