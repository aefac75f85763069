// A classic TR4 WAD as a wad2 document, as WadTool writes it today (W2Tr2/W2Uq2 polygons,
// W2Bone2 bones, W2Ani3 animations with W2AniV velocities, W2Disp2 dispatches, W2Cmd2
// commands, W2Static2 statics, target game TR4), following TombLib's Tr4WadOperations:
// - each texture page becomes one 256x256 image (magenta made transparent), faces keep their
//   sample's rectangle as pixel coordinates on it (flips and triangle corners as the WAD says);
// - y is negated (wad2 is y up): vertices, normals, sphere centres, bone offsets, keyframe
//   offsets and boxes, static boxes; rotations become degrees with x and z negated;
// - frames become relative to each animation (dispatch ranges, command frames, next frames),
//   next animations relative to the movable; speed and acceleration become start and end
//   velocities; sound and flipeffect conditions move from the id's high bits into p3;
// - shades become grey vertex colours (lighting by vertex colours), normals are computed for
//   meshes that store none; shine strength and additive blending are kept per face.
// Where this keeps more than Tr4WadOperations: static flags (TombLib drops them) and the
// sprites' stored alignment sides (TombLib recomputes them).
#pragma once
#include <array>
#include <string>
#include <vector>

#include "model/wad2/document.h"
#include "model/wad_document.h"

namespace wadsmith::wad2 {

struct FromClassicOptions {
  std::string name = "wad";  // texture names: NAME_Page_N
  std::array<std::int64_t, 6> timestamp{2000, 1, 1, 0, 0, 0};
  Id firstId = 1;  // the records' ids start here (ids that must not clash with another document's)
};

// `notes` gets what could not be carried (commands that do not parse, samples past the pages).
Document fromClassic(const WadDocument& wad, const FromClassicOptions& options = {},
                     std::vector<std::string>* notes = nullptr);

namespace detail {
// The movables (bones, meshes, animations) of a classic WAD; from_classic_objects.cpp.
struct ClassicContext {
  const WadDocument& wad;
  const std::vector<Id>& pageIds;  // texture id of each page
  Id& nextId;
  std::vector<std::string>& notes;
};
Shared<Mesh> convertMesh(const ClassicContext& c, const wadsmith::Mesh& m, const std::string& name);
std::vector<Shared<Movable>> convertMovables(const ClassicContext& c);
}  // namespace detail

}  // namespace wadsmith::wad2
