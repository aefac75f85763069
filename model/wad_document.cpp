#include "model/wad_document.h"

namespace wadsmith {

WadDocument WadDocument::empty() {
  WadDocument w;
  w.samples = share<std::vector<TextureSample>>();
  w.pixels = share<TexturePages>();
  w.objects = ObjectTables::empty();
  w.trailer = share<std::vector<std::uint8_t>>();
  return w;
}

}  // namespace wadsmith
