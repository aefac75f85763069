// References to "one past the end" of a table or package move with the end when records are
// appended. Where they pointed at nothing yet (an empty range), the end they meant is now the
// first appended record, so a merge pins them there and existing records keep their bytes.
#pragma once
#include <optional>
#include <vector>

#include "model/ops/edit_context.h"

namespace wadsmith::merge {

struct EndRefs {
  std::vector<Id> animationNext, animationStateChanges, animationKeyframes, animationCommands;  // animation ids
  std::vector<Id> dispatchNext;                                                                 // dispatch ids
  std::vector<Id> stateChangeDispatches;                                                        // state change ids
  std::vector<Id> movableAnimations, movablePointers, movableLinks, movableKeyframes;            // movable ids
  std::vector<Id> staticPointer;                                                                // static ids
  std::vector<Id> pointerTarget;                                                                // mesh pointer ids
};
EndRefs collectEndRefs(const ObjectTables& t);

// The first element appended at the end of each table / package (unset: nothing appended there).
struct Appended {
  std::optional<Id> animation, stateChange, dispatch, pointer;  // records
  std::optional<Id> keyframes, commands, links, mesh;           // segments / mesh entries
};
void pinEndRefs(ops::TablesEditor& e, const EndRefs& ends, const Appended& first);

}  // namespace wadsmith::merge
