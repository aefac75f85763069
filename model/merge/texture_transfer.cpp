#include "model/merge/texture_transfer.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <set>
#include <tuple>

#include "model/merge/page_packer.h"

namespace wadsmith::merge {

namespace {

struct Rect {
  int page = 0, x = 0, y = 0, w = 0, h = 0;
  int area() const { return w * h; }
  bool overlaps(const Rect& o) const {
    return page == o.page && x < o.x + o.w && o.x < x + w && y < o.y + o.h && o.y < y + h;
  }
  auto key() const { return std::tie(page, x, y, w, h); }
  friend bool operator<(const Rect& a, const Rect& b) { return a.key() < b.key(); }
};

Rect rectOf(const TextureSample& s) { return {s.page, s.x, s.y, s.width(), s.height()}; }

std::uint64_t hashPixels(int w, int h, const std::vector<std::uint8_t>& px) {
  std::uint64_t v = 1469598103934665603ull ^ (static_cast<std::uint64_t>(w) << 32 | static_cast<std::uint64_t>(h));
  for (auto b : px) v = (v ^ b) * 1099511628211ull;
  return v;
}

std::vector<std::uint8_t> rectPixels(const TexturePages& pages, const Rect& r) {
  std::vector<std::uint8_t> out(static_cast<std::size_t>(r.w) * r.h * 3, 0);
  for (int y = 0; y < r.h; ++y)
    for (int x = 0; x < r.w; ++x)
      if (r.x + x < kPageSize && r.y + y < kPageSize)
        if (const auto* p = pages.pixel(r.page, r.x + x, r.y + y))
          std::copy(p, p + 3, out.begin() + (static_cast<std::size_t>(y) * r.w + x) * 3);
  return out;
}

// The pixels of `r` with `border` texels around them, the edge texels repeated outwards.
std::vector<std::uint8_t> borderedPixels(const TexturePages& pages, const Rect& r, int bx, int by) {
  const auto px = rectPixels(pages, r);
  const int w = r.w + 2 * bx, h = r.h + 2 * by;
  std::vector<std::uint8_t> out(static_cast<std::size_t>(w) * h * 3);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const int sx = std::clamp(x - bx, 0, r.w - 1), sy = std::clamp(y - by, 0, r.h - 1);
      std::copy_n(px.begin() + (static_cast<std::size_t>(sy) * r.w + sx) * 3, 3, out.begin() + (static_cast<std::size_t>(y) * w + x) * 3);
    }
  return out;
}

bool readable(const TexturePages& pages, const Rect& r) {
  return r.x + r.w <= kPageSize && r.y + r.h <= kPageSize && pages.pixel(r.page, r.x + r.w - 1, r.y + r.h - 1);
}

// A pixel rectangle the destination holds, indexed by the hash of its pixels.
struct Held {
  Rect rect;
  long sample = -1;  // live destination sample, or -1 (a ghost: a removed sample's pixels)
};

struct UnionFind {
  std::vector<std::size_t> parent;
  explicit UnionFind(std::size_t n) : parent(n) { std::iota(parent.begin(), parent.end(), 0); }
  std::size_t find(std::size_t a) { return parent[a] == a ? a : parent[a] = find(parent[a]); }
  void unite(std::size_t a, std::size_t b) { parent[find(a)] = find(b); }
};

class PageWriter {
 public:
  explicit PageWriter(Draft& d) : d_(d) {}
  // Makes room for page `page` (padding a partial last page so pages stay 256x256 apart).
  void ensure(int page) {
    auto& pages = d_.pixels.edit().pages;
    while (static_cast<int>(pages.size()) <= page) {
      if (!pages.empty() && pages.back().size() < kPageBytes) {
        auto padded = std::make_shared<std::vector<std::uint8_t>>(pages.back().copy());
        padded->resize(kPageBytes, 0);
        pages.back() = SharedBytes(padded, 0, kPageBytes);
        owned_[static_cast<int>(pages.size()) - 1] = padded;
      }
      auto fresh = std::make_shared<std::vector<std::uint8_t>>(kPageBytes, 0);
      owned_[static_cast<int>(pages.size())] = fresh;
      pages.push_back(SharedBytes(fresh, 0, kPageBytes));
    }
  }
  // A w x h block of pixels (RGB rows) to (x, y) of `page`.
  void copy(const std::vector<std::uint8_t>& px, int w, int h, int page, int x, int y) {
    ensure(page);
    auto& bytes = writable(page);
    for (int row = 0; row < h; ++row) {
      std::size_t at = (static_cast<std::size_t>(y + row) * kPageSize + x) * 3;
      std::size_t n = static_cast<std::size_t>(w) * 3;
      if (at + n > bytes.size()) bytes.resize(kPageBytes, 0);
      std::copy(px.begin() + static_cast<std::size_t>(row) * n, px.begin() + static_cast<std::size_t>(row + 1) * n,
                bytes.begin() + at);
    }
  }

