// Keyframe decoding: bounding box, root offset and one rotation per mesh. Words are kept as
// stored; these types are for display, posing and conversion.
//
// A rotation is one word (one axis: bits 14-15 name it, the angle is in the low 12 bits in
// TR4/5 and the WAD, in the low 10 bits in TR1-3) or two (three axes of 10 bits: X in bits
// 20-29, Y in 10-19, Z in 0-9 of the first word followed by the second). TR1 keyframes store
// their rotation count after the offset and always two words per rotation, the second first.
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

// Decodes one keyframe of `meshCount` rotations from its words.
Keyframe decodeKeyframe(std::span<const std::uint16_t> words, std::size_t meshCount,
                        KeyframeFormat format = KeyframeFormat::Tr4);

// TR1: the words of the keyframe starting at `words` (10 + 2 x its rotation count), or 0 when
// fewer words are left than that.
std::size_t tr1KeyframeWords(std::span<const std::uint16_t> words);

// Rotation words for a set of angles (the inverse of decode, for new keyframes; TR4 format).
std::vector<std::uint16_t> encodeRotation(const Rotation& r);

}  // namespace wadsmith
