// Removing objects from a WAD draft for --replace: ops::removeObjects (the object and whatever
// only it used, shared with delete_object), then the texture samples no remaining face names
// (remaining faces are renumbered; the pixels stay in the pages as free space the merge packs
// into).
#pragma once
#include <string>
#include <vector>

#include "model/draft.h"
#include "model/merge/related_slots.h"

namespace wadsmith::merge {

struct Removal {
  std::vector<TextureSample> freedSamples;  // removed sample records (their pixels remain)
  std::vector<std::string> warnings;
};

// Throws ops::EditError when a key names no object of the draft.
Removal removeReplaced(Draft& draft, const std::vector<ObjectRef>& keys);

// The same on a document: returns the new document.
WadDocument removeReplaced(const WadDocument& doc, const std::vector<ObjectRef>& keys);

}  // namespace wadsmith::merge
