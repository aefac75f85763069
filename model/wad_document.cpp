#include "model/wad_document.h"

namespace wadsmith {

WadDocument WadDocument::empty() {
  return {.samples = share<std::vector<TextureSample>>(), .pixels = share<TexturePages>(),
          .objects = ObjectTables::empty(), .trailer = share<std::vector<std::uint8_t>>()};
}

}  // namespace wadsmith
