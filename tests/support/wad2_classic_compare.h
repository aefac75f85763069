// Two classic WADs' objects compared by what they mean, not by where their records sit:
// meshes (vertices, faces, the pixels each face corner samples, normal directions or shades,
// spheres), skeletons, animations with frames relative to each animation (lengths, next
// animations and frames, state changes, dispatches, commands, keyframe boxes, offsets and
// rotations as turns), statics (mesh, boxes, flags), sprite sequences (each sprite's size and
// texels). For classic -> wad2 -> classic.
#pragma once
#include <string>
#include <vector>

#include "model/wad_document.h"

namespace wadsmith::test {

// Every difference, as "movable 9 animation 3: ...". Empty when the objects match.
std::vector<std::string> classicDifferences(const WadDocument& expected, const WadDocument& actual);

}  // namespace wadsmith::test
