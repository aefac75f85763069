// Brings the texture samples a merge needs, with their pixels, from a source WAD into the
// destination being built. A sample whose pixel rectangle the destination already holds (same
// size and pixels) is reused; the other rectangles are packed into free space of the
// destination's pages (space no sample covers), and pages are added only when nothing fits.
// Source samples that overlap on their page travel as one block when that costs no more
// pixels than moving them apart, so shared pixels stay shared.
#pragma once
#include <cstdint>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "model/draft.h"

namespace wadsmith::merge {

struct TextureStats {
  std::size_t samplesNeeded = 0;  // distinct source samples the merged faces use
  std::size_t samplesReused = 0;  // mapped to a destination sample as it was
  std::size_t pixelsReused = 0;   // a new sample record over pixels the destination had
  std::size_t samplesPacked = 0;  // needed new pixels
  std::size_t blocksPacked = 0;   // rectangles placed (overlapping samples travel together)
  std::size_t packedArea = 0;     // pixels of the placed blocks
  int pagesBefore = 0, pagesAfter = 0;
  int sourcePagesUsed = 0;  // pages the classic way (append every source page used) would add
  // Used sample area (pixels any sample covers) over page area, after the merge and for
  // the classic way.
  double efficiency = 0, appendEfficiency = 0;
};

struct TextureTransfer {
  std::unordered_map<std::uint16_t, std::uint16_t> remap;  // source sample -> destination sample
  TextureStats stats;
  std::vector<std::string> warnings;
};

struct TextureNeeds {
  std::vector<std::uint16_t> samples;  // source sample indices the merged faces name (valid ones)
  // Of those, the ones flipped quads name: they cannot become sample 0 (-0 is 0).
  std::set<std::uint16_t> onFlippedQuads;
};

// `ghosts`: samples just removed from the destination whose pixels are still in its pages
// (reusable like live ones). `before` is the destination as it was before the operation
// (for the page and efficiency figures). `reserved`: rectangles no pixels may be packed into
// (a level's room tiles, its sprites).
TextureTransfer transferTextures(Draft& dst, const WadDocument& src, const TextureNeeds& needs,
                                 const std::vector<TextureSample>& ghosts, const WadDocument& before,
                                 const std::vector<TextureSample>& reserved = {});

// Pixels covered by at least one sample (each pixel once).
std::size_t coveredArea(const std::vector<TextureSample>& samples, int pages);

// RGB bytes of a sample's rectangle (zeros where the pages hold no pixels).
std::vector<std::uint8_t> samplePixels(const TexturePages& pages, const TextureSample& s);

}  // namespace wadsmith::merge
