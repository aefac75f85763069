#include "model/merge/page_packer.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace wadsmith::merge {

namespace {
int cellsFor(int pixels) { return (pixels + PagePacker::kCell - 1) / PagePacker::kCell; }
constexpr int kStride = PagePacker::kCells + 1;
}  // namespace

PagePacker::PagePacker(int pages) {
  for (int i = 0; i < pages; ++i) addPage();
}

void PagePacker::addPage() {
  Page p;
  p.occupied.assign(kCells * kCells, 0);
  p.sums.assign(kStride * kStride, 0);
  pages_.push_back(std::move(p));
}

void PagePacker::cover(int page, int x, int y, int width, int height) {
  if (page < 0 || page >= pageCount() || width <= 0 || height <= 0) return;
  int x0 = std::clamp(x, 0, kPageSize), y0 = std::clamp(y, 0, kPageSize);
  int x1 = std::clamp(x + width, 0, kPageSize), y1 = std::clamp(y + height, 0, kPageSize);
  if (x0 >= x1 || y0 >= y1) return;
  int cx0 = x0 / kCell, cy0 = y0 / kCell;
  occupy(pages_[page], cx0, cy0, cellsFor(x1) - cx0, cellsFor(y1) - cy0);
}

void PagePacker::occupy(Page& p, int x, int y, int w, int h) {
  for (int j = y; j < y + h; ++j)
    for (int i = x; i < x + w; ++i) {
      auto& c = p.occupied[j * kCells + i];
      if (!c) --p.freeCells;
      c = 1;
    }
  p.dirty = true;
}

void PagePacker::refresh(Page& p) const {
  if (!p.dirty) return;
  for (int y = 0; y < kCells; ++y) {
    int row = 0;
    for (int x = 0; x < kCells; ++x) {
      row += p.occupied[y * kCells + x];
      p.sums[(y + 1) * kStride + x + 1] = p.sums[y * kStride + x + 1] + row;
    }
  }
  p.dirty = false;
}

bool PagePacker::fits(const Page& p, int x, int y, int w, int h) const {
  const auto& s = p.sums;
  int used = s[(y + h) * kStride + x + w] - s[y * kStride + x + w] - s[(y + h) * kStride + x] + s[y * kStride + x];
  return used == 0;
}

int PagePacker::contact(const Page& p, int x, int y, int w, int h) const {
  auto occ = [&](int cx, int cy) { return cx < 0 || cy < 0 || cx >= kCells || cy >= kCells || p.occupied[cy * kCells + cx]; };
  int n = 0;
  for (int i = x; i < x + w; ++i) n += occ(i, y - 1) + occ(i, y + h);
  for (int j = y; j < y + h; ++j) n += occ(x - 1, j) + occ(x + w, j);
  return n;
}

PagePacker::Spot PagePacker::place(int width, int height) {
  if (width <= 0 || height <= 0 || width > kPageSize || height > kPageSize)
    throw std::invalid_argument("a texture rectangle of " + std::to_string(width) + "x" + std::to_string(height) +
                                " pixels does not fit a page");
  const int w = cellsFor(width), h = cellsFor(height);
  Spot best{-1, 0, 0};  // in cells until returned
  int bestScore = -1;
  for (int pi = 0; pi < pageCount(); ++pi) {
    Page& p = pages_[pi];
    if (p.freeCells < w * h) continue;
    refresh(p);
    for (int y = 0; y + h <= kCells; ++y)
      for (int x = 0; x + w <= kCells; ++x) {
        // Candidates are free cells pressed up or left against something: any other spot
        // can slide up or left to touch more.
        if (p.occupied[y * kCells + x]) continue;
        if (x > 0 && y > 0 && !p.occupied[y * kCells + x - 1] && !p.occupied[(y - 1) * kCells + x]) continue;
        if (!fits(p, x, y, w, h)) continue;
        int score = contact(p, x, y, w, h);
        if (score > bestScore) {
          bestScore = score;
          best = {pi, x, y};
        }
      }
  }
  if (best.page < 0) {
    addPage();
    best = {pageCount() - 1, 0, 0};
  }
  occupy(pages_[best.page], best.x, best.y, w, h);
  return {best.page, best.x * kCell, best.y * kCell};
}

std::vector<PagePacker::Spot> packRectangles(PagePacker& packer, const std::vector<PixelSize>& sizes) {
  std::vector<std::size_t> order(sizes.size());
  std::iota(order.begin(), order.end(), 0);
  // Largest side first, then largest area: big pieces claim the holes they alone fit.
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    int ma = std::max(sizes[a].width, sizes[a].height), mb = std::max(sizes[b].width, sizes[b].height);
    if (ma != mb) return ma > mb;
    return sizes[a].width * sizes[a].height > sizes[b].width * sizes[b].height;
  });
  std::vector<PagePacker::Spot> spots(sizes.size());
  for (auto i : order) spots[i] = packer.place(sizes[i].width, sizes[i].height);
  return spots;
}

}  // namespace wadsmith::merge
