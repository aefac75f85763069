// The document's texture pages as the screen shows them: 256x256 RGBA, top row first. WAD pages
// are 24-bit with magenta transparent; a TR4/5 level's 32-bit tiles are BGRA in a zlib chunk;
// TR1-3 tiles are decoded to the same layout (model/level_textures.h). The renderer uploads
// these and never decodes pixels itself.
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "model/document.h"

namespace wadsmith::session {

using RgbaPage = std::vector<std::uint8_t>;  // 256 * 256 * 4 bytes
using PageImages = std::vector<Shared<RgbaPage>>;

// Decodes pages, reusing the images of pages it decoded before: a WAD page's image is keyed on
// the page's shared bytes, a level's on its tile chunk, so a version that did not touch pixels
// (an undo, a mesh edit) costs a comparison of pointers.
class PageDecoder {
 public:
  const PageImages& pages(const Document& doc);
  const PageImages& pages(const std::vector<SharedBytes>& wadPages);  // a WAD's or a .SWD's

 private:
  enum class Kind { None, Wad, Level } kind_ = Kind::None;
  PageImages images_;
  std::vector<SharedBytes> wadPages_;  // what images_ were made from (WAD)
  SharedBytes tiles_;                                         // (level) the tile bytes as stored
  Shared<std::vector<std::uint8_t>> tilesPayload_;            // and the chunk's replaced content / TR1's palette
};

}  // namespace wadsmith::session
