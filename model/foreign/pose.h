// A movable posed the way TR poses it (see imported.h): the world motion of each mesh in one
// frame. Converters use it to measure how far their output lands from the source.
#pragma once
#include <vector>

#include "model/geometry/rigid.h"
#include "model/imported.h"

namespace wadsmith::foreign {

using geometry::Quat;
using geometry::Rigid;

// One motion per bone; bones whose parent index is not an earlier bone hang from the root.
std::vector<Rigid> poseFrame(const imported::Model& m, const imported::Frame& frame);

}  // namespace wadsmith::foreign
