#include "editor/session/texture_pages.h"

#include <map>

#include "editor/interop/pages.h"
#include "io/level_codec.h"
#include "model/level_textures.h"

namespace wadsmith::session {

namespace {
constexpr std::size_t kPixels = std::size_t{kPageSize} * kPageSize;

// Every tile of an inflated 32-bit tile chunk.
PageImages decodeLevelTiles(const std::vector<std::uint8_t>& bgra) {
  PageImages out;
  for (std::size_t p = 0; p < bgra.size() / (kPixels * 4); ++p)
    out.push_back(share<RgbaPage>(interop::levelTileRgba(bgra, p)));
  return out;
}

}  // namespace

const PageImages& PageDecoder::pages(const std::vector<SharedBytes>& pages) {
  // Pages are shared between versions: the same bytes at the same address are the same page.
  auto same = [](const SharedBytes& a, const SharedBytes& b) { return a.data() == b.data() && a.size() == b.size(); };
  if (kind_ == Kind::Wad && std::equal(pages.begin(), pages.end(), wadPages_.begin(), wadPages_.end(), same)) return images_;
  std::map<std::pair<const std::uint8_t*, std::size_t>, Shared<RgbaPage>> known;
  for (std::size_t p = 0; p < wadPages_.size() && p < images_.size(); ++p) known[{wadPages_[p].data(), wadPages_[p].size()}] = images_[p];
  PageImages images;
  for (const auto& page : pages) {
    auto it = known.find({page.data(), page.size()});
    images.push_back(it != known.end() ? it->second : share<RgbaPage>(interop::wadPageRgba(page)));
  }
  images_ = std::move(images);
  wadPages_ = pages;  // keeps the keys alive, so a pointer is never reused for other bytes
  tiles_ = {}, tilesPayload_ = {};
  kind_ = Kind::Wad;
  return images_;
}

const PageImages& PageDecoder::pages(const Document& doc) {
  if (const auto* w = std::get_if<WadDocument>(&doc)) return pages(w->pixels->pages);
  // A level's images depend on its tile bytes (TR4/5: the 32-bit chunk, stored or replaced;
  // TR1-3: the 16- or 8-bit tiles and the palette), which versions share.
  const auto& level = std::get<LevelDocument>(doc);
  const auto& tiles = level.tiles32;
  const bool classic = isClassic(level.game());
  const SharedBytes& source = classic ? (level.classic.tiles16.empty() ? level.classic.tiles8 : level.classic.tiles16)
                                      : tiles.compressed;
  const auto palette = classic ? level.data->palette : nullptr;  // TR1 keeps it in the level data (else empty)
  if (kind_ == Kind::Level && tiles_.data() == source.data() && tiles_.size() == source.size() &&
      tilesPayload_ == (classic ? palette : tiles.payload))
    return images_;
  try {
    images_ = decodeLevelTiles(levelTiles32(level));
    if (classic) images_.push_back(decodeLevelTiles(colourPage(level)).front());  // coloured faces' colours
  } catch (const std::exception&) {
    images_.clear();  // tiles that do not inflate: the level shows untextured (saving keeps them as read)
  }
  tiles_ = source, tilesPayload_ = classic ? palette : tiles.payload;
  wadPages_.clear();
  kind_ = Kind::Level;
  return images_;
}

}  // namespace wadsmith::session
