// Keyframe decoding: bounding box, root offset and one rotation per mesh. Words are kept as
// stored; these types are for display and posing only.
#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "model/mesh.h"
#include "model/tables.h"

namespace wadsmith {

struct Rotation {
  enum class Axes : std::uint8_t { XYZ, X, Y, Z };
  Axes axes = Axes::XYZ;
  float x = 0, y = 0, z = 0;  // degrees
  int words = 1;              // 2 for XYZ
};

struct Keyframe {
  BoundingBox box;
  Vec3s offset;
  std::vector<Rotation> rotations;
  bool truncated = false;  // ran out of words before all meshes had a rotation
};

// Decodes one keyframe of `meshCount` rotations from `words` (keyframeSize words).
Keyframe decodeKeyframe(std::span<const std::uint16_t> words, std::size_t meshCount);

// Rotation words for a set of angles (the inverse of decode, for new keyframes).
std::vector<std::uint16_t> encodeRotation(const Rotation& r);

}  // namespace wadsmith
