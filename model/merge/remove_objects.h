// Removing objects from a WAD together with whatever only they used: their mesh pointers,
// meshes no other pointer reaches, animations with their keyframes, state changes,
// dispatches and commands, their mesh-tree records, and the texture samples no remaining
// face names (remaining faces are renumbered; the pixels stay in the pages as free space).
// Anything another object still uses stays.
//
// The merge uses this for --replace. The edit operations (issue 4, model/ops) are building
// delete_object; once both are in main they should become one function.
#pragma once
#include <string>
#include <vector>

#include "model/merge/draft.h"
#include "model/merge/related_slots.h"

namespace wadsmith::merge {

struct Removal {
  std::vector<TextureSample> freedSamples;  // removed sample records (their pixels remain)
  // References of remaining records into removed animations: they now point past the table.
  std::size_t danglingTargets = 0;
  std::vector<std::string> warnings;
};

// Throws std::invalid_argument when a key names no object of the draft.
Removal removeObjects(WadDraft& draft, const std::vector<ObjectKey>& keys);

// The same on a document: returns the new document.
WadDocument removeObjects(const WadDocument& doc, const std::vector<ObjectKey>& keys, std::vector<std::string>* warnings = nullptr);

}  // namespace wadsmith::merge
