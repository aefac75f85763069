// Property fields drawn from the field tables (model/ops/fields.h), the way Dear ImGui's demo
// property editor keeps the description apart from the drawing: the label, the users' value in
// the field's unit (game units for 16.16 values, frames from the animation's first frame, an
// animation as an index within the movable, flags as checkboxes) and the table's range. A drag
// or a typed value is committed once, on release: one undo step.
#pragma once
#include <imgui.h>

#include <algorithm>
#include <optional>

#include "editor/gui/widgets.h"
#include "editor/session/panel_state.h"
#include "model/ops/fields.h"

namespace wadsmith::gui {

// A number committed on release (its value lives in `active` while the widget is held). Small
// integer ranges are sliders, the rest drags (double-click to type). Returns the value to commit.
std::optional<double> numberField(session::ActiveField& active, const char* label, double value, double min, double max,
                                  bool fractional);

// Draws one field of `r` with its table label, or with `label` (e.g. "##in" in a table whose
// header names the columns). Returns the users' value to commit. Read-only fields are drawn
// disabled; a reference outside the movable shows -1.
template <class Record, class Change>
std::optional<double> propertyField(session::ActiveField& active, const ops::Field<Record, Change>& f, const Record& r,
                                    const ops::FieldContext& c, const char* label = nullptr) {
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

}  // namespace wadsmith::gui
