// Places rectangles of pixels into the free space of 256x256 texture pages: space no texture
// sample covers. Placement works on a 4-pixel grid (the grid TRLE lays samples on in the
// original WADs, and 16 times less work than single pixels): a cell is free when no covered
// pixel touches it. Each rectangle goes where its edges touch the most occupied cells or page
// borders (the "contact point" rule, which fills holes before open space; ties go to the
// first page, then the top-left); a new page is added only when no existing page has room.
#pragma once
#include <cstdint>
#include <vector>

#include "model/texture.h"

namespace wadsmith::merge {

class PagePacker {
 public:
  static constexpr int kCell = 4;
  static constexpr int kCells = kPageSize / kCell;

  explicit PagePacker(int pages = 0);

  int pageCount() const { return static_cast<int>(pages_.size()); }
  void addPage();
  // Marks the cells under a pixel rectangle as occupied (clipped to the page).
  void cover(int page, int x, int y, int width, int height);

  struct Spot {
    int page = 0, x = 0, y = 0;  // pixels
  };
  // Finds room for a width x height rectangle (at most a page), occupies it and returns where.
  Spot place(int width, int height);

 private:
  struct Page {
    std::vector<std::uint8_t> occupied;  // kCells * kCells
    std::vector<int> sums;               // (kCells + 1)^2 prefix sums of occupied
    int freeCells = kCells * kCells;
    bool dirty = true;
  };
  void refresh(Page& p) const;
  bool fits(const Page& p, int x, int y, int w, int h) const;
  int contact(const Page& p, int x, int y, int w, int h) const;
  void occupy(Page& p, int x, int y, int w, int h);

  mutable std::vector<Page> pages_;
};

// Packs rectangles (largest first) and returns each one's spot, in the input order.
struct PixelSize {
  int width = 0, height = 0;
};
std::vector<PagePacker::Spot> packRectangles(PagePacker& packer, const std::vector<PixelSize>& sizes);

}  // namespace wadsmith::merge