 private:
  std::vector<std::uint8_t>& writable(int page) {
    auto it = owned_.find(page);
    if (it != owned_.end()) return *it->second;
    auto& pages = d_.pixels.edit().pages;
    auto copy = std::make_shared<std::vector<std::uint8_t>>(pages[page].copy());
    pages[page] = SharedBytes(copy, 0, copy->size());
    owned_[page] = copy;
    return *copy;
  }
  Draft& d_;
  std::map<int, std::shared_ptr<std::vector<std::uint8_t>>> owned_;
};

// The packer starts with every pixel a destination sample or a reserved rectangle covers, and
// the missing tail of a partial last page, occupied.
PagePacker packerFor(const std::vector<TextureSample>& samples, const std::vector<TextureSample>& reserved,
                     const TexturePages& pages) {
  PagePacker packer(static_cast<int>(pages.pages.size()));
  for (const auto* list : {&samples, &reserved})
    for (const auto& s : *list) packer.cover(s.page, s.x, s.y, s.width(), s.height());
  if (!pages.pages.empty() && pages.pages.back().size() < kPageBytes) {
    int fullRows = static_cast<int>(pages.pages.back().size() / (kPageSize * 3));
    packer.cover(packer.pageCount() - 1, 0, fullRows, kPageSize, kPageSize - fullRows);
  }
  return packer;
}

}  // namespace

std::vector<std::uint8_t> samplePixels(const TexturePages& pages, const TextureSample& s) {
  return rectPixels(pages, rectOf(s));
}

std::size_t coveredArea(const std::vector<TextureSample>& samples, int pages) {
  std::vector<std::uint8_t> bits(static_cast<std::size_t>(std::max(pages, 0)) * kPageSize * kPageSize, 0);
  std::size_t n = 0;
  for (const auto& s : samples) {
    if (s.page >= pages) continue;
    for (int y = s.y; y < std::min(kPageSize, s.y + s.height()); ++y)
      for (int x = s.x; x < std::min(kPageSize, s.x + s.width()); ++x) {
        auto& b = bits[(static_cast<std::size_t>(s.page) * kPageSize + y) * kPageSize + x];
        n += !b;
        b = 1;
      }
  }
  return n;
}

namespace {

// A needed sample whose pixels the destination lacks, waiting to be packed.
struct Pending {
  std::uint16_t source;
  Rect rect;
  std::uint64_t hash;
  std::vector<std::uint8_t> pixels;
};

// A rectangle of source pixels moved as one (overlapping samples travel together).
struct Block {
  Rect source;
  std::vector<std::size_t> members;  // pending indices placed relative to `source`
};

class Transfer {
 public:
  Transfer(Draft& dst, const WadDocument& src, const TextureNeeds& needs, const std::vector<TextureSample>& reserved)
      : dst_(dst),
        srcSamples_(*src.samples),
        srcPixels_(*src.pixels),
        needs_(needs),
        packer_(packerFor(*dst.samples, reserved, *dst.pixels)) {}

  TextureTransfer run(const std::vector<TextureSample>& ghosts, const WadDocument& before) {
    out_.stats.samplesNeeded = needs_.samples.size();
    out_.stats.pagesBefore = static_cast<int>(before.pixels->pages.size());
    indexDestination(ghosts);
    for (auto s : needs_.samples) match(s);
    out_.stats.sourcePagesUsed = static_cast<int>(sourcePages_.size());
    out_.stats.samplesPacked = pending_.size();
    pack(blocks());
    figures(before);
    return std::move(out_);
  }

 private:
  // What the destination holds, by content: its samples and the ghosts of removed ones.
  void indexDestination(const std::vector<TextureSample>& ghosts) {
    auto hold = [&](const TextureSample& s, long sample) {
      const Rect r = rectOf(s);
      held_.emplace(hashPixels(r.w, r.h, rectPixels(*dst_.pixels, r)), Held{r, sample});
    };
    for (std::size_t i = 0; i < dst_.samples->size(); ++i) hold((*dst_.samples)[i], static_cast<long>(i));
    for (const auto& g : ghosts) hold(g, -1);
  }

