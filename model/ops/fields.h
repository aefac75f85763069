// One description per record field users see: its script and dump key, the editor's label, how
// a value is shown (relative frames, game units, an index within the movable), the range users
// may give, how to read it and how to set it through an edit operation. The JSON dump, the
// `apply` operations and the editor's property fields all come from these tables, so a field's
// name, unit and range exist once.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "model/ops/animation_ops.h"
#include "model/ops/keyframe_ops.h"
#include "model/ops/mesh_ops.h"
#include "model/ops/sound_ops.h"

namespace wadsmith::ops {

enum class FieldUnit {
  Plain,        // as stored
  Fixed,        // 16.16 in the file: users give game units; `KEY_raw` gives the stored value
  OwnFrame,     // a frame counted from the animation's first frame (stored absolute)
  TargetFrame,  // a frame counted from the target animation's first frame (stored absolute)
  Animation,    // an animation index within the movable (stored: the record it names)
  Flag,         // true or false
  Angle,        // degrees; stored in steps of 1/4096 turn (a three-axis word's step is 4 of them)
};

// What turning stored values into users' values needs.
struct FieldContext {
  const ObjectView* view = nullptr;
  std::size_t first = 0, end = 0;  // the movable's animations (global indices)
  std::size_t animation = 0;       // the animation the record belongs to (global)
  bool wad = true;                 // faces: WAD texture words and 5-bit intensity
};

// What a field is, whatever its record: what the operations' parameters and the editor's
// field edits need.
struct FieldInfo {
  const char* key;    // script and dump key
  const char* label;  // editor label
  FieldUnit unit;
  double min, max;    // users' range (WAD documents for faces)
  double levelMax;    // users' maximum in a level when it differs (0: the same)
  bool editable;      // else shown and dumped only
  bool wadOnly;       // a WAD property (levels have no such field)

  double maxFor(const FieldContext& c) const { return !c.wad && levelMax ? levelMax : max; }
};

template <class Record, class Change>
struct Field : FieldInfo {
  // The stored value (an Animation unit stores a reference: see `target`).
  long (*stored)(const Record&, const FieldContext&);
  // Animation and TargetFrame units: the reference to the animation (a TargetFrame counts from
  // that animation's first frame).
  const RecordRef* (*target)(const Record&);
  void (*set)(Change&, double);               // editable fields: into an operation's change
};

// A state change's editable field.
struct StateChangeChange {
  std::optional<std::uint16_t> stateId;
};

const std::vector<Field<Animation, AnimationChange>>& animationFields();
const std::vector<Field<StateChange, StateChangeChange>>& stateChangeFields();
const std::vector<Field<Dispatch, DispatchChange>>& dispatchFields();
const std::vector<Field<Polygon, FaceChange>>& faceFields();
// A keyframe's bounding box and root offset; a bone's rotation in a keyframe (x, y, z in
// degrees; its axes, shown only: 0 three-axis, 1 x, 2 y, 3 z).
const std::vector<Field<Keyframe, KeyframeChange>>& keyframeFields();
const std::vector<Field<Rotation, RotationChange>>& rotationFields();
// A sound info's fields (sample and sample_count are shown only: the sample list sets them).
const std::vector<Field<SoundInfo, SoundInfoChange>>& soundInfoFields();

// A value as users typed it: 2.5, 1e+300 (not 300 digits of a fixed-point rendering).
std::string numberText(double v);

// The users' value of a field, or nullopt when it has none (a target outside the movable).
template <class Record, class Change>
std::optional<double> userValue(const Field<Record, Change>& f, const Record& r, const FieldContext& c) {
  // The animation a target names (Animation and TargetFrame units).
  auto target = [&]() -> std::optional<std::size_t> {
    if (!f.target || !c.view) return std::nullopt;
    return c.view->indexOf(*f.target(r));
  };
  switch (f.unit) {
    case FieldUnit::Plain:
    case FieldUnit::Flag: return static_cast<double>(f.stored(r, c));
    case FieldUnit::Fixed: return f.stored(r, c) / 65536.0;
    case FieldUnit::Angle: return f.stored(r, c) * 360.0 / 4096.0;
    case FieldUnit::OwnFrame:
      if (!c.view || c.animation >= c.view->animations().size()) return std::nullopt;
      return static_cast<double>(f.stored(r, c) - c.view->animations()[c.animation].frameStart);
    case FieldUnit::TargetFrame:
      if (const auto i = target()) return static_cast<double>(f.stored(r, c) - c.view->animations()[*i].frameStart);
      return std::nullopt;
    case FieldUnit::Animation:
      if (const auto i = target(); i && *i >= c.first && *i < c.end) return static_cast<double>(*i - c.first);
      return std::nullopt;
  }
  return std::nullopt;
}

// Checks a users' value against the field's range; throws EditError naming the key.
void checkRange(const FieldInfo& f, double value, const FieldContext& c);

// The context of an animation of a movable (global index).
FieldContext animationContext(const ObjectView& v, std::size_t movable, std::size_t animation);

// A dispatch to add: every field must be given.
DispatchSpec dispatchSpec(const DispatchChange& c);

}  // namespace wadsmith::ops
