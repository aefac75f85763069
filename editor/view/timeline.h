// The timeline under the viewport, laid out without GL: one cell per frame; a row of keyframe
// marks (the frames between them are interpolated by the poser); a row per state change with
// its dispatch windows (in..out, coloured by the target state, labelled with the target
// animation); a row of command marks (sounds by name, flipeffects, footsteps) on their frames.
// The GUI draws these rectangles and turns a drag of a window's edge or of a command into one
// operation; hitTimeline says what is under the mouse.
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "editor/view/pose.h"
#include "model/object_view.h"
#include "model/ops/operations.h"

namespace wadsmith::view {

struct Rect {
  float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  bool contains(float x, float y) const { return x >= x0 && x < x1 && y >= y0 && y < y1; }
};

struct TimelineGeometry {
  float x = 0, y = 0, width = 600, rowHeight = 18;
};

struct KeyframeMark {
  std::size_t keyframe = 0;
  int frame = 0;  // from the animation's first frame
  Rect rect;
};

struct DispatchWindow {
  std::size_t stateChange = 0, dispatch = 0;  // within the animation and the state change
  int in = 0, out = 0;                        // from the animation's first frame; out exclusive
  std::uint16_t state = 0;                    // the state change's target state
  std::array<float, 3> colour{};              // by target state
  std::string label;                          // the target animation
  Rect rect;
};

enum class CommandKind { Sound, Flipeffect, Footstep };

struct CommandMark {
  std::size_t command = 0;  // index in the animation's command list
  int frame = 0;            // from the animation's first frame
  CommandKind kind = CommandKind::Sound;
  std::string label;
  Rect rect;
};

struct Timeline {
  TimelineGeometry geometry;
  int frames = 1;
  int frameDuration = 1;
  float cell = 1;  // pixels per frame
  std::vector<KeyframeMark> keyframes;
  std::vector<DispatchWindow> dispatches;
  std::vector<CommandMark> commands;
  std::size_t stateChangeRows = 0;
  float height = 0;

  float xOf(float frame) const { return geometry.x + frame * cell; }
  // The frame boundary nearest x (a window's edge: 0..frames) and the frame cell under x.
  int boundaryAt(float x) const;
  int frameAt(float x) const;
  // Frames that are not keyframes show the poser's interpolation.
  bool interpolated(float frame) const;
};

// The animation's name as the editor shows it: its index within the movable, and Lara's
// catalog name when the movable is LARA.
std::string animationLabel(std::uint32_t slot, std::size_t local);
// A colour per state (hues spread by the golden ratio), the same in every animation.
std::array<float, 3> stateColour(std::uint16_t state);

Timeline layoutTimeline(const ObjectView& v, std::size_t movable, std::size_t anim, const TimelineGeometry& g);

enum class TimelinePart { None, Keyframe, DispatchIn, DispatchOut, Dispatch, Command };
struct TimelineHit {
  TimelinePart part = TimelinePart::None;
  std::size_t index = 0;  // in the timeline's keyframes, dispatches or commands
};
// What is under (x, y): a window's edge (within 4 pixels) before its body, commands over rows.
TimelineHit hitTimeline(const Timeline& t, float x, float y);

// The operation a drag makes when it lets go of `hit` at `frame` (a window's edge: a frame
// boundary; a command: a frame cell): set_dispatch's in or out (kept within the other edge) or
// set_command's frame, for the selected movable and animation. None when nothing moves.
std::optional<ops::Call> timelineDrop(const ObjectView& v, std::size_t anim, const Timeline& t, const TimelineHit& hit,
                                      int frame);

}  // namespace wadsmith::view