  // One destination record per (rectangle, flips) created here.
  std::uint16_t record(const Rect& r, const TextureSample& like, std::uint16_t source) {
    auto key = std::make_tuple(r, like.flipX, like.flipY);
    if (auto it = created_.find(key); it != created_.end()) return it->second;
    TextureSample s = like;
    s.page = static_cast<std::uint16_t>(r.page);
    s.x = static_cast<std::uint8_t>(r.x);
    s.y = static_cast<std::uint8_t>(r.y);
    auto& samples = dst_.samples.edit();
    // A flipped quad stores minus its sample: it cannot name sample 0. A destination without
    // samples (a new WAD) then gets the 1x1 sample 0 the original WADs start with.
    if (samples.empty() && needs_.onFlippedQuads.count(source)) samples.push_back(TextureSample{});
    samples.push_back(s);
    return created_[key] = static_cast<std::uint16_t>(samples.size() - 1);
  }

  // A needed sample: the destination's own when it has the same pixels and flips, a new record
  // over the same pixels when it has them, else pending.
  void match(std::uint16_t s) {
    const TextureSample& S = srcSamples_[s];
    neededSamples_.push_back(S);
    sourcePages_.insert(S.page);
    Rect r = rectOf(S);
    if (!readable(srcPixels_, r))
      out_.warnings.push_back("texture sample " + std::to_string(s) + " reaches past the source's pixels; the missing part is black");
    auto px = rectPixels(srcPixels_, r);
    auto hash = hashPixels(r.w, r.h, px);
    const Held* same = nullptr;
    const Held* exact = nullptr;
    for (auto [it, to] = held_.equal_range(hash); it != to; ++it) {
      const Held& e = it->second;
      if (e.rect.w != r.w || e.rect.h != r.h || rectPixels(*dst_.pixels, e.rect) != px) continue;
      if (e.sample >= 0 && !exact && !(e.sample == 0 && needs_.onFlippedQuads.count(s))) {
        const TextureSample& D = (*dst_.samples)[e.sample];
        if (D.flipX == S.flipX && D.flipY == S.flipY) exact = &e;
      }
      if (!same) same = &e;
    }
    if (exact) {
      out_.remap[s] = static_cast<std::uint16_t>(exact->sample);
      ++out_.stats.samplesReused;
    } else if (same) {
      if (same->sample < 0) packer_.cover(same->rect.page, same->rect.x, same->rect.y, same->rect.w, same->rect.h);
      out_.remap[s] = record(same->rect, S, s);
      ++out_.stats.pixelsReused;
    } else {
      pending_.push_back({s, r, hash, std::move(px)});
    }
  }

  // Pending samples with the pixels of an earlier pending one follow it; the others
  // (representatives) are grouped where they overlap on their source page.
  std::map<std::size_t, std::vector<std::size_t>> overlapGroups() {
    follows_.assign(pending_.size(), -1);
    for (std::size_t i = 0; i < pending_.size(); ++i)
      for (std::size_t j = 0; j < i && follows_[i] < 0; ++j)
        if (follows_[j] < 0 && pending_[j].hash == pending_[i].hash && pending_[j].rect.w == pending_[i].rect.w &&
            pending_[j].rect.h == pending_[i].rect.h && pending_[j].pixels == pending_[i].pixels)
          follows_[i] = static_cast<long>(j);
    std::vector<std::size_t> reps;
    for (std::size_t i = 0; i < pending_.size(); ++i)
      if (follows_[i] < 0) reps.push_back(i);
    UnionFind groups(reps.size());
    for (std::size_t a = 0; a < reps.size(); ++a)
      for (std::size_t b = a + 1; b < reps.size(); ++b)
        if (pending_[reps[a]].rect.overlaps(pending_[reps[b]].rect)) groups.unite(a, b);
    std::map<std::size_t, std::vector<std::size_t>> byGroup;  // root -> pending indices
    for (std::size_t a = 0; a < reps.size(); ++a) byGroup[groups.find(a)].push_back(reps[a]);
    return byGroup;
  }

