// Keyframe operations that make keyframes anew from the posed skeleton (keyframe_run_ops.cpp):
// resampling at another frame duration, and bounding boxes from the meshes the engine draws.
#pragma once
#include "model/ops/edit_context.h"

namespace wadsmith::ops {

// Keyframes re-sampled every `duration` frames from the poses the engine interpolates, over the
// frames the old ones covered: frame numbers (frame end, dispatches, commands, next frames) keep
// their moments unchanged. The same duration leaves the document as it is.
Edited resampleKeyframes(const Document& d, std::uint32_t slot, std::size_t animation, int duration);
// Keyframes [first, first + count) (count 0: to the last) bounded anew by the meshes the engine
// draws (model/anim/drawn_bones.h) in their poses, each side moved out by `grow` (in if negative).
Edited recomputeKeyframeBoxes(const Document& d, std::uint32_t slot, std::size_t animation, std::size_t first, std::size_t count,
                              int grow);

}  // namespace wadsmith::ops
