#include "model/merge/sprite_transfer.h"

#include <algorithm>
#include <cstring>
#include <optional>

#include "model/catalog.h"
#include "model/level_document.h"
#include "model/merge/page_packer.h"

namespace wadsmith::merge {

namespace {

std::string sequenceName(std::int32_t id) {
  auto n = catalog::spriteSequenceName(static_cast<std::uint32_t>(id));
  return "sprite sequence " + std::to_string(id) + (n ? " " + *n : "");
}

// A texture a replaced sequence left: its pixels may be drawn from again (`reused`), or its
// spot taken by a new texture of the same size (`taken`: its pixels are overwritten).
struct Freed {
  SpriteTexture t;
  bool reused = false, taken = false;
};

// A texture's size on its page (clipped to the page).
PixelSize sizeOf(const SpriteTexture& t) {
  return {std::min(spriteWidth(t), kPageSize - t.x), std::min(spriteHeight(t), kPageSize - t.y)};
}

// Removes sequence `seq`; its textures too when no other sequence uses them and none of them
// or after them is pinned (later offsets move back). The removed records go into `freed`;
// returns where they were.
std::optional<std::size_t> removeSequence(SpriteFile& f, std::size_t seq, std::size_t pinned, std::vector<Freed>& freed) {
  const auto s = f.sequences[seq];
  f.sequences.erase(f.sequences.begin() + static_cast<long>(seq));
  const int first = s.offset, n = sequenceLength(s);
  if (n <= 0 || first < static_cast<int>(pinned) || first + n > static_cast<int>(f.textures.size())) return std::nullopt;
  for (const auto& o : f.sequences)
    if (o.offset < first + n && o.offset + sequenceLength(o) > first) return std::nullopt;  // shared: kept
  for (int k = first; k < first + n; ++k) freed.push_back({f.textures[static_cast<std::size_t>(k)]});
  f.textures.erase(f.textures.begin() + first, f.textures.begin() + first + n);
  for (auto& o : f.sequences)
    if (o.offset >= first + n) o.offset = static_cast<std::int16_t>(o.offset - n);
  return static_cast<std::size_t>(first);
}

// Inserts `textures` at `at`: the sequences and places after it move along.
void insertTextures(SpriteFile& f, std::size_t at, const std::vector<SpriteTexture>& textures, std::vector<bool>& added,
                    std::vector<std::optional<std::size_t>>& places) {
  const auto n = textures.size();
  f.textures.insert(f.textures.begin() + static_cast<long>(at), textures.begin(), textures.end());
  added.insert(added.begin() + static_cast<long>(at), n, true);
  for (auto& o : f.sequences)
    if (o.offset >= static_cast<int>(at)) o.offset = static_cast<std::int16_t>(o.offset + static_cast<int>(n));
  for (auto& p : places)
    if (p && *p >= at) *p += n;
}

bool samePixels(const TexturePages& a, const SpriteTexture& ta, const TexturePages& b, const SpriteTexture& tb) {
  const PixelSize sa = sizeOf(ta), sb = sizeOf(tb);
  if (sa.width != sb.width || sa.height != sb.height || ta.tile >= a.pages.size() || tb.tile >= b.pages.size()) return false;
  for (int y = 0; y < sa.height; ++y) {
    const std::uint8_t *pa = a.pixel(ta.tile, ta.x, ta.y + y), *pb = b.pixel(tb.tile, tb.x, tb.y + y);
    const bool whole = a.pixel(ta.tile, ta.x + sa.width - 1, ta.y + y) && b.pixel(tb.tile, tb.x + sa.width - 1, tb.y + y);
    if (!pa || !pb || !whole || std::memcmp(pa, pb, static_cast<std::size_t>(sa.width) * 3)) return false;
  }
  return true;
}

// The record as the destination reads it, over the texels it now names.
void finishRecord(SpriteTexture& t, const SpriteTexture& from, SpriteRecords form) {
  if (form == SpriteRecords::AsSource) return;
  const int w = spriteWidth(from), h = spriteHeight(from);
  const std::uint16_t low = form == SpriteRecords::WorldSides ? 255 : 0;
  t.width = static_cast<std::uint16_t>((w - 1) << 8 | low), t.height = static_cast<std::uint16_t>((h - 1) << 8 | low);
  if (form == SpriteRecords::TexelSides) {
    t.left = t.x, t.top = t.y, t.right = static_cast<std::int16_t>(t.x + w), t.bottom = static_cast<std::int16_t>(t.y + h);
    return;
  }
  // World units: a source with none (a WAD's are 0; a TR4/5 level's name its texels) gets 4 per
  // texel, centred, standing on its lower edge.
  const bool texelSides = from.left == from.x && from.top == from.y && from.right == from.x + w && from.bottom == from.y + h;
  if (!texelSides && (from.left || from.top || from.right || from.bottom)) return;
  t.left = static_cast<std::int16_t>(-2 * w), t.right = static_cast<std::int16_t>(2 * w);
  t.top = static_cast<std::int16_t>(-4 * h), t.bottom = 0;
}

bool overlaps(const SpriteTexture& a, int tile, int x, int y, PixelSize s) {
  const PixelSize sa = sizeOf(a);
  return a.tile == tile && a.x < x + s.width && x < a.x + sa.width && a.y < y + s.height && y < a.y + sa.height;
}

// A replaced texture's spot of this size that no texture left covers and none drew from.
Freed* freedSpot(const SpriteFile& f, std::vector<Freed>& freed, PixelSize size) {
  for (auto& e : freed) {
    const PixelSize s = sizeOf(e.t);
    if (e.reused || e.taken || s.width != size.width || s.height != size.height) continue;
    if (std::none_of(f.textures.begin(), f.textures.end(), [&](const SpriteTexture& t) { return overlaps(t, e.t.tile, e.t.x, e.t.y, s); }))
      return &e;
  }
  return nullptr;
}

// The sequence's textures placed: on identical pixels the destination shows (its textures', or
// those of the textures a replaced sequence left), else in the spot of a replaced texture of
// the same size, else packed.
std::vector<SpriteTexture> placeSequence(SpriteFile& f, const SpriteFile& src, const SpriteSequence& from,
                                         const SpritePlacement& where, std::vector<Freed>& freed, SpriteNote& note) {
  PagePacker packer(static_cast<int>(f.pages.pages.size()));
  for (const auto& t : f.textures)
    if (t.tile < f.pages.pages.size()) packer.cover(t.tile, t.x, t.y, spriteWidth(t), spriteHeight(t));
  for (const auto& r : where.reserved) packer.cover(r.page, r.x, r.y, r.width(), r.height());
  std::vector<SpriteTexture> out;
  std::vector<PixelSize> sizes;
  std::vector<std::size_t> packed;  // indices into `out` of the textures to pack, then to copy
  std::vector<PagePacker::Spot> spots;
  for (int k = 0; k < sequenceLength(from); ++k) {
    const std::size_t i = static_cast<std::size_t>(from.offset + k);
    if (from.offset < 0 || i >= src.textures.size()) break;
    SpriteTexture t = src.textures[i];
    auto sameAs = [&](const SpriteTexture& e) { return samePixels(f.pages, e, src.pages, t); };
    auto kept = std::find_if(f.textures.begin(), f.textures.end(), sameAs);
    auto left = std::find_if(freed.begin(), freed.end(), [&](const Freed& e) { return !e.taken && sameAs(e.t); });
    const SpriteTexture* same = kept != f.textures.end() ? &*kept : left != freed.end() ? &left->t : nullptr;
    if (same) {
      if (kept == f.textures.end()) left->reused = true;
      t.tile = same->tile, t.x = same->x, t.y = same->y;
      packer.cover(t.tile, t.x, t.y, spriteWidth(t), spriteHeight(t));
      ++note.pixelsReused;
    } else if (Freed* spot = freedSpot(f, freed, sizeOf(t))) {
      spot->taken = true;
      packer.cover(spot->t.tile, spot->t.x, spot->t.y, spriteWidth(spot->t), spriteHeight(spot->t));
      packed.insert(packed.begin() + static_cast<long>(spots.size()), out.size());
      sizes.insert(sizes.begin() + static_cast<long>(spots.size()), sizeOf(t));
      spots.push_back({spot->t.tile, spot->t.x, spot->t.y});
    } else {
      packed.push_back(out.size());
      sizes.push_back({std::min(spriteWidth(t), kPageSize), std::min(spriteHeight(t), kPageSize)});
    }
    out.push_back(t);
  }
  const auto more = packRectangles(packer, std::vector<PixelSize>(sizes.begin() + static_cast<long>(spots.size()), sizes.end()));
  spots.insert(spots.end(), more.begin(), more.end());
  while (static_cast<int>(f.pages.pages.size()) < packer.pageCount())
    f.pages.pages.push_back(SharedBytes(std::vector<std::uint8_t>(kPageBytes, 0)));
  for (std::size_t k = 0; k < packed.size(); ++k) {
    auto& t = out[packed[k]];
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
  for (int k = 0; k < static_cast<int>(out.size()); ++k)
    finishRecord(out[static_cast<std::size_t>(k)], src.textures[static_cast<std::size_t>(from.offset + k)], where.records);
  return out;
}

}  // namespace

std::string checkSprites(const SpriteFile* d, const Shared<SpriteFile>& source, const std::vector<std::int32_t>& ids, bool replace) {
  for (auto id : ids) {
    if (!source || !source->sequence(id)) return "the source has no " + sequenceName(id);
    if (!replace && d && d->sequence(id)) return sequenceName(id) + " is in the destination: ask to replace it (--replace)";
  }
  return {};
}

SpriteReport transferSprites(SpriteFile& f, const SpriteFile& src, const std::vector<std::int32_t>& ids, bool replace,
                             const SpritePlacement& where) {
  SpriteReport rep;
  rep.pagesBefore = f.pages.pages.size();
  rep.texturesBefore = f.textures.size();
  std::vector<SpriteNote> notes;
  std::vector<std::optional<std::size_t>> places;  // where each replaced sequence's textures were
  std::vector<Freed> freed;
  for (auto id : ids) {  // the replaced sequences go first: their space is free for all
    notes.push_back({id, 0, 0, false});
    places.emplace_back();
    for (std::size_t k = 0; replace && k < f.sequences.size(); ++k)
      if (f.sequences[k].spriteId == id) {
        const std::size_t before = f.textures.size();
        const auto at = removeSequence(f, k, where.pinned, freed);
        for (auto& p : places)  // the places after it move back
          if (p && at && *p > *at) *p -= before - f.textures.size();
        places.back() = at;
        notes.back().replaced = true;
        break;
      }
  }
  rep.added.assign(f.textures.size(), false);
  for (std::size_t k = 0; k < notes.size(); ++k) {
    auto& note = notes[k];
    const std::vector<SpriteTexture> textures = placeSequence(f, src, *src.sequence(note.id), where, freed, note);
    SpriteSequence seq = *src.sequence(note.id);
    seq.negativeLength = static_cast<std::int16_t>(-static_cast<int>(textures.size()));
    // A run of records the destination has already is named, not repeated.
    auto run = std::search(f.textures.begin(), f.textures.end(), textures.begin(), textures.end());
    std::size_t at = static_cast<std::size_t>(run - f.textures.begin());
    if (run == f.textures.end() && !textures.empty()) {
      at = places[k].value_or(f.textures.size());
      insertTextures(f, at, textures, rep.added, places);
    }
    seq.offset = static_cast<std::int16_t>(textures.empty() ? 0 : at);
    auto pos = std::find_if(f.sequences.begin(), f.sequences.end(), [&](const SpriteSequence& s) { return s.spriteId > note.id; });
    f.sequences.insert(pos, seq);
    note.textures = textures.size();
    rep.merged.push_back(note);
  }
  rep.pagesAfter = f.pages.pages.size();
  rep.texturesAfter = f.textures.size();
  return rep;
}

SpriteReport transferLevelSprites(LevelData& data, TexturePages& pages, const SpriteFile& src,
                                  const std::vector<std::int32_t>& ids, bool replace, std::vector<TextureSample> reserved) {
  SpriteFile f;
  f.textures = *data.spriteTextures;
  f.sequences = *data.spriteSequences;
  f.pages = std::move(pages);
  SpritePlacement where{std::move(reserved), 0, traits(data.game).classic ? SpriteRecords::WorldSides : SpriteRecords::TexelSides};
  // Room sprites name sprite textures by index: those (all, when a room's mesh is kept as words) stay put.
  for (const auto& r : *data.rooms) {
    if (!r.geometry.parsed) where.pinned = f.textures.size();
    for (const auto& s : r.geometry.sprites) where.pinned = std::max(where.pinned, static_cast<std::size_t>(std::max<int>(s.texture, 0)) + 1);
  }
  SpriteReport rep = transferSprites(f, src, ids, replace, where);
  data.spriteTextures = share<std::vector<SpriteTexture>>(std::move(f.textures));
  data.spriteSequences = share<std::vector<SpriteSequence>>(std::move(f.sequences));
  pages = std::move(f.pages);
  return rep;
}

}  // namespace wadsmith::merge
