#include "model/merge/sprite_transfer.h"

#include <algorithm>

#include "model/catalog.h"
#include "model/merge/page_packer.h"

namespace wadsmith::merge {

namespace {

std::string sequenceName(std::int32_t id) {
  auto n = catalog::movableName(static_cast<std::uint32_t>(id));
  return "sprite sequence " + std::to_string(id) + (n ? " " + *n : "");
}

// Removes the textures of sequence `seq` that no other sequence uses; later offsets move back.
void removeSequence(SpriteFile& f, std::size_t seq) {
  const auto s = f.sequences[seq];
  f.sequences.erase(f.sequences.begin() + static_cast<long>(seq));
  const int first = s.offset, n = sequenceLength(s);
  if (n <= 0 || first < 0 || first + n > static_cast<int>(f.textures.size())) return;
  for (const auto& o : f.sequences)
    if (o.offset < first + n && o.offset + sequenceLength(o) > first) return;  // shared: kept
  f.textures.erase(f.textures.begin() + first, f.textures.begin() + first + n);
  for (auto& o : f.sequences)
    if (o.offset >= first + n) o.offset = static_cast<std::int16_t>(o.offset - n);
}

}  // namespace

std::string checkSprites(const Draft& d, const Shared<SpriteFile>& source, const std::vector<std::int32_t>& ids, bool replace) {
  for (auto id : ids) {
    if (!source || !source->sequence(id)) return "the source has no " + sequenceName(id);
    if (!replace && !d.sprites.absent() && d.sprites->sequence(id))
      return sequenceName(id) + " is in the destination: ask to replace it (--replace)";
  }
  return {};
}

SpriteReport transferSprites(Draft& d, const SpriteFile& src, const std::vector<std::int32_t>& ids, bool replace) {
  SpriteReport rep;
  if (ids.empty()) return rep;
  SpriteFile& f = d.sprites.edit();  // a WAD without a .SWD gets one
  rep.pagesBefore = f.pages.pages.size();
  for (auto id : ids) {
    SpriteNote note{id, 0, false};
    for (std::size_t k = 0; k < f.sequences.size(); ++k)
      if (f.sequences[k].spriteId == id) {
        removeSequence(f, k);
        note.replaced = true;
        break;
      }
    const SpriteSequence& from = *src.sequence(id);
    // Free space: whatever no remaining sprite texture covers.
    PagePacker packer(static_cast<int>(f.pages.pages.size()));
    for (const auto& t : f.textures)
      if (t.tile < f.pages.pages.size()) packer.cover(t.tile, t.x, t.y, spriteWidth(t), spriteHeight(t));
    std::vector<SpriteTexture> textures;
    std::vector<PixelSize> sizes;
    for (int k = 0; k < sequenceLength(from); ++k) {
      const std::size_t i = static_cast<std::size_t>(from.offset + k);
      if (from.offset < 0 || i >= src.textures.size()) break;
      textures.push_back(src.textures[i]);
      sizes.push_back({std::min(spriteWidth(src.textures[i]), kPageSize), std::min(spriteHeight(src.textures[i]), kPageSize)});
    }
    const auto spots = packRectangles(packer, sizes);
    while (static_cast<int>(f.pages.pages.size()) < packer.pageCount())
      f.pages.pages.push_back(SharedBytes(std::vector<std::uint8_t>(kPageBytes, 0)));
    for (std::size_t k = 0; k < textures.size(); ++k) {
      auto& t = textures[k];
      const auto& spot = spots[k];
      // Copy the pixels row by row into a fresh copy of the destination page.
      std::vector<std::uint8_t> page = f.pages.pages[static_cast<std::size_t>(spot.page)].copy();
      page.resize(kPageBytes, 0);
      for (int y = 0; y < sizes[k].height; ++y)
        for (int x = 0; x < sizes[k].width; ++x) {
          const std::uint8_t* rgb = src.pages.pixel(t.tile, std::min(t.x + x, kPageSize - 1), std::min(t.y + y, kPageSize - 1));
          auto at = (static_cast<std::size_t>(spot.y + y) * kPageSize + static_cast<std::size_t>(spot.x + x)) * 3;
          for (int c = 0; c < 3; ++c) page[at + static_cast<std::size_t>(c)] = rgb ? rgb[c] : 0;
        }
      f.pages.pages[static_cast<std::size_t>(spot.page)] = SharedBytes(std::move(page));
      t.tile = static_cast<std::uint16_t>(spot.page);
      t.x = static_cast<std::uint8_t>(spot.x);
      t.y = static_cast<std::uint8_t>(spot.y);
    }
    SpriteSequence seq = from;
    seq.offset = static_cast<std::int16_t>(f.textures.size());
    seq.negativeLength = static_cast<std::int16_t>(-static_cast<int>(textures.size()));
    f.textures.insert(f.textures.end(), textures.begin(), textures.end());
    auto pos = std::find_if(f.sequences.begin(), f.sequences.end(), [&](const SpriteSequence& s) { return s.spriteId > id; });
    f.sequences.insert(pos, seq);
    note.textures = textures.size();
    rep.merged.push_back(note);
  }
  rep.pagesAfter = f.pages.pages.size();
  return rep;
}

}  // namespace wadsmith::merge
