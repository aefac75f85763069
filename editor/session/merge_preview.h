// See before you bring: the object highlighted in the Merge panel's list, alone in a new WAD as
// the merge would bring it (its meshes, animations and texture pages), shown in the viewport
// before anything is merged, with the slot it would take and what it would replace there. Made
// by the same use case as the merge (the source's prepare(), merge::mergeObjects), once per
// highlighted object.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "editor/session/texture_pages.h"
#include "model/document.h"
#include "model/object_ref.h"
#include "model/object_view.h"

namespace wadsmith::session {

class Session;

struct MergePreview {
  ObjectRef pick;    // in the Merge panel's terms: a slot of a WAD or level, an index in a listing
  Document doc;      // the object alone in a new WAD (null parts: nothing could be made, see error)
  ObjectRef object;  // where it is in doc: the slot it takes
  std::string name, file;
  std::vector<std::string> lines;  // the slot, its counts, what it would replace in the destination
  std::string error;               // why the source could not bring it (the merge would say the same)
  std::unique_ptr<ObjectView> view;
  mutable PageDecoder pages;  // the doc's pages for display, decoded when first drawn
};

// The preview of `pick` from the session's open source into its document, with the Merge
// panel's options. Never throws: a refusal is the preview's error.
std::unique_ptr<MergePreview> makeMergePreview(const Session& s, const ObjectRef& pick);

}  // namespace wadsmith::session
