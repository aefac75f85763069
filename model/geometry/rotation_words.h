// TR's keyframe rotations: the words a keyframe stores per mesh, the turns they make, and the
// words for a turn. The engines turn a mesh by Ry(y) * Rx(x) * Rz(z) (phd_RotYXZ: z first, then
// x, then y). A rotation is one word for a turn about one axis (bits 14-15 name it: 1 X, 2 Y,
// 3 Z; the angle in the low 12 bits in TR4/5 and the WAD, 4096 steps a turn, in the low 10 bits
// in TR2/3) or two words for all three angles (10 bits each, 1024 steps: X in bits 20-29, Y in
// 10-19, Z in 0-9 of the first word followed by the second). TR1 stores only three-axis
// rotations, the second word first.
#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "model/geometry/quaternion.h"
#include "model/tables.h"

namespace wadsmith::geometry {

struct Rotation {
  enum class Axes : std::uint8_t { XYZ, X, Y, Z };
  Axes axes = Axes::XYZ;
  float x = 0, y = 0, z = 0;  // degrees, whole steps of the words
  int words = 1;              // 2 for XYZ; 0: the words ran out before the rotation did
  friend bool operator==(const Rotation&, const Rotation&) = default;
};

// The rotation whose words start at words[0].
Rotation decodeRotation(std::span<const std::uint16_t> words, KeyframeFormat format = KeyframeFormat::Tr4);
// The words of a rotation in its form (the inverse of decodeRotation; angles to the nearest step).
std::vector<std::uint16_t> encodeRotation(const Rotation& r, KeyframeFormat format = KeyframeFormat::Tr4);

// The turn a rotation makes, in double precision (what every pose starts from). Components that
// are zero in exact arithmetic come out of sin and cos as ~1e-17, a different tiny value on each
// platform: they are snapped to zero, so poses and exports are the same everywhere.
QuatD rotationQuat(const Rotation& r);

// The same turn seen in a mirror across TR's x = 0 plane (left and right swapped): Ry(-y) Rx(x)
// Rz(-z), exact in the words' steps; mirroring twice gives the rotation back.
Rotation mirrored(const Rotation& r);

struct EncodedRotation {
  Rotation rotation;                 // as the words decode
  std::vector<std::uint16_t> words;  // 1 (one axis) or 2 (three axes)
  double errorDegrees = 0;           // the angle between the asked and the decoded turn
};

// The word(s) whose rotation is closest to `q`: the three-axis angles of q and their
// neighbouring steps, and q's turn about each single axis; a one-axis word wins ties (it is
// one word and four times finer).
EncodedRotation closestRotation(const Quat& q, KeyframeFormat format = KeyframeFormat::Tr4);

// The rotation closest to `wanted` in the form `stored` has (what an edit of a stored rotation
// writes): a one-axis word stays one-axis while `wanted` is a turn about that axis (no three-axis
// word comes closer) and becomes three-axis only when it must; three-axis stays three-axis.
Rotation keepingForm(const Rotation& stored, const QuatD& wanted, KeyframeFormat format = KeyframeFormat::Tr4);

}  // namespace wadsmith::geometry
