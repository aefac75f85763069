// TR's rotation words from quaternions. The engines turn a mesh by Ry(y) * Rx(x) * Rz(z)
// (phd_RotYXZ: z first, then x, then y); a keyframe stores either one word for a turn about
// one axis (12 bits: 4096 steps a turn) or two words for all three angles (10 bits each: 1024
// steps). The closest word is chosen by the angle between the rotation it decodes to and the
// one asked for.
#pragma once
#include <cstdint>
#include <vector>

#include "model/imported.h"
#include "model/keyframe.h"

namespace wadsmith::import {

// The rotation a decoded TR rotation performs, as a unit quaternion in TR's space.
imported::Quat rotationQuat(const Rotation& r);

// The angle in degrees (0..180) of the rotation that carries a onto b.
double angleBetween(const imported::Quat& a, const imported::Quat& b);

struct EncodedRotation {
  Rotation rotation;                 // as the words decode
  std::vector<std::uint16_t> words;  // 1 (one axis) or 2 (three axes)
  double errorDegrees = 0;           // angleBetween(asked, decoded)
};

// The word(s) whose rotation is closest to `q`: the three-axis angles of q and their
// neighbouring steps, and q's turn about each single axis; a one-axis word wins ties (it is
// one word and four times finer).
EncodedRotation closestRotation(const imported::Quat& q);

}  // namespace wadsmith::import
