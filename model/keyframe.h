// Keyframe decoding: bounding box, root offset and one rotation per mesh (the rotation words:
// model/geometry/rotation_words.h). Words are kept as stored; these types are for display,
// posing and conversion. TR1 keyframes store their rotation count after the offset and always
// two words per rotation.
#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "model/geometry/rotation_words.h"
#include "model/mesh.h"
#include "model/tables.h"

namespace wadsmith {

using geometry::encodeRotation;
using geometry::Rotation;

struct Keyframe {
  BoundingBox box;
  Vec3s offset;
  std::vector<Rotation> rotations;
  bool truncated = false;  // ran out of words before all meshes had a rotation
  friend bool operator==(const Keyframe&, const Keyframe&) = default;
};

// Decodes one keyframe of `meshCount` rotations from its words.
Keyframe decodeKeyframe(std::span<const std::uint16_t> words, std::size_t meshCount,
                        KeyframeFormat format = KeyframeFormat::Tr4);

// TR1: the words of the keyframe starting at `words` (10 + 2 x its rotation count), or 0 when
// fewer words are left than that.
std::size_t tr1KeyframeWords(std::span<const std::uint16_t> words);

}  // namespace wadsmith
