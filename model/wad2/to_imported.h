// wad2 objects in the common float form (model/imported.h) that import::buildWad turns into
// WAD records, following how TombLib's level compiler turns them into TR records
// (LevelData/Compilers/Wad.cs):
// - y negated back (wad2 is y up); vertices and offsets clamped to TR's 16 bits (the builder
//   rounds them); angles (degrees, x and z negated) become rotations Ry * Rx * Rz;
// - each texture the object's faces use becomes an image (BGRA to RGBA, opaque magenta
//   transparent, as TombLib reads it), faces keep their pixel coordinates as 0..1;
// - additive faces stay translucent; other blend modes are drawn normal (reported);
//   double-sided faces are doubled by the builder;
// - lighting by vertex colours becomes shades (1 - luma); normals otherwise;
// - keyframes are played frameRate game frames apart (30 / frameRate per second).
// What the common form has no field for (state changes, dispatches, commands, velocities,
// keyframe boxes, shine, static boxes) is put into the built records afterwards
// (model/wad2/to_classic.h).
#pragma once
#include <vector>

#include "model/imported.h"
#include "model/wad2/document.h"

namespace wadsmith::wad2 {

struct ObjectModel {
  imported::Model model;
  // Per mesh, the wad2 polygon each face came from (faces that name no vertex are left out).
  std::vector<std::vector<const Polygon*>> faces;
};

// `imageBytes`, when given, counts the image bytes made so far across calls; past
// kImageBudget the faces of further textures are drawn grey (and noted).
constexpr std::size_t kImageBudget = 256u << 20;
ObjectModel movableModel(const Document& doc, const Movable& m, std::size_t* imageBytes = nullptr);
ObjectModel staticModel(const Document& doc, const Static& s, std::size_t* imageBytes = nullptr);

}  // namespace wadsmith::wad2
