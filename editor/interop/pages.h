// Texture pages as pictures and back: a WAD's 24-bit pages (magenta is transparent: alpha 0 in
// the picture), a level's 32-bit tiles (rooms, objects and sprites; their own alpha) and its
// two misc tiles (font and sky). Importing a picture replaces one page: a WAD page's alpha 0
// becomes magenta (and an opaque magenta pixel stays magenta: TR cannot tell them apart); a
// level tile is written to both the 32-bit tiles and their 16-bit copy (ARGB 1555), which the
// engine picks between by its colour depth.
#pragma once
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "model/document.h"
#include "model/imported.h"

namespace wadsmith::interop {

struct PagePicture {
  std::string name;  // file name: page_000.png, tile_000.png, misc_0.png
  imported::Image image;
};

std::vector<PagePicture> pagePictures(const Document& doc);

// A WAD page's 256x256 RGB pixels as RGBA (magenta: alpha 0), and RGBA back (alpha 0: magenta;
// `partial` counts the pixels neither opaque nor transparent, which stay opaque).
std::vector<std::uint8_t> wadPageRgba(std::span<const std::uint8_t> page);
std::vector<std::uint8_t> wadPageRgb(const std::vector<std::uint8_t>& rgba, std::size_t* partial = nullptr);
// Tile `tile` of a level's 32-bit tiles (each pixel a little-endian 0xAARRGGBB) as RGBA.
std::vector<std::uint8_t> levelTileRgba(std::span<const std::uint8_t> tiles, std::size_t tile);

struct PageImport {
  Document doc;
  std::vector<std::string> notes;  // appended page, partial alpha made opaque...
};

// `page` indexes the pages (WAD) or 32-bit tiles (level); page == count appends a WAD page.
// Throws std::invalid_argument for a picture that is not 256x256 or a page past the end.
PageImport importPagePicture(const Document& doc, std::size_t page, const imported::Image& picture);

}  // namespace wadsmith::interop
