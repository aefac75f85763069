// How a level's object textures become WAD texture samples and face mappings, for
// extractLevelObjects (level_extract.h explains what is kept and what is approximated).
#pragma once
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <span>
#include <tuple>
#include <vector>

#include "model/level_records.h"
#include "model/merge/level_extract.h"
#include "model/wad_document.h"

namespace wadsmith::merge {

enum class MappingQuality { Exact, Near, Approximated };

// How a WAD face lies on its sample: flip and, for triangles, the right-angle corner bits.
struct FaceMapping {
  bool flipped = false;
  std::uint8_t corner = 0;
};

struct Mapping {
  FaceMapping wad;
  int rotation = 0;  // WAD vertex j is level vertex (j + rotation) % n
  MappingQuality quality = MappingQuality::Exact;
  std::uint16_t sample = 0;
};

class TextureMapper {
 public:
  // `tiles` is every tile as 256 x 256 BGRA.
  TextureMapper(const std::vector<ObjectTexture>& textures, std::span<const std::uint8_t> tiles);

  // The sample and mapping of object texture `index` on a quad or a triangle (made once each).
  Mapping mapping(std::size_t index, bool quad);
  // A tile texel as RGB; transparent texels are the WAD's magenta.
  std::array<std::uint8_t, 3> texel(int tile, int x, int y) const;
  std::size_t tileCount() const;

  std::vector<TextureSample> samples;      // sample 0: a 1x1 dummy, as in the original WADs
  std::set<std::uint16_t> bordersDropped;  // samples that lost TRLE's copied edge texels

 private:
  Mapping closest(const ObjectTexture& t, int n, std::array<int, 4>& sx, std::array<int, 4>& sy) const;
  bool dropBorders(const ObjectTexture& t, int n, const std::array<int, 4>& sx, const std::array<int, 4>& sy,
                   LevelTextureRect& rect) const;
  MappingQuality grade(const ObjectTexture& t, int n, bool quad, const Mapping& m, const LevelTextureRect& rect) const;
  std::uint16_t sampleFor(LevelTextureRect r);

  const std::vector<ObjectTexture>& textures_;
  std::span<const std::uint8_t> tiles_;
  std::map<std::tuple<int, int, int, int, int>, std::uint16_t> sampleAt_;
  std::vector<std::array<std::optional<Mapping>, 2>> byTexture_;  // [object texture][quad]
};

}  // namespace wadsmith::merge
