// Least-squares fits for turning vertex animation into rigid meshes: the rotation and
// translation that best carry one point set onto another (Horn's closed form with unit
// quaternions), and the joint point two such motions share best over a sequence of frames.
#pragma once
#include <span>

#include "model/geometry/rigid.h"

namespace wadsmith::foreign {

using geometry::Quat;
using geometry::Rigid;
using geometry::Vec3;

// The motion minimizing the sum of |motion(from[i]) - to[i]|^2. One point gives a pure
// translation; collinear points leave the turn about their line unconstrained (the identity
// part of it is taken).
Rigid fitRigid(std::span<const Vec3> from, std::span<const Vec3> to);

// The point p minimizing sum_f |a[f](p) - b[f](p)|^2 + weight * |p - prior|^2: where a child
// mesh moving by `b` stays attached to its parent moving by `a`. `rms` receives the root mean
// square of |a[f](p) - b[f](p)| over the frames.
Vec3 fitJoint(std::span<const Rigid> a, std::span<const Rigid> b, Vec3 prior, float weight, float* rms);

}  // namespace wadsmith::foreign
