#include "editor/gui/property_fields.h"

#include <imgui.h>
#include <imgui_internal.h>

#include <cmath>

#include "editor/gui/widgets.h"
#include "model/ops/skeleton_ops.h"

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
    sliderScalar(label, ImGuiDataType_Double, &v, &min, &max, format, ImGuiSliderFlags_AlwaysClamp);
  else
    dragScalar(label, ImGuiDataType_Double, &v, fractional ? 0.01f : 0.2f, &min, &max, format, ImGuiSliderFlags_AlwaysClamp);
  if (ImGui::IsItemActive()) active = {id, v};
  std::optional<double> commit;
  if (ImGui::IsItemDeactivated() && active.id == id) {
    if (ImGui::IsItemDeactivatedAfterEdit()) commit = fractional ? v : std::round(v);
    active = {};
  }
  return commit;
}

template <class Record, class Change>
std::optional<double> propertyField(session::ActiveField& active, const ops::Field<Record, Change>& f, const Record& r,
                                    const ops::FieldContext& c, const char* label) {
  using U = ops::FieldUnit;
  if (!label) label = f.label;
  const auto user = ops::userValue(f, r, c);
  if (f.unit == U::Flag) {
    bool on = user.value_or(0) != 0;
    ImGui::BeginDisabled(!f.editable);
    const bool clicked = checkbox(label, &on);
    ImGui::EndDisabled();
    return clicked ? std::optional<double>(on ? 1 : 0) : std::nullopt;
  }
  double min = f.min, max = f.maxFor(c);
  if (f.unit == U::Animation && c.end > c.first) min = 0, max = double(c.end - c.first - 1);
  // A target outside the movable has no users' value: an animation shows -1 and can be set; a
  // frame counted from such a target shows what is stored and cannot be.
  const bool known = user.has_value();
  const bool editable = f.editable && (known || f.unit == U::Animation);
  const double shown = known ? *user : f.unit == U::Animation || !f.stored ? -1.0 : double(f.stored(r, c));
  // A stored value outside the range stays where it is until dragged (the -1 of an animation
  // outside the movable is not a value to give back).
  if (f.unit != U::Animation) min = std::min(min, shown), max = std::max(max, shown);
  ImGui::BeginDisabled(!editable);
  auto commit = numberField(active, label, shown, min, max, f.unit == U::Fixed || f.unit == U::Angle);
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
    if (!known) ImGui::SetTooltip("%s: stored value; it names no animation of this movable", f.key);
    else if (f.unit == U::OwnFrame) ImGui::SetTooltip("%s: from the animation's first frame", f.key);
    else if (f.unit == U::TargetFrame) ImGui::SetTooltip("%s: from the target animation's first frame", f.key);
    else if (f.unit == U::Fixed) ImGui::SetTooltip("%s: game units (stored as 16.16)", f.key);
    else if (f.unit == U::Angle) ImGui::SetTooltip("%s: degrees (stored in 1/4096 turns)", f.key);
  }
  return commit;
}

template std::optional<double> propertyField(session::ActiveField&, const ops::Field<Animation, ops::AnimationChange>&,
                                             const Animation&, const ops::FieldContext&, const char*);
template std::optional<double> propertyField(session::ActiveField&, const ops::Field<StateChange, ops::StateChangeChange>&,
                                             const StateChange&, const ops::FieldContext&, const char*);
template std::optional<double> propertyField(session::ActiveField&, const ops::Field<Dispatch, ops::DispatchChange>&,
                                             const Dispatch&, const ops::FieldContext&, const char*);
template std::optional<double> propertyField(session::ActiveField&, const ops::Field<Polygon, ops::FaceChange>&,
                                             const Polygon&, const ops::FieldContext&, const char*);
template std::optional<double> propertyField(session::ActiveField&, const ops::Field<SoundInfo, ops::SoundInfoChange>&,
                                             const SoundInfo&, const ops::FieldContext&, const char*);
template std::optional<double> propertyField(session::ActiveField&, const ops::Field<Keyframe, ops::KeyframeChange>&,
                                             const Keyframe&, const ops::FieldContext&, const char*);
template std::optional<double> propertyField(session::ActiveField&, const ops::Field<Rotation, ops::RotationChange>&,
                                             const Rotation&, const ops::FieldContext&, const char*);
template std::optional<double> propertyField(session::ActiveField&, const ops::Field<ops::BoneLink, ops::BoneChange>&,
                                             const ops::BoneLink&, const ops::FieldContext&, const char*);

}  // namespace wadsmith::gui
