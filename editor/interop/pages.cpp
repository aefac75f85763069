#include "editor/interop/pages.h"

#include <cstdio>
#include <cstring>
#include <stdexcept>

#include "io/level_codec.h"

namespace wadsmith::interop {
namespace {

constexpr std::size_t kPixels = std::size_t(kPageSize) * kPageSize;

std::string numbered(const char* prefix, std::size_t i, int digits) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%s%0*zu.png", prefix, digits, i);
  return buf;
}

std::vector<PagePicture> tiles(const std::vector<std::uint8_t>& bytes, const char* prefix, int digits) {
  std::vector<PagePicture> out;
  for (std::size_t t = 0; (t + 1) * kPixels * 4 <= bytes.size(); ++t)
    out.push_back({numbered(prefix, t, digits), {"", kPageSize, kPageSize, levelTileRgba(bytes, t)}});
  return out;
}

}  // namespace

std::vector<std::uint8_t> levelTileRgba(std::span<const std::uint8_t> tiles, std::size_t tile) {
  const auto bgra = tiles.subspan(tile * kPixels * 4, kPixels * 4);
  std::vector<std::uint8_t> rgba(bgra.begin(), bgra.end());
  for (std::size_t i = 0; i < rgba.size(); i += 4) std::swap(rgba[i], rgba[i + 2]);
  return rgba;
}

std::vector<std::uint8_t> wadPageRgba(std::span<const std::uint8_t> page) {
  std::vector<std::uint8_t> rgba(kPixels * 4, 0);
  for (std::size_t i = 0; i < kPixels && i * 3 + 3 <= page.size(); ++i) {
    std::memcpy(&rgba[i * 4], &page[i * 3], 3);
    rgba[i * 4 + 3] = isMagenta(&page[i * 3]) ? 0 : 255;
  }
  return rgba;
}

std::vector<std::uint8_t> wadPageRgb(const std::vector<std::uint8_t>& rgba, std::size_t* partial) {
  std::vector<std::uint8_t> rgb(kPageBytes);
  for (std::size_t i = 0; i < kPixels; ++i) {
    const std::uint8_t* p = &rgba[i * 4];
    if (p[3] == 0) {
      rgb[i * 3] = 255, rgb[i * 3 + 1] = 0, rgb[i * 3 + 2] = 255;
    } else {
      if (partial) *partial += p[3] != 255;
      std::memcpy(&rgb[i * 3], p, 3);
    }
  }
  return rgb;
}

std::vector<PagePicture> pagePictures(const Document& doc) {
  if (const auto* w = std::get_if<WadDocument>(&doc)) {
    std::vector<PagePicture> out;
    for (std::size_t n = 0; n < w->pixels->pages.size(); ++n)
      out.push_back({numbered("page_", n, 3), {"", kPageSize, kPageSize, wadPageRgba(w->pixels->pages[n])}});
    return out;
  }
  const auto& level = std::get<LevelDocument>(doc);
  auto out = tiles(chunkPayload(level.tiles32), "tile_", 3);
  for (auto& m : tiles(chunkPayload(level.miscTiles), "misc_", 1)) out.push_back(std::move(m));
  return out;
}

PageImport importPagePicture(const Document& doc, std::size_t page, const imported::Image& picture) {
  if (picture.width != kPageSize || picture.height != kPageSize || picture.rgba.size() != kPixels * 4)
    throw std::invalid_argument("a page is 256x256 pixels; the picture is " + std::to_string(picture.width) +
                                "x" + std::to_string(picture.height));
  PageImport out;
  std::size_t partial = 0;
  if (const auto* w = std::get_if<WadDocument>(&doc)) {
    const std::size_t count = w->pixels->pages.size();
    if (page > count) throw std::invalid_argument("page " + std::to_string(page) + " is past the " + std::to_string(count) + " pages (" + std::to_string(count) + " appends one)");
    std::vector<std::uint8_t> rgb = wadPageRgb(picture.rgba, &partial);
    WadDocument next = *w;
    TexturePages pages = *w->pixels;
    if (page == count) {
      pages.pages.emplace_back(std::move(rgb));
      out.notes.push_back("appended page " + std::to_string(page));
    } else {
      pages.pages[page] = SharedBytes(std::move(rgb));
    }
    next.pixels = share<TexturePages>(std::move(pages));
    out.doc = std::move(next);
  } else {
    LevelDocument next = std::get<LevelDocument>(doc);
    auto t32 = chunkPayload(next.tiles32);
    auto t16 = chunkPayload(next.tiles16);
    const std::size_t count = t32.size() / (kPixels * 4);
    if (page >= count) throw std::invalid_argument("tile " + std::to_string(page) + " is past the level's " + std::to_string(count) + " tiles");
    if (t16.size() < (page + 1) * kPixels * 2) throw std::invalid_argument("the level's 16-bit tiles are fewer than its 32-bit ones");
    for (std::size_t i = 0; i < kPixels; ++i) {
      const std::uint8_t* p = &picture.rgba[i * 4];
      std::uint8_t* d = &t32[(page * kPixels + i) * 4];
      d[0] = p[2], d[1] = p[1], d[2] = p[0], d[3] = p[3];
      partial += p[3] != 0 && p[3] != 255;
      std::uint16_t v = static_cast<std::uint16_t>((p[3] >= 128 ? 0x8000 : 0) | ((p[0] >> 3) << 10) | ((p[1] >> 3) << 5) | (p[2] >> 3));
      t16[(page * kPixels + i) * 2] = static_cast<std::uint8_t>(v & 0xFF);
      t16[(page * kPixels + i) * 2 + 1] = static_cast<std::uint8_t>(v >> 8);
    }
    next.tiles32.payload = share<std::vector<std::uint8_t>>(std::move(t32));
    next.tiles16.payload = share<std::vector<std::uint8_t>>(std::move(t16));
    out.doc = std::move(next);
  }
  if (partial) out.notes.push_back(std::to_string(partial) + " pixels were partly transparent: a " + std::string(std::holds_alternative<WadDocument>(doc) ? "WAD page keeps them opaque" : "tile keeps their alpha (the 16-bit copy: opaque from 128)"));
  return out;
}

}  // namespace wadsmith::interop
