// Bringing texture samples into a destination's pages: samples whose pixel rectangle already
// exists there are reused; new rectangles are packed into free space (pixels no existing sample
// covers) and new 256x256 pages are added only when nothing fits.
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <vector>

#include "model/texture.h"

namespace wadsmith::merge {

// A sample's pixels, RGB, row by row.
struct PixelRect {
  int width = 0, height = 0;
  std::vector<std::uint8_t> rgb;
  friend bool operator==(const PixelRect&, const PixelRect&) = default;
};

// Cuts a sample's rectangle out of its page (bytes past the stored pixels read as black).
PixelRect cutSample(const TexturePages& pages, const TextureSample& s);

class TexturePacker {
 public:
  TexturePacker(std::vector<TextureSample> samples, TexturePages pages);

  // Index of a destination sample with these pixels (and the same flip fields), adding one
  // if none exists. `reused` tells which happened.
  std::uint16_t place(const PixelRect& pixels, std::int8_t flipX, std::int8_t flipY, bool& reused);

  // A flipped quad stores its sample index negated, so sample 0 cannot be flipped: this gives
  // a second record of sample 0 (same rectangle) for such faces; other indices come back as is.
  std::uint16_t nonZeroAlias(std::uint16_t index);

  const std::vector<TextureSample>& samples() const { return samples_; }
  const TexturePages& pages() const { return pages_; }
  std::size_t pagesBefore() const { return pagesBefore_; }
  std::size_t pageCount() const { return pages_.pages.size(); }
  // Pixels covered by samples over the area of all pages, in [0, 1].
  double efficiency() const;
  std::size_t coveredPixels() const;

 private:
  struct Page {
    std::vector<std::uint8_t> covered;  // 256 x 256, 1 = some sample uses the pixel
    std::vector<std::uint16_t> freeRun;  // free pixels from here to the right, per row
    std::shared_ptr<std::vector<std::uint8_t>> pixels;  // owned copy once written to
  };
  bool fits(const Page& p, int x, int y, int w, int h) const;
  void cover(Page& p, int x, int y, int w, int h);
  std::uint64_t key(const PixelRect& r, std::int8_t fx, std::int8_t fy) const;

  std::vector<TextureSample> samples_;
  TexturePages pages_;
  std::vector<Page> coverage_;
  std::size_t pagesBefore_ = 0;
  std::multimap<std::uint64_t, std::uint16_t> byPixels_;  // hash of a sample's pixels -> sample
  std::optional<std::uint16_t> zeroAlias_;
};

}  // namespace wadsmith::merge
