// An edited classic view (model/wad2/classic_view.h) written back into the wad2 it came from,
// record by record, so that an edit changes only the chunks of what it touched.
//
// The classic records are words, the file's are floats: a classic edit cannot be put back as
// is. Instead both the view as converted (O) and as edited (N) go through the same conversion
// to wad2 (model/wad2/from_classic.h), and each file record W takes, field by field, N's value
// where N differs from O ("W + (N - O)"): an animation's state id, one keyframe's offset, one
// face's shine, one static's box. Everything O and N agree on keeps W's value, so its chunk is
// written back from the bytes it was read from (io/wad2_chunk_out.h). Where the lists do not
// line up (a mesh whose faces the conversion doubled or reordered, an animation deleted from
// the middle), the list is taken whole from N. Objects new in the view (a merge, an import)
// are added as N's records, with the pages their faces use as new textures; objects gone from
// the view are removed. Objects the view never held (no TR4 slot) stay as they are.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "model/wad2/classic_view.h"

namespace wadsmith::wad2 {

// `edited` is a WAD whose `wad2` is `origin`; `notes` gets what the conversion could not carry
// and the objects added and removed.
Document writeBack(const Origin& origin, const WadDocument& edited, std::vector<std::string>* notes = nullptr);

// The catalog beside the file after the view's sounds were edited (`edited`: the view's .sfx),
// the same way: each sound the edit changed or added, field by field, into the file's catalog;
// sounds gone from the view stay (the catalog serves the project, not one object). The
// catalog as read while the sounds are unchanged.
std::optional<SoundCatalog> catalogBack(const Origin& origin, const SoundSet* edited);

}  // namespace wadsmith::wad2
