// A WAD movable posed from its stored words, apart from the builder that wrote them: the
// keyframe words decoded by model/keyframe's decoder, TR's rotation matrices built here
// (Ry * Rx * Rz, as phd_RotYXZ), the mesh tree from the link records, the offsets as stored.
#pragma once
#include <vector>

#include "model/object_view.h"
#include "tests/model/foreign_oracle.h"

namespace wadsmith::test {

M3 rotationYXZ(double xDegrees, double yDegrees, double zDegrees);

// World transform of each mesh of movable `movable` (index in the table) in keyframe `keyframe`
// of animation `animation` (global index).
std::vector<Xform> poseWadKeyframe(const ObjectView& v, std::size_t movable, std::size_t animation, std::size_t keyframe);

// The mesh's vertices as stored, as doubles.
std::vector<D3> storedVertices(const Mesh& m);

}  // namespace wadsmith::test
