// An animation of a 3D file (glTF, FBX, DAE: sampled at 30 frames a second in the common float
// form, model/imported.h) as WadTool's exchange form over a movable's mesh tree, so it goes
// onto the movable through the same import as a .anim file (interchange.h).
//
// Bones: each mesh takes the file's bone named "... mesh N" (our glTF export's joint names,
// which Blender keeps; any separator), else the bone of its index when the counts agree. A
// mesh's turn is measured against its own parent in the movable's tree (bones the file has in
// between count), from the file's bind pose (a rest rotation Blender adds cancels out); the
// root offset is the root mesh's bone's position.
// Keyframes: every `frameDuration`th frame; when the last frame falls between two keyframes,
// the last keyframe is extrapolated from it as the engine would interpolate towards it.
// Angles: of the two Ry Rx Rz triples that make a turn, the one nearest the reference (the
// replaced keyframe's, else the previous keyframe's), so words come back in their form.
#pragma once
#include <array>
#include <string>
#include <vector>

#include "model/anim/anim_file.h"
#include "model/geometry/poser.h"
#include "model/imported.h"

namespace wadsmith::anim {

struct BoneMatch {
  std::vector<int> boneOfMesh;  // mesh -> the file's bone
  bool byName = false;
  std::vector<std::string> unmatched;  // the file's bones no mesh takes
};

// Throws ops::EditError when neither the names nor the counts match.
BoneMatch matchBones(const std::vector<imported::Bone>& bones, std::size_t meshes);

// The Ry(y) Rx(x) Rz(z) angles (degrees, 0..360) of a turn nearest `near` (`near` itself when
// it makes the turn within 0.001 degrees; nullptr: x within -90..90).
std::array<double, 3> turnAngles(const geometry::QuatD& q, const std::array<double, 3>* near);

// `base` gives the record (state, next animation, velocities, state changes, commands), the
// boxes and the reference angles; its keyframes, frame rate and end frame are replaced (the end
// velocities are the caller's: they depend on the new length).
AnimFile sampledAnimation(const imported::Model& m, const imported::Animation& a, const geometry::Skeleton& tree,
                          const BoneMatch& match, int frameDuration, AnimFile base);

}  // namespace wadsmith::anim
