// Writing keyframes: the one encoder every keyframe edit uses (operations, .anim import, pose
// edits). A keyframe whose pose is unchanged keeps the words it was stored in; a changed one is
// encoded in its rotations' forms and keeps the words it had past them (padding), so an edit
// writes only the words it must. All keyframes of an animation share one size (keyframeSize):
// it grows when a rotation turns three-axis and shrinks back when the keyframes need fewer
// words (only zero padding past every keyframe's rotations is dropped).
#pragma once
#include <cstdint>
#include <functional>
#include <vector>

#include "model/document.h"
#include "model/keyframe.h"

namespace wadsmith {
class ObjectView;
}

namespace wadsmith::anim {

// A keyframe as an edit sees it: its pose and the words it was read from (empty for a new one).
struct StoredKeyframe {
  Keyframe pose;
  std::vector<std::uint16_t> words;
};

// The words of a keyframe's box, offset, (TR1: rotation count) and rotations.
std::vector<std::uint16_t> encodeKeyframe(const Keyframe& k, KeyframeFormat format);

// An animation's keyframes (the words of its run after the last whole keyframe stay as they are).
struct KeyframeRun {
  std::vector<StoredKeyframe> keyframes;
};
KeyframeRun readKeyframes(const ObjectView& v, std::size_t anim, std::size_t meshCount);

// Edits animation `anim` (global index) of movable `movable` (its index): `edit` changes the
// decoded keyframes and the animation record; the new run is written into the animation's own
// segment (copied first when shared) with its keyframe size.
using KeyframeEdit = std::function<void(KeyframeRun&, Animation&)>;
Document editKeyframes(const Document& d, std::size_t movable, std::size_t anim, const KeyframeEdit& edit);

}  // namespace wadsmith::anim
