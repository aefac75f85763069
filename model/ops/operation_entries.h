// What the entries of the table of operations share (operation_table*.cpp): parameters made
// from a field table, and the history label of the fields a call sets.
#pragma once
#include <cctype>
#include <string>
#include <vector>

#include "model/ops/args.h"
#include "model/ops/operations.h"

namespace wadsmith::ops::entries {

inline std::vector<Param> join(std::vector<Param> a, const std::vector<Param>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

// A table's editable fields as optional parameters (a Fixed one also as KEY_raw, the stored
// 16.16 value).
template <class Record, class Change>
std::vector<Param> fieldParams(const std::vector<Field<Record, Change>>& table) {
  std::vector<Param> out;
  for (const auto& f : table) {
    if (!f.editable) continue;
    const bool fixed = f.unit == FieldUnit::Fixed;
    const bool number = fixed || f.unit == FieldUnit::Angle;
    out.push_back({f.key, f.unit == FieldUnit::Flag ? ParamKind::Flag : number ? ParamKind::Number : ParamKind::Integer, true});
    if (fixed) out.push_back({std::string(f.key) + "_raw", ParamKind::Integer, true});
  }
  return out;
}

// "set speed, acceleration": the fields a call gives, by their editor labels.
template <class Record, class Change>
std::string setLabel(const ArgReader& a, const std::vector<Field<Record, Change>>& table) {
  std::string names;
  for (const auto& f : table)
    if (f.editable && (a.has(f.key) || a.has(std::string(f.key) + "_raw"))) {
      std::string label = f.label;
      label[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(label[0])));
      names += (names.empty() ? "" : ", ") + label;
    }
  return names.empty() ? "set nothing" : "set " + names;
}

// A pose as the dump shows it: {"box": {"min": [x, y, z], "max": [x, y, z]}, "offset": [x, y, z],
// "rotations": [["y", 0, 45, 0], ["xyz", 10, 0, 5], ...]}.
Keyframe poseOf(const Value& v);

std::vector<Operation> animationOperations();  // operation_table_animation.cpp
std::vector<Operation> keyframeOperations();   // operation_table_keyframe.cpp
std::vector<Operation> wholeAnimationOperations();  // operation_table_whole.cpp

}  // namespace wadsmith::ops::entries
