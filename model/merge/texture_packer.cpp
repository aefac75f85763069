#include "model/merge/texture_packer.h"

#include <algorithm>
#include <stdexcept>

namespace wadsmith::merge {

PixelRect cutSample(const TexturePages& pages, const TextureSample& s) {
  PixelRect r;
  r.width = s.width();
  r.height = s.height();
  r.rgb.assign(static_cast<std::size_t>(r.width) * r.height * 3, 0);
  for (int y = 0; y < r.height; ++y)
    for (int x = 0; x < r.width; ++x) {
      int px = s.x + x, py = s.y + y;
      if (px >= kPageSize || py >= kPageSize) continue;
      if (const std::uint8_t* p = pages.pixel(s.page, px, py)) {
        auto* out = &r.rgb[(static_cast<std::size_t>(y) * r.width + x) * 3];
        out[0] = p[0], out[1] = p[1], out[2] = p[2];
      }
    }
  return r;
}

std::uint64_t TexturePacker::key(const PixelRect& r, std::int8_t fx, std::int8_t fy) const {
  std::uint64_t h = 0xcbf29ce484222325ull;
  auto mix = [&](std::uint64_t v) { h = (h ^ v) * 0x100000001b3ull; };
  mix(static_cast<std::uint64_t>(r.width)), mix(static_cast<std::uint64_t>(r.height));
  mix(static_cast<std::uint8_t>(fx)), mix(static_cast<std::uint8_t>(fy));
  for (auto b : r.rgb) mix(b);
  return h;
}

TexturePacker::TexturePacker(std::vector<TextureSample> samples, TexturePages pages)
    : samples_(std::move(samples)), pages_(std::move(pages)) {
  pagesBefore_ = pages_.pages.size();
  coverage_.resize(pages_.pages.size());
  for (auto& c : coverage_) {
    c.covered.assign(kPageSize * kPageSize, 0);
    cover(c, 0, 0, 0, 0);  // initial free runs
  }
  for (std::size_t i = 0; i < samples_.size(); ++i) {
    const auto& s = samples_[i];
    if (s.page < coverage_.size())
      cover(coverage_[s.page], s.x, s.y, std::min(s.width(), kPageSize - s.x), std::min(s.height(), kPageSize - s.y));
    byPixels_.emplace(key(cutSample(pages_, s), s.flipX, s.flipY), static_cast<std::uint16_t>(i));
  }
}

bool TexturePacker::fits(const Page& p, int x, int y, int w, int h) const {
  for (int r = y; r < y + h; ++r)
    if (p.freeRun[static_cast<std::size_t>(r) * kPageSize + x] < w) return false;
  return true;
}

void TexturePacker::cover(Page& p, int x, int y, int w, int h) {
  if (p.freeRun.empty()) p.freeRun.assign(kPageSize * kPageSize, 0);
  for (int r = y; r < y + h; ++r) {
    std::uint8_t* row = &p.covered[static_cast<std::size_t>(r) * kPageSize];
    for (int c = x; c < x + w; ++c) row[c] = 1;
  }
  // Free runs to the right, recomputed for the rows the cover touched.
  for (int r = (w > 0 ? y : 0); r < (w > 0 ? y + h : kPageSize); ++r) {
    const std::uint8_t* row = &p.covered[static_cast<std::size_t>(r) * kPageSize];
    std::uint16_t* run = &p.freeRun[static_cast<std::size_t>(r) * kPageSize];
    std::uint16_t n = 0;
    for (int c = kPageSize - 1; c >= 0; --c) run[c] = n = row[c] ? 0 : static_cast<std::uint16_t>(n + 1);
  }
}

std::uint16_t TexturePacker::place(const PixelRect& rect, std::int8_t flipX, std::int8_t flipY, bool& reused) {
  if (rect.width < 1 || rect.height < 1 || rect.width > kPageSize || rect.height > kPageSize)
    throw std::runtime_error("texture sample of " + std::to_string(rect.width) + "x" + std::to_string(rect.height) +
                             " pixels does not fit a page");
  std::uint64_t k = key(rect, flipX, flipY);
  for (auto [it, end] = byPixels_.equal_range(k); it != end; ++it) {
    const auto& s = samples_[it->second];
    if (s.flipX == flipX && s.flipY == flipY && cutSample(pages_, s) == rect) {
      reused = true;
      return it->second;
    }
  }
  reused = false;
  if (samples_.size() >= 0x8000) throw std::runtime_error("too many texture samples");
  // First fit, page by page, scanning rows; a blocked run is skipped in one step.
  int page = -1, px = 0, py = 0;
  for (std::size_t i = 0; i < coverage_.size() && page < 0; ++i) {
    // A partial last page only offers its stored rows.
    int rows = static_cast<int>(std::min<std::size_t>(kPageSize, pages_.pages[i]->size() / (kPageSize * 3)));
    const auto& run = coverage_[i].freeRun;
    for (int y = 0; y + rect.height <= rows && page < 0; ++y)
      for (int x = 0; x + rect.width <= kPageSize;) {
        int free = run[static_cast<std::size_t>(y) * kPageSize + x];
        if (free < rect.width) {
          x += free + 1;  // no start inside this run (or on the covered pixel after it) fits
          continue;
        }
        if (fits(coverage_[i], x, y, rect.width, rect.height)) {
          page = static_cast<int>(i), px = x, py = y;
          break;
        }
        ++x;
      }
  }
  if (page < 0) {
    // A whole new page; a partial last page is completed first so pages stay aligned.
    if (!pages_.pages.empty() && pages_.pages.back()->size() < kPageBytes) {
      auto full = std::make_shared<std::vector<std::uint8_t>>(*pages_.pages.back());
      full->resize(kPageBytes, 0);
      pages_.pages.back() = full;
      coverage_.back().pixels = full;
    }
    pages_.pages.push_back(std::make_shared<const std::vector<std::uint8_t>>(kPageBytes, 0));
    coverage_.push_back({std::vector<std::uint8_t>(kPageSize * kPageSize, 0), {}, nullptr});
    cover(coverage_.back(), 0, 0, 0, 0);
    page = static_cast<int>(coverage_.size() - 1);
    px = py = 0;
  }
  Page& p = coverage_[static_cast<std::size_t>(page)];
  if (!p.pixels) {
    p.pixels = std::make_shared<std::vector<std::uint8_t>>(*pages_.pages[static_cast<std::size_t>(page)]);
    pages_.pages[static_cast<std::size_t>(page)] = p.pixels;
  }
  for (int y = 0; y < rect.height; ++y)
    std::copy_n(&rect.rgb[static_cast<std::size_t>(y) * rect.width * 3], rect.width * 3,
                &(*p.pixels)[(static_cast<std::size_t>(py + y) * kPageSize + px) * 3]);
  cover(p, px, py, rect.width, rect.height);
  TextureSample s;
  s.x = static_cast<std::uint8_t>(px);
  s.y = static_cast<std::uint8_t>(py);
  s.page = static_cast<std::uint16_t>(page);
  s.flipX = flipX;
  s.flipY = flipY;
  s.addW = static_cast<std::uint8_t>(rect.width - 1);
  s.addH = static_cast<std::uint8_t>(rect.height - 1);
  samples_.push_back(s);
  auto index = static_cast<std::uint16_t>(samples_.size() - 1);
  byPixels_.emplace(k, index);
  return index;
}

std::uint16_t TexturePacker::nonZeroAlias(std::uint16_t index) {
  if (index != 0) return index;
  if (!zeroAlias_) {
    samples_.push_back(samples_.at(0));
    zeroAlias_ = static_cast<std::uint16_t>(samples_.size() - 1);
  }
  return *zeroAlias_;
}

std::size_t TexturePacker::coveredPixels() const {
  std::size_t n = 0;
  for (const auto& p : coverage_)
    for (auto c : p.covered) n += c;
  return n;
}

double TexturePacker::efficiency() const {
  if (coverage_.empty()) return 0;
  return static_cast<double>(coveredPixels()) / (static_cast<double>(coverage_.size()) * kPageSize * kPageSize);
}

}  // namespace wadsmith::merge
