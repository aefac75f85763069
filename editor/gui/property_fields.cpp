#include "editor/gui/property_fields.h"

#include <imgui_internal.h>

#include <cmath>

namespace wadsmith::gui {

std::optional<double> numberField(session::ActiveField& active, const char* label, double value, double min, double max,
                                  bool fractional) {
  const ImGuiID id = ImGui::GetID(label);
  // The held value only while ImGui holds the widget (or let it go this frame): a widget that
  // vanished mid-drag (another animation selected) must not show it when it comes back.
  const ImGuiContext& g = *ImGui::GetCurrentContext();
  if (active.id == id && g.ActiveId != id && g.ActiveIdPreviousFrame != id) active = {};
  double v = active.id == id ? active.value : value;
  const char* format = fractional ? "%.3f" : "%.0f";  // ImGui rounds a dragged value to the format
  if (!fractional && max - min <= 64)
    ImGui::SliderScalar(label, ImGuiDataType_Double, &v, &min, &max, format, ImGuiSliderFlags_AlwaysClamp);
  else
    ImGui::DragScalar(label, ImGuiDataType_Double, &v, fractional ? 0.01f : 0.2f, &min, &max, format,
                      ImGuiSliderFlags_AlwaysClamp);
  note(label, false);  // for scripted input
  if (ImGui::IsItemActive()) active = {id, v};
  std::optional<double> commit;
  if (ImGui::IsItemDeactivated() && active.id == id) {
    if (ImGui::IsItemDeactivatedAfterEdit()) commit = fractional ? v : std::round(v);
    active = {};
  }
  return commit;
}

}  // namespace wadsmith::gui
