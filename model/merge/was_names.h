// Keeping the companion .WAS in step with a merge: one `NAME:path` line per object, movables
// (with the sprite-sequence lines at their slot positions) in slot order, then statics.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "model/merge/related_slots.h"
#include "model/wad_document.h"

namespace wadsmith::merge {

struct WasChange {
  ObjectRef key;     // the object's slot in the destination
  std::string text;  // the new line (without line ending)
};

// The .WAS of `after` given the one of `before`: lines of removed objects go, each added
// object gets its line at its slot position (a replaced object's line keeps its place).
// Returns nullopt (and a warning) when `before`'s lines do not pair with its objects.
std::optional<WasFile> updateWas(const WadDocument& before, const std::vector<ObjectRef>& removed,
                                 const std::vector<WasChange>& added, std::vector<std::string>& warnings);

// The line a merged object (`index` in its source table) gets: its source line (renamed when it
// changes slot), else "NAME:label".
std::string wasLineFor(const WadDocument& source, const ObjectRef& sourceKey, std::size_t index,
                       const ObjectRef& target, const std::string& label);

}  // namespace wadsmith::merge
