// Keeping frame numbers on their moments when an animation's keyframes change: its dispatches'
// in and out frames, its commands' frames, and every next frame that jumps into it (animations'
// and dispatches', of any movable) follow a map of the animation's frames. The frame end is the
// keyframe edit's own (frameEndFor).
#pragma once
#include <functional>
#include <string>

#include "model/document.h"

namespace wadsmith::anim {

// Takes and gives a frame counted from the animation's first frame.
using FrameMap = std::function<int(int)>;

struct Retimed {
  Document doc;
  std::size_t moved = 0;  // records and commands whose frames changed
};

// Applies `map` to every frame number naming a moment of animation `anim` (global index). An
// in..out window the map turns round is put back in order.
Retimed retime(const Document& d, std::size_t anim, const FrameMap& map);

// The frame end of `a` once it has `count` keyframes instead of `was`: as many frames cut from
// its last keyframe interval as before; unchanged when the count is; an end before the last
// keyframe's interval follows `map` (the edit's map of frames).
std::uint16_t frameEndFor(const Animation& a, std::size_t was, std::size_t count, const FrameMap& map);

// The maps of the keyframe edits, at `duration` frames a keyframe: `count` keyframes inserted
// before keyframe `at`; keyframes [at, at + count) deleted (their moments go to the keyframe
// after them); the animation played backwards over frames 0..last.
FrameMap insertedMap(std::size_t at, std::size_t count, int duration);
FrameMap deletedMap(std::size_t at, std::size_t count, int duration);
FrameMap reversedMap(int last);

}  // namespace wadsmith::anim
