// One animation as Tomb Editor's WadTool exchanges it (.anim: TombLib's WadAnimation): frames
// counted from the animation's first, next animations and dispatch targets as indices within
// the movable, velocities in game units a frame (start and end), angles in degrees, command
// conditions in their own parameter. io/anim_xml reads and writes the XML; model/anim/
// interchange converts to and from a movable's animation.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace wadsmith::anim {

struct AnimKeyframe {
  std::array<double, 3> min{}, max{}, offset{};  // game units (WadTool keeps floats)
  std::vector<std::array<double, 3>> angles;  // x, y, z per bone, degrees
  friend bool operator==(const AnimKeyframe&, const AnimKeyframe&) = default;
};

struct AnimDispatch {
  int in = 0, out = 0, nextAnimation = 0, nextFrame = 0;
  friend bool operator==(const AnimDispatch&, const AnimDispatch&) = default;
};

struct AnimStateChange {
  int stateId = 0;
  std::vector<AnimDispatch> dispatches;
  friend bool operator==(const AnimStateChange&, const AnimStateChange&) = default;
};

// Type as WadTool names it: SetPosition, SetJumpDistance, EmptyHands, KillEntity, PlaySound,
// FlipEffect, DisableInterpolation (TombEngine's).
struct AnimCommand {
  std::string type;
  int p1 = 0, p2 = 0, p3 = 0;
  friend bool operator==(const AnimCommand&, const AnimCommand&) = default;
};

struct AnimFile {
  int frameRate = 1, stateId = 0, endFrame = 0, nextAnimation = 0, nextFrame = 0;
  std::string name;
  double startVelocity = 0, endVelocity = 0, startLateralVelocity = 0, endLateralVelocity = 0;
  std::vector<AnimKeyframe> keyframes;
  std::vector<AnimStateChange> stateChanges;
  std::vector<AnimCommand> commands;
  friend bool operator==(const AnimFile&, const AnimFile&) = default;
};

}  // namespace wadsmith::anim
