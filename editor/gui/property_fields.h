// Property fields drawn from the field tables (model/ops/fields.h), the way Dear ImGui's demo
// property editor keeps the description apart from the drawing: the label, the users' value in
// the field's unit (game units for 16.16 values, frames from the animation's first frame, an
// animation as an index within the movable, flags as checkboxes) and the table's range. A drag
// or a typed value is committed once, on release: one undo step.
#pragma once
#include <optional>

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
                                    const ops::FieldContext& c, const char* label = nullptr);

}  // namespace wadsmith::gui
