#include <stdexcept>

#include "model/anim/drawn_bones.h"
#include "model/anim/keyframes.h"
#include "model/anim/poses.h"
#include "model/anim/retime.h"
#include "model/catalog.h"
#include "model/ops/keyframe_ops.h"
#include "model/ops/keyframe_sampling.h"

namespace wadsmith::ops {
namespace {

struct AnimAt {
  std::size_t movable, anim;
  std::size_t count;  // keyframes
  int duration;
  KeyframeFormat format;
};

AnimAt animAt(const Document& d, std::uint32_t slot, std::size_t animation) {
  const ObjectView v(objectsOf(d));
  const std::size_t anim = animationOf(v, slot, animation);
  const Animation& a = v.animations()[anim];
  return {movableIndex(v, slot), anim, v.keyframeCount(anim), std::max<int>(a.frameDuration, 1), v.tables().keyframeFormat};
}

void checkKeyframe(const AnimAt& at, std::size_t k, const char* what = "keyframe") {
  if (k >= at.count)
    throw EditError(std::string(what) + " " + std::to_string(k) + " is not a keyframe of the animation (it has " +
                    std::to_string(at.count) + ")");
}

// anim::editKeyframes on the animation, a keyframe that needs more than 255 words refused.
Document editRun(const Document& d, const AnimAt& at, const anim::KeyframeEdit& edit) {
  try {
    return anim::editKeyframes(d, at.movable, at.anim, edit);
  } catch (const std::length_error& e) {
    throw EditError(e.what());
  }
}

// Runs `edit` on keyframe k of a movable's animation; refuses a keyframe the animation lacks.
template <class Edit>
Edited onKeyframe(const Document& d, std::uint32_t slot, std::size_t animation, std::size_t k, Edit edit) {
  const auto at = animAt(d, slot, animation);
  checkKeyframe(at, k);
  return {editRun(d, at, [&](anim::KeyframeRun& run, Animation&) { edit(run.keyframes[k].pose, at.format); })};
}

// The keyframes edited by `edit` (which may change their number), the frame end kept on the
// last keyframe and every frame number moved through `map`.
Edited rekey(const Document& d, const AnimAt& at, const std::function<void(std::vector<anim::StoredKeyframe>&)>& edit,
             const anim::FrameMap& map) {
  const Document keyed = editRun(d, at, [&](anim::KeyframeRun& run, Animation& a) {
    edit(run.keyframes);
    if (run.keyframes.empty()) throw EditError("an animation keeps at least one keyframe");
    a.frameEnd = anim::frameEndFor(a, at.count, run.keyframes.size(), map);
  });
  return {map ? anim::retime(keyed, at.anim, map).doc : keyed, {}};
}

std::vector<Keyframe> posesOf(const std::vector<anim::StoredKeyframe>& ks) {
  std::vector<Keyframe> out;
  for (const auto& k : ks) out.push_back(k.pose);
  return out;
}

template <class It>
void insertPoses(std::vector<anim::StoredKeyframe>& ks, std::size_t at, It first, It last) {
  std::vector<anim::StoredKeyframe> fresh;
  for (; first != last; ++first) fresh.push_back({*first, {}});
  ks.insert(ks.begin() + static_cast<long>(at), fresh.begin(), fresh.end());
}

}  // namespace

Edited setKeyframe(const Document& d, std::uint32_t slot, std::size_t animation, std::size_t k, const KeyframeChange& c) {
  return onKeyframe(d, slot, animation, k, [&](Keyframe& pose, KeyframeFormat) {
    std::int16_t* box[] = {&pose.box.minX, &pose.box.maxX, &pose.box.minY, &pose.box.maxY, &pose.box.minZ, &pose.box.maxZ};
    for (std::size_t i = 0; i < 6; ++i)
      if (c.box[i]) *box[i] = *c.box[i];
    std::int16_t* offset[] = {&pose.offset.x, &pose.offset.y, &pose.offset.z};
    for (std::size_t i = 0; i < 3; ++i)
      if (c.offset[i]) *offset[i] = *c.offset[i];
  });
}

Edited setBoneRotation(const Document& d, std::uint32_t slot, std::size_t animation, std::size_t k, std::size_t bone,
                       const RotationChange& c) {
  return onKeyframe(d, slot, animation, k, [&](Keyframe& pose, KeyframeFormat format) {
    if (bone >= pose.rotations.size())
      throw EditError("bone " + std::to_string(bone) + " has no rotation in the keyframe (it has " +
                      std::to_string(pose.rotations.size()) + ")");
    Rotation& r = pose.rotations[bone];
    Rotation wanted = r;
    wanted.x = static_cast<float>(c.x.value_or(r.x)), wanted.y = static_cast<float>(c.y.value_or(r.y)),
    wanted.z = static_cast<float>(c.z.value_or(r.z));
    r = geometry::keepingForm(r, geometry::rotationQuat(wanted), format);
  });
}

Edited insertKeyframe(const Document& d, std::uint32_t slot, std::size_t animation, int frame) {
  const auto at = animAt(d, slot, animation);
  if (at.count == 0) throw EditError("the animation has no keyframe to take a pose from");
  if (frame < 0) throw EditError("frame must be 0 or more");
  const std::size_t k = std::min(static_cast<std::size_t>(frame / at.duration), at.count - 1) + 1;
  return rekey(d, at, [&](auto& ks) {
    const Keyframe pose = anim::poseAt(posesOf(ks), at.duration, frame, at.format);
    insertPoses(ks, k, &pose, &pose + 1);
  }, anim::insertedMap(k, 1, at.duration));
}

Edited duplicateKeyframe(const Document& d, std::uint32_t slot, std::size_t animation, std::size_t k) {
  const auto at = animAt(d, slot, animation);
  checkKeyframe(at, k);
  return rekey(d, at, [&](auto& ks) { ks.insert(ks.begin() + static_cast<long>(k + 1), ks[k]); }, anim::insertedMap(k + 1, 1, at.duration));
}

Edited deleteKeyframes(const Document& d, std::uint32_t slot, std::size_t animation, std::size_t first, std::size_t count) {
  const auto at = animAt(d, slot, animation);
  checkKeyframe(at, first);
  count = std::min(count, at.count - first);
  return rekey(d, at, [&](auto& ks) { ks.erase(ks.begin() + static_cast<long>(first), ks.begin() + static_cast<long>(first + count)); },
               anim::deletedMap(first, count, at.duration));
}

Edited moveKeyframe(const Document& d, std::uint32_t slot, std::size_t animation, std::size_t from, std::size_t to) {
  const auto at = animAt(d, slot, animation);
  checkKeyframe(at, from);
  checkKeyframe(at, to, "destination");
  const int n = static_cast<int>(at.count), dur = at.duration;
  const int f = static_cast<int>(from), t = static_cast<int>(to);
  // The keyframe index each old one lands on.
  auto moved = [=](int k) { return k == f ? t : (f < t && k > f && k <= t) ? k - 1 : (t < f && k >= t && k < f) ? k + 1 : k; };
  return rekey(d, at, [&](auto& ks) {
    auto k = ks[from];
    ks.erase(ks.begin() + static_cast<long>(from));
    ks.insert(ks.begin() + static_cast<long>(to), k);
  }, [=](int frame) { return frame < 0 || frame >= n * dur ? frame : moved(frame / dur) * dur + frame % dur; });
}

Edited interpolateKeyframes(const Document& d, std::uint32_t slot, std::size_t animation, std::size_t k, std::size_t count) {
  const auto at = animAt(d, slot, animation);
  checkKeyframe(at, k + 1, "the keyframe after");
  if (count == 0 || count > 255) throw EditError("count must be within 1..255");
  return rekey(d, at, [&](auto& ks) {
    std::vector<Keyframe> made;
    for (std::size_t i = 1; i <= count; ++i) made.push_back(anim::between(ks[k].pose, ks[k + 1].pose, double(i) / double(count + 1), at.format));
    insertPoses(ks, k + 1, made.begin(), made.end());
  }, anim::insertedMap(k + 1, count, at.duration));
}

Edited reverseKeyframes(const Document& d, std::uint32_t slot, std::size_t animation) {
  const auto at = animAt(d, slot, animation);
  const ObjectView v(objectsOf(d));
  const Animation& a = v.animations()[at.anim];
  return rekey(d, at, [](auto& ks) { std::reverse(ks.begin(), ks.end()); }, anim::reversedMap(int(a.frameEnd) - int(a.frameStart)));
}

Edited mirrorKeyframes(const Document& d, std::uint32_t slot, std::size_t animation, std::size_t first, std::size_t count) {
  const auto at = animAt(d, slot, animation);
  checkKeyframe(at, first);
  const ObjectView v(objectsOf(d));
  const auto pairs = anim::mirrorPairs(v.skeleton(at.movable), catalog::movableName(slot).value_or(""));
  const std::size_t end = count ? std::min(at.count, first + count) : at.count;
  return rekey(d, at, [&](auto& ks) {
    for (std::size_t i = first; i < end; ++i) ks[i].pose = anim::mirroredKeyframe(ks[i].pose, pairs);
  }, nullptr);
}

Edited pasteKeyframes(const Document& d, std::uint32_t slot, std::size_t animation, std::size_t at0, const std::vector<Keyframe>& poses,
                      bool replace) {
  const auto at = animAt(d, slot, animation);
  if (at0 > at.count) throw EditError("at " + std::to_string(at0) + " is past the animation's " + std::to_string(at.count) + " keyframes");
  if (poses.empty()) throw EditError("no keyframes to paste");
  const ObjectView v(objectsOf(d));
  const std::size_t meshes = v.meshCount(at.movable);
  for (const auto& p : poses)
    if (p.rotations.size() != meshes)
      throw EditError("a pasted keyframe has " + std::to_string(p.rotations.size()) + " rotations; the movable has " +
                      std::to_string(meshes) + " meshes");
  if (replace) {
    const std::size_t end = std::min(at.count, at0 + poses.size());
    return rekey(d, at, [&](auto& ks) {
      for (std::size_t i = at0; i < end; ++i) ks[i].pose = poses[i - at0];
      insertPoses(ks, end, poses.begin() + static_cast<long>(end - at0), poses.end());
    }, anim::insertedMap(end, at0 + poses.size() - end, at.duration));
  }
  return rekey(d, at, [&](auto& ks) { insertPoses(ks, at0, poses.begin(), poses.end()); }, anim::insertedMap(at0, poses.size(), at.duration));
}

Edited resampleKeyframes(const Document& d, std::uint32_t slot, std::size_t animation, int duration) {
  const auto at = animAt(d, slot, animation);
  if (duration < 1 || duration > 255) throw EditError("frame duration must be within 1..255");
  if (duration == at.duration || at.count == 0) return {d, {}};
  const ObjectView v(objectsOf(d));
  const Animation& a = v.animations()[at.anim];
  // Frame numbers count the engine's ticks: the keyframes move, the frames keep their moments.
  const int last = std::max(int(a.frameEnd) - int(a.frameStart), (int(at.count) - 1) * at.duration);
  const std::size_t count = std::size_t((last + duration - 1) / duration) + 1;
  return {editRun(d, at, [&](anim::KeyframeRun& run, Animation& r) {
    const auto poses = posesOf(run.keyframes);
    std::vector<anim::StoredKeyframe> out;
    for (std::size_t j = 0; j < count; ++j) {
      const int frame = int(j) * duration;  // on an old keyframe: kept with its words
      const std::size_t k = std::size_t(frame / at.duration);
      out.push_back(frame % at.duration == 0 && k < at.count ? run.keyframes[k]
                                                             : anim::StoredKeyframe{anim::poseAt(poses, at.duration, frame, at.format), {}});
    }
    run.keyframes = std::move(out);
    r.frameDuration = static_cast<std::uint8_t>(duration);
  })};
}

Edited recomputeKeyframeBoxes(const Document& d, std::uint32_t slot, std::size_t animation, std::size_t first, std::size_t count,
                              int grow) {
  const auto at = animAt(d, slot, animation);
  checkKeyframe(at, first);
  const ObjectView v(objectsOf(d));
  const Game game = isLevel(d) ? std::get<LevelDocument>(d).game() : kWadGame;
  const auto meshes = anim::drawnBones(v, game, at.movable).meshes;
  const auto skeleton = v.skeleton(at.movable);
  const std::size_t end = count ? std::min(at.count, first + count) : at.count;
  return {anim::editKeyframes(d, at.movable, at.anim, [&](anim::KeyframeRun& run, Animation&) {
    for (std::size_t i = first; i < end; ++i) run.keyframes[i].pose.box = anim::posedBox(skeleton, meshes, run.keyframes[i].pose, grow);
  })};
}

}  // namespace wadsmith::ops
