// Posing a skeleton at a frame, as the TR engines do: the mesh tree from a movable's link
// records (a stack of parents: push, pop), the root mesh at T(frame offset) * R(rotation 0),
// mesh i at world(parent) * T(offset i) * R(rotation i) (an offset turns with its parent), and
// the frames between keyframes interpolated by the animation's frame duration (offsets
// linearly, rotations by slerp of the keyframes' turns, in double precision and rounded to
// float once, so poses and exports are the same on every platform). The viewer, the glTF export
// and import, the WAD builder's checks and the other engines' converters all pose through here.
#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "model/geometry/rigid.h"
#include "model/imported.h"
#include "model/keyframe.h"

namespace wadsmith::geometry {

struct Bone {
  int parent = -1;  // mesh index; -1 for the root
  Vec3s offset;     // from the parent's origin
};

// A stored offset or vertex as the float vector poses (and the viewport) compute with.
inline Vec3 toVec(const Vec3s& v) { return {float(v.x), float(v.y), float(v.z)}; }

struct Skeleton {
  std::vector<Bone> bones;    // one per mesh
  bool popUnderflow = false;  // the tree pops more than it pushes
  bool truncated = false;     // the link records run past the package
};

// The mesh tree from link records: four dwords per mesh after the first (flags, x, y, z); bit 0
// pops the parent from the stack, bit 1 pushes it (3: reads the top and keeps it), else the
// parent is the mesh before.
Skeleton meshTree(std::span<const std::int32_t> linkDwords, std::size_t meshes);
// The link records of a tree whose meshes are in depth-first order (parents[0] = -1, every
// other parent an earlier mesh): what meshTree reads back as the same parents and offsets.
std::vector<std::int32_t> linkRecords(std::span<const int> parents, std::span<const Vec3s> offsets);

// One frame as local transforms: the root offset and one rotation per mesh.
struct LocalPose {
  Vec3 offset;
  std::vector<Quat> rotations;
  std::size_t keyframe = 0;  // the keyframe at or before the frame
  float blend = 0;           // towards the next keyframe
};
// `frame` counts from the animation's first frame; fractional frames interpolate smoothly.
// Without keyframes: the rest pose (every rotation none).
LocalPose keyframePose(const std::vector<Keyframe>& keyframes, std::size_t meshes, int frameDuration, float frame);
// Frames in an animation as shown to users (frameEnd - frameStart + 1, at least 1).
int frameCount(const Animation& a);

// The world motion of each mesh: parents[i] is an earlier mesh (anything else hangs from the
// root); offsets[0] is ignored (the root sits at rootOffset); missing rotations are none.
std::vector<Rigid> poseTree(std::span<const int> parents, std::span<const Vec3> offsets, Vec3 rootOffset,
                            std::span<const Quat> rotations);
std::vector<Rigid> poseSkeleton(const Skeleton& s, const LocalPose& pose);
// A model in the common float form posed at one of its frames.
std::vector<Rigid> poseFrame(const imported::Model& m, const imported::Frame& frame);

}  // namespace wadsmith::geometry
