// Animations of a 3D file (glTF/GLB through our reader, FBX and DAE through Assimp) onto an
// existing movable, over its animations or as new ones: its meshes are not touched. Each
// animation becomes WadTool's exchange form (model/anim/sampled.h: bones by name, else by order)
// and goes in through the .anim import (model/anim/interchange.h), which quantises the angles
// and reports the largest error per bone.
#pragma once
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "model/anim/interchange.h"

namespace wadsmith::interop {

// .glb, .gltf, .fbx, .dae (any case).
bool isSceneAnimationFile(const std::filesystem::path& path);

struct SceneAnimationOptions {
  std::optional<std::string> animation;  // a name or an index among the object's; none: the first
  bool all = false;                      // every animation, one after the other (numbered names in their numbers' order)
  // The (first) animation of the movable they replace; none: each a new animation from `at` on
  // (default: after the last), looping to itself in state 0, boxed by its posed meshes.
  std::optional<std::size_t> replace, at;
  int frameDuration = 0;                 // 0: our export's (its records), else the replaced animation's, else 1
  anim::Targets targets = anim::Targets::Keep;
};

struct SceneAnimationImport {
  ops::Edited edited;
  std::vector<std::string> animations;  // the file's animations taken, in order
  std::vector<double> boneError;        // the largest angle error per mesh, degrees
  std::vector<std::string> notes;       // how bones matched, those left out, targets handled
};

// Throws std::runtime_error (the file) or ops::EditError (the movable, the skeleton).
SceneAnimationImport importSceneAnimations(const Document& d, std::uint32_t slot, const std::filesystem::path& file,
                                           const SceneAnimationOptions& o);

}  // namespace wadsmith::interop