  // A group travels as its bounding box when that costs no more pixels than the pieces apart.
  std::vector<Block> blocks() {
    std::vector<Block> out;
    for (const auto& [root, members] : overlapGroups()) {
      std::set<Rect> distinct;
      Rect box = pending_[members[0]].rect;
      int x1 = box.x + box.w, y1 = box.y + box.h;
      for (auto m : members) {
        const Rect& r = pending_[m].rect;
        distinct.insert(r);
        box.x = std::min(box.x, r.x), box.y = std::min(box.y, r.y);
        x1 = std::max(x1, r.x + r.w), y1 = std::max(y1, r.y + r.h);
      }
      box.w = x1 - box.x, box.h = y1 - box.y;
      int separate = 0;
      for (const auto& r : distinct) separate += r.area();
      if (distinct.size() == 1 || (box.area() <= separate && box.w <= kPageSize && box.h <= kPageSize)) {
        out.push_back({box, members});
        continue;
      }
      std::map<Rect, std::size_t> blockOf;
      for (auto m : members) {
        auto it = blockOf.try_emplace(pending_[m].rect, out.size()).first;
        if (it->second == out.size()) out.push_back({pending_[m].rect, {}});
        out[it->second].members.push_back(m);
      }
    }
    return out;
  }

  // Packs the blocks into free space, copies their pixels and gives every pending sample its record.
  // Each block gets a texel of border (where a page has room), its edge texels repeated: the
  // engine filters bilinearly and at a face's edge blends in the texel beside its sample, so an
  // unrelated neighbour showed as seams along the faces' edges (Lara's face in the title level).
  void pack(const std::vector<Block>& blocks) {
    std::vector<PixelSize> sizes;
    auto border = [](int side) { return side + 2 <= kPageSize ? 1 : 0; };
    for (const auto& b : blocks) sizes.push_back({b.source.w + 2 * border(b.source.w), b.source.h + 2 * border(b.source.h)});
    auto spots = packRectangles(packer_, sizes);
    PageWriter writer(dst_);
    std::vector<Rect> placed(pending_.size());
    for (std::size_t bi = 0; bi < blocks.size(); ++bi) {
      const Block& b = blocks[bi];
      const auto& spot = spots[bi];
      const int bx = border(b.source.w), by = border(b.source.h);
      writer.copy(borderedPixels(srcPixels_, b.source, bx, by), sizes[bi].width, sizes[bi].height, spot.page, spot.x, spot.y);
      out_.stats.packedArea += static_cast<std::size_t>(b.source.area());
      for (auto m : b.members) {
        const Rect& r = pending_[m].rect;
        placed[m] = {spot.page, spot.x + bx + (r.x - b.source.x), spot.y + by + (r.y - b.source.y), r.w, r.h};
      }
    }
    out_.stats.blocksPacked = blocks.size();
    for (std::size_t i = 0; i < pending_.size(); ++i) {
      std::size_t rep = follows_[i] < 0 ? i : static_cast<std::size_t>(follows_[i]);
      out_.remap[pending_[i].source] = record(placed[rep], srcSamples_[pending_[i].source], pending_[i].source);
    }
  }

  // The page figures of the classic way: the destination as it was plus every source page a
  // merged face uses (the merge gives those after it once it has dropped unused pages).
  void figures(const WadDocument& before) {
    auto& st = out_.stats;
    const int appendPages = st.pagesBefore + st.sourcePagesUsed;
    if (appendPages == 0) return;
    std::map<int, int> pageFor;
    for (int p : sourcePages_) pageFor[p] = static_cast<int>(pageFor.size());
    std::vector<TextureSample> all = *before.samples;
    for (auto s : neededSamples_) {
      s.page = static_cast<std::uint16_t>(st.pagesBefore + pageFor[s.page]);
      all.push_back(s);
    }
    st.appendEfficiency = static_cast<double>(coveredArea(all, appendPages)) / (appendPages * 65536.0);
  }

  Draft& dst_;
  const std::vector<TextureSample>& srcSamples_;
  const TexturePages& srcPixels_;
  const TextureNeeds& needs_;
  TextureTransfer out_;
  std::unordered_multimap<std::uint64_t, Held> held_;  // what the destination holds, by content
  PagePacker packer_;
  std::map<std::tuple<Rect, std::int8_t, std::int8_t>, std::uint16_t> created_;
  std::vector<Pending> pending_;
  std::vector<long> follows_;
  std::set<int> sourcePages_;
  std::vector<TextureSample> neededSamples_;
};

}  // namespace

TextureTransfer transferTextures(Draft& dst, const WadDocument& src, const TextureNeeds& needs,
                                 const std::vector<TextureSample>& ghosts, const WadDocument& before,
                                 const std::vector<TextureSample>& reserved) {
  return Transfer(dst, src, needs, reserved).run(ghosts, before);
}

}  // namespace wadsmith::merge
