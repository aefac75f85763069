// Animation edits: state changes, dispatches and animation fields. Frames are given as the
// GUI shows them: a dispatch's in/out count from the first frame of the animation being edited,
// next_frame from the first frame of the target animation; next animations are indices within
// the movable. The file stores absolute numbers; conversion happens here.
#pragma once
#include <optional>

#include "model/ops/edit_context.h"

namespace wadsmith::ops {

struct DispatchSpec {
  int in = 0, out = 0;            // relative to the edited animation's first frame
  std::size_t nextAnimation = 0;  // index within the movable
  int nextFrame = 0;              // relative to the target animation's first frame
};
struct DispatchChange {
  std::optional<int> in, out;
  std::optional<std::size_t> nextAnimation;
  std::optional<int> nextFrame;
};

Edited addStateChange(const Document& d, std::uint32_t slot, std::size_t animation, std::uint16_t state,
                      const std::vector<DispatchSpec>& dispatches);
Edited removeStateChange(const Document& d, std::uint32_t slot, std::size_t animation, std::size_t stateChange);
Edited setStateChange(const Document& d, std::uint32_t slot, std::size_t animation, std::size_t stateChange,
                      std::uint16_t state);
Edited addDispatch(const Document& d, std::uint32_t slot, std::size_t animation, std::size_t stateChange,
                   const DispatchSpec& dispatch);
Edited removeDispatch(const Document& d, std::uint32_t slot, std::size_t animation, std::size_t stateChange,
                      std::size_t dispatch);
Edited setDispatch(const Document& d, std::uint32_t slot, std::size_t animation, std::size_t stateChange,
                   std::size_t dispatch, const DispatchChange& change);

struct AnimationChange {
  std::optional<std::size_t> nextAnimation;  // within the movable
  std::optional<int> nextFrame;              // relative to the next animation's first frame
  std::optional<int> frameDuration;          // frame end follows, consistent with the keyframes
  std::optional<int> stateId;
  std::optional<std::int32_t> speed, accel, lateralSpeed, lateralAccel;  // 16.16 as stored
};
Edited setAnimation(const Document& d, std::uint32_t slot, std::size_t animation, const AnimationChange& change);

// The frame end that keeps `keyframes` keyframes at a new frame duration, preserving how many
// frames the original cut from the last keyframe interval.
std::uint16_t frameEndFor(const Animation& a, std::size_t keyframes, int newDuration);

}  // namespace wadsmith::ops
