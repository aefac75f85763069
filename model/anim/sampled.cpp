#include "model/anim/sampled.h"

#include <algorithm>
#include <cctype>
#include <cmath>

#include "model/ascii_case.h"
#include "model/geometry/rotation_words.h"
#include "model/ops/edit_context.h"

namespace wadsmith::anim {
namespace {

using geometry::QuatD;
constexpr double kDegrees = 180.0 / geometry::kPi;

// N of a name ending in "mesh N" (any case, separators and digits as exporters rewrite them).
int meshNumber(std::string name) {
  name = asciiLower(name);
  const auto at = name.rfind("mesh");
  if (at == std::string::npos) return -1;
  std::size_t i = at + 4;
  while (i < name.size() && (name[i] == ' ' || name[i] == '_' || name[i] == '.' || name[i] == '-')) ++i;
  if (i == name.size() || i > at + 5 || name.size() - i > 4) return -1;
  for (std::size_t k = i; k < name.size(); ++k)
    if (!std::isdigit(static_cast<unsigned char>(name[k]))) return -1;
  return std::stoi(name.substr(i));
}

double wrapped(double degrees) {
  double v = std::fmod(degrees, 360.0);
  return v < 0 ? v + 360.0 : v;
}

double distance(const std::array<double, 3>& a, const std::array<double, 3>& b) {
  double sum = 0;
  for (int i = 0; i < 3; ++i) {
    const double d = wrapped(a[i] - b[i]);
    sum += std::min(d, 360.0 - d);
  }
  return sum;
}

struct Pose {
  std::vector<QuatD> rotations;  // per mesh, from its parent's
  std::array<double, 3> offset{};
};

Pose meshPose(const imported::Model& m, const imported::Frame& frame, const geometry::Skeleton& tree, const BoneMatch& match) {
  const auto world = geometry::poseFrame(m, frame);
  Pose p;
  auto turn = [&](std::size_t mesh) { return geometry::cast<double>(world[std::size_t(match.boneOfMesh[mesh])].rotation); };
  for (std::size_t i = 0; i < tree.bones.size(); ++i) {
    const int parent = tree.bones[i].parent;
    p.rotations.push_back(parent >= 0 ? conjugate(turn(std::size_t(parent))) * turn(i) : turn(i));
  }
  const auto& root = world[std::size_t(match.boneOfMesh[0])].translation;
  p.offset = {root.x, root.y, root.z};
  return p;
}

// The pose `t` keyframe intervals past `a` on the way to `b` (t > 1 extrapolates).
Pose beyond(const Pose& a, const Pose& b, double t) {
  Pose p = a;
  for (std::size_t i = 0; i < p.rotations.size(); ++i) p.rotations[i] = geometry::slerp(a.rotations[i], b.rotations[i], t);
  for (int k = 0; k < 3; ++k) p.offset[k] = a.offset[k] + (b.offset[k] - a.offset[k]) * t;
  return p;
}

}  // namespace

BoneMatch matchBones(const std::vector<imported::Bone>& bones, std::size_t meshes) {
  BoneMatch out;
  out.boneOfMesh.assign(meshes, -1);
  std::vector<bool> taken(bones.size());
  for (std::size_t b = 0; b < bones.size(); ++b) {
    const int n = meshNumber(bones[b].name);
    if (n >= 0 && std::size_t(n) < meshes && out.boneOfMesh[std::size_t(n)] < 0) out.boneOfMesh[std::size_t(n)] = int(b), taken[b] = true;
  }
  std::size_t missing = std::size_t(std::count(out.boneOfMesh.begin(), out.boneOfMesh.end(), -1));
  out.byName = missing == 0;
  if (!out.byName && bones.size() == meshes) {
    for (std::size_t i = 0; i < meshes; ++i) out.boneOfMesh[i] = int(i);
    return out;
  }
  if (!out.byName) {
    const auto first = std::find(out.boneOfMesh.begin(), out.boneOfMesh.end(), -1) - out.boneOfMesh.begin();
    throw ops::EditError("the file's skeleton has " + std::to_string(bones.size()) + (bones.size() == 1 ? " bone" : " bones") +
                         ", whose names give " + std::to_string(meshes - missing) + " of the movable's " + std::to_string(meshes) +
                         " meshes (no bone is \"... mesh " + std::to_string(first) + "\"): it is not this movable's skeleton");
  }
  for (std::size_t b = 0; b < bones.size(); ++b)
    if (!taken[b]) out.unmatched.push_back(bones[b].name);
  return out;
}

std::array<double, 3> turnAngles(const QuatD& q0, const std::array<double, 3>* near) {
  const QuatD q = normalized(q0);
  if (near) {  // the reference itself when it is the turn (near x = 90 the angles lose precision)
    geometry::Rotation r;
    r.x = float((*near)[0]), r.y = float((*near)[1]), r.z = float((*near)[2]);
    if (geometry::angleBetween(geometry::rotationQuat(r), q) < 1e-3) return *near;
  }
  // R12 = -sin x, R10 = cos x sin z, R11 = cos x cos z, R02 = sin y cos x, R22 = cos y cos x.
  const double r00 = 1 - 2 * (q.y * q.y + q.z * q.z), r01 = 2 * (q.x * q.y - q.w * q.z), r02 = 2 * (q.x * q.z + q.w * q.y);
  const double r10 = 2 * (q.x * q.y + q.w * q.z), r11 = 1 - 2 * (q.x * q.x + q.z * q.z), r12 = 2 * (q.y * q.z - q.w * q.x);
  const double r22 = 1 - 2 * (q.x * q.x + q.y * q.y);
  const double x = std::asin(std::clamp(-r12, -1.0, 1.0));
  double y = 0, z = 0;
  if (std::abs(r12) < 0.9999999) {
    y = std::atan2(r02, r22), z = std::atan2(r10, r11);
  } else {  // gimbal lock: only y - z (x = 90) or y + z (x = -90) is known; z is the reference's
    z = near ? (*near)[2] / kDegrees : 0.0;
    y = x > 0 ? z + std::atan2(r01, r00) : std::atan2(-r01, r00) - z;
  }
  const std::array<double, 3> a{wrapped(x * kDegrees), wrapped(y * kDegrees), wrapped(z * kDegrees)};
  const std::array<double, 3> b{wrapped(180 - x * kDegrees), wrapped(y * kDegrees + 180), wrapped(z * kDegrees + 180)};
  return near && distance(b, *near) < distance(a, *near) ? b : a;
}

AnimFile sampledAnimation(const imported::Model& m, const imported::Animation& a, const geometry::Skeleton& tree,
                          const BoneMatch& match, int frameDuration, AnimFile base) {
  if (a.frames.empty()) throw ops::EditError("animation \"" + a.name + "\" has no frames");
  const std::size_t d = std::size_t(std::clamp(frameDuration, 1, 255)), last = a.frames.size() - 1;
  const std::size_t keys = (last + d - 1) / d + 1;
  std::vector<AnimKeyframe> out(keys);
  for (std::size_t k = 0; k < keys; ++k) {
    const Pose p = k * d <= last ? meshPose(m, a.frames[k * d], tree, match)
                                 : beyond(meshPose(m, a.frames[(k - 1) * d], tree, match), meshPose(m, a.frames[last], tree, match),
                                          double(d) / double(last - (k - 1) * d));
    // The box stays the replaced keyframe's (the nearest one's for new keyframes).
    const AnimKeyframe* was = base.keyframes.empty() ? nullptr : &base.keyframes[std::min(k, base.keyframes.size() - 1)];
    if (was) out[k].min = was->min, out[k].max = was->max;
    out[k].offset = p.offset;
    for (std::size_t i = 0; i < p.rotations.size(); ++i) {
      const std::array<double, 3>* near = k < base.keyframes.size() && i < base.keyframes[k].angles.size() ? &base.keyframes[k].angles[i]
                                          : k ? &out[k - 1].angles[i]
                                              : nullptr;
      out[k].angles.push_back(turnAngles(p.rotations[i], near));
    }
  }
  // An animation without keyframes exports as one frame of the rest pose: it comes back as it was.
  if (base.keyframes.empty() && keys == 1 && std::all_of(out[0].angles.begin(), out[0].angles.end(), [](const auto& t) {
        return distance(t, {0, 0, 0}) < 1e-3;
      }) && std::abs(out[0].offset[0]) + std::abs(out[0].offset[1]) + std::abs(out[0].offset[2]) < 0.5)
    return base;
  base.frameRate = int(d), base.endFrame = int(last), base.keyframes = std::move(out);
  return base;
}

}  // namespace wadsmith::anim
