// The movable half of the import builder (build.h): the mesh tree in the depth-first order TR's
// link records can say, and each animation's frames as keyframe words played at 30 per second.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "model/import/build.h"

namespace wadsmith::import {

// The mesh tree in depth-first order: order[k] is the model's bone at TR mesh k, parent[k] its
// parent's TR index.
struct Tree {
  std::vector<int> order, parent;
  std::size_t reparented = 0;
};
Tree depthFirst(const imported::Model& m);

// What an animation is posed on: the model, its tree, its meshes in TR order, the bone offsets
// as given and as stored.
struct Rig {
  const imported::Model& model;
  const Tree& tree;
  const std::vector<Mesh>& meshes;
  std::vector<imported::Vec3> offsets, storedOffsets;
};

struct BuiltAnimation {
  Animation record;
  std::vector<std::uint16_t> words;
};

// `frameCursor`: the movable's next frame number (its animations' frames follow each other).
BuiltAnimation buildAnimation(const Rig& rig, const imported::Animation& src, std::size_t index, const std::string& label,
                              ModelReport& rep, double& errorSum, std::size_t& frameCursor);

}  // namespace wadsmith::import
