// The sprite sequences of an edited view written back into the wad2 (model/wad2/write_back.h):
// O and N are the view as opened and as edited, both converted to wad2 (TR4's sequence
// numbers). A sequence whose pictures O and N agree on keeps the file's record and sprites; one
// the edit changed (a merge that replaced it) takes N's sprites as new records; one gone from
// N is removed; one new in N (a merge's) is added under the file's number for its name, where
// WadTool's writer puts it. Sequences the view never held (no TR4 counterpart) stay.
#pragma once
#include <functional>
#include <string>

#include "model/wad2/document.h"

namespace wadsmith::wad2 {

// `out` starts as the file; `nextId` gives the new sprites' ids.
void spliceSprites(const Document& file, const Document& o, const Document& n, Document& out, Id& nextId,
                   const std::function<void(const std::string&)>& say);

}  // namespace wadsmith::wad2
