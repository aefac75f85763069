// A movable's animation to and from WadTool's exchange form (model/anim/anim_file.h). Export
// writes what the words say; import puts a file over animation N of a movable with the same
// number of meshes, quantising angles to rotation words (a bone keeps the form of the words it
// replaces while the angles allow) and reporting the largest error per bone. Next animations and
// dispatch targets past the movable's animations are reported and handled as the caller says.
#pragma once
#include <string>
#include <vector>

#include "model/anim/anim_file.h"
#include "model/anim/whole.h"
#include "model/ops/edit_context.h"

namespace wadsmith::anim {

// WadTool's command type names by code (0: none).
extern const char* const kCommandTypes[7];

AnimFile exportAnimation(const ObjectView& v, std::size_t movable, std::size_t anim);


struct Imported {
  ops::Edited edited;
  std::vector<double> boneError;     // the largest angle error per bone, degrees
  std::vector<std::string> notes;    // targets handled, commands the game cannot store
};

// Targets outside the movable's animations: refused (Keep: kept as they are only when they
// fit, else the import fails naming them), pointed at the imported animation itself (Own), or
// dropped (Drop: dispatches removed, the next animation the imported one itself).
Imported importAnimation(const Document& d, std::uint32_t slot, std::size_t animation, const AnimFile& file, Targets targets);
// The file as a new animation at `at` (default: the movable's last; later ones move on one).
// A new animation `at` as addAnimation makes it (looping to itself, state 0), without keyframes:
// those imported over it take the words their angles need.
Document addBareAnimation(const Document& d, std::uint32_t slot, std::size_t at);
Imported importNewAnimation(const Document& d, std::uint32_t slot, std::optional<std::size_t> at, const AnimFile& file, Targets targets);

}  // namespace wadsmith::anim
