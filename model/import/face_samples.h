// Texture samples for imported faces: each face's picture becomes a rectangle of pixels (cut
// from its image when its coordinates are a rectangle's corners, else resampled so the WAD's
// corner mapping shows what its coordinates show, or a solid colour), identical rectangles are
// one sample, and the rectangles are packed into 256x256 pages with the merge's packer.
#pragma once
#include <array>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "model/imported.h"
#include "model/mesh.h"
#include "model/texture.h"

namespace wadsmith::import {

struct FaceTexture {
  int sample = 0;       // index into SampleBook::samples()
  int rotation = 0;     // polygon vertex j is the face's corner (j + rotation) % corners
  bool flipped = false;
  std::uint8_t corner = 0;  // triangles: the right-angle corner bits (0, 2, 4, 6)
  enum class Kind { Cut, Resampled, Solid } kind = Kind::Cut;
};

class SampleBook {
 public:
  explicit SampleBook(int maxSampleSize) : maxSize_(maxSampleSize) {}

  // The sample and mapping for one face (corners 3 or 4) of a model with these images.
  FaceTexture add(const imported::Face& face, const std::vector<imported::Image>& images);

  std::size_t count() const { return rects_.size(); }
  std::size_t magentaNudged() const { return nudged_; }
  std::size_t partialAlpha() const { return partial_; }

  // Packs every sample into pages; sample i of the result is add()'s sample i.
  void pack(std::vector<TextureSample>& samples, TexturePages& pages) const;

 private:
  struct Rect {
    int width = 0, height = 0;
    std::vector<std::uint8_t> rgb;
  };
  int intern(Rect r);
  static std::array<std::uint8_t, 3> texel(const imported::Image& img, double x, double y);
  void count(const imported::Image& img);
  FaceTexture solid(const imported::Face& face);

  int maxSize_;
  std::vector<Rect> rects_;
  std::map<std::string, int> byPixels_;
  std::set<const imported::Image*> counted_;  // images whose pixels the counts below include
  std::size_t nudged_ = 0, partial_ = 0;
};

}  // namespace wadsmith::import
