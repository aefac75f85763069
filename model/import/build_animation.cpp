#include "model/import/build_animation.h"

#include <algorithm>
#include <cmath>

#include "model/geometry/poser.h"
#include "model/geometry/rotation_words.h"
#include "model/import/build_mesh.h"
#include "model/keyframe.h"

namespace wadsmith::import {
namespace {

using imported::Quat;
using imported::Vec3;
using geometry::toVec;

// Frames as TR plays them: `duration` game frames (1/30 s) apart. A rate that is not 30 / a
// whole number is resampled: as many keyframes as the length holds at the nearest whole
// duration, spread so the first and the last frame are keyframes.
std::vector<imported::Frame> framesAt30(const imported::Animation& a, int& duration, bool& resampled) {
  float fps = std::isfinite(a.framesPerSecond) && a.framesPerSecond > 0 ? a.framesPerSecond : 30.0f;
  double ratio = 30.0 / fps;
  duration = static_cast<int>(std::clamp(std::lround(ratio), 1L, 255L));
  resampled = std::abs(ratio - duration) > 1e-3 && a.frames.size() > 1;
  if (!resampled) return a.frames;
  const double steps = double(a.frames.size() - 1) * ratio / duration;  // keyframe intervals at the true length
  const auto count = static_cast<std::size_t>(std::max(1L, std::lround(steps))) + 1;
  std::vector<imported::Frame> out;
  for (std::size_t k = 0; k < count; ++k) {
    double at = double(k) * double(a.frames.size() - 1) / double(count - 1);
    auto i = std::min(static_cast<std::size_t>(at), a.frames.size() - 1);
    auto j = std::min(i + 1, a.frames.size() - 1);
    float t = static_cast<float>(at - double(i));
    const auto &fa = a.frames[i], &fb = a.frames[j];
    imported::Frame f;
    f.offset = fa.offset + (fb.offset - fa.offset) * t;
    for (std::size_t r = 0; r < std::max(fa.rotations.size(), fb.rotations.size()); ++r)
      f.rotations.push_back(slerp(r < fa.rotations.size() ? fa.rotations[r] : Quat{},
                                  r < fb.rotations.size() ? fb.rotations[r] : Quat{}, t));
    out.push_back(std::move(f));
  }
  return out;
}

// One frame as keyframe words: the bounding box of the meshes posed from the words (what the
// engine will do, measured against the float pose), the root offset and a rotation per mesh.
std::vector<std::uint16_t> keyframeWords(const Rig& rig, const imported::Frame& frame, const std::string& at,
                                         const std::string& which, ModelReport& rep, double& errorSum) {
  const Tree& tree = rig.tree;
  std::vector<Quat> rotations(tree.order.size());
  for (std::size_t k = 0; k < tree.order.size(); ++k) {
    const auto b = static_cast<std::size_t>(tree.order[k]);
    rotations[k] = b < frame.rotations.size() ? geometry::normalized(frame.rotations[b]) : Quat{};
  }
  std::vector<std::uint16_t> words(9, 0);
  const Vec3s offset{toUnits(frame.offset.x, at, "root offset x"), toUnits(frame.offset.y, at, "root offset y"),
                     toUnits(frame.offset.z, at, "root offset z")};
  words[6] = static_cast<std::uint16_t>(offset.x), words[7] = static_cast<std::uint16_t>(offset.y),
  words[8] = static_cast<std::uint16_t>(offset.z);
  for (const auto& q : rotations) {
    auto e = closestRotation(q);
    words.insert(words.end(), e.words.begin(), e.words.end());
    rep.maxRotationError = std::max(rep.maxRotationError, e.errorDegrees);
    errorSum += e.errorDegrees;
    ++rep.rotations;
    rep.oneAxisRotations += e.words.size() == 1;
  }
  const Keyframe decoded = decodeKeyframe(words, tree.order.size());
  std::vector<Quat> quantized;
  for (const auto& r : decoded.rotations) quantized.push_back(geometry::cast<float>(geometry::rotationQuat(r)));
  const auto posedWords = geometry::poseTree(tree.parent, rig.storedOffsets, toVec(offset), quantized);
  const auto posedFloat = geometry::poseTree(tree.parent, rig.offsets, frame.offset, rotations);
  float lo[3] = {1e30f, 1e30f, 1e30f}, hi[3] = {-1e30f, -1e30f, -1e30f};
  for (std::size_t k = 0; k < rig.meshes.size(); ++k) {
    const auto& positions = rig.model.meshes[static_cast<std::size_t>(tree.order[k])].positions;
    for (std::size_t v = 0; v < rig.meshes[k].vertices.size(); ++v) {
      Vec3 p = posedWords[k].apply(toVec(rig.meshes[k].vertices[v]));
      double d = geometry::length(p - posedFloat[k].apply(positions[v]));
      if (d > rep.maxPositionError) rep.maxPositionError = d, rep.worstPositionAt = which + " mesh " + std::to_string(k);
      const float c[3] = {p.x, p.y, p.z};
      for (int i = 0; i < 3; ++i) lo[i] = std::min(lo[i], c[i]), hi[i] = std::max(hi[i], c[i]);
    }
  }
  if (lo[0] > hi[0]) std::fill(lo, lo + 3, 0.0f), std::fill(hi, hi + 3, 0.0f);
  const char* axis[3] = {"x", "y", "z"};
  for (int i = 0; i < 3; ++i) {
    words[static_cast<std::size_t>(2 * i)] = static_cast<std::uint16_t>(toUnits(std::floor(lo[i]), at, std::string("bounding box min ") + axis[i]));
    words[static_cast<std::size_t>(2 * i + 1)] = static_cast<std::uint16_t>(toUnits(std::ceil(hi[i]), at, std::string("bounding box max ") + axis[i]));
  }
  return words;
}

}  // namespace

Tree depthFirst(const imported::Model& m) {
  const int n = static_cast<int>(m.bones.size());
  std::vector<std::vector<int>> children(static_cast<std::size_t>(n));
  std::vector<int> parentOf(static_cast<std::size_t>(n), -1);  // an invalid parent: the root
  Tree t;
  for (int i = 1; i < n; ++i) {
    int p = m.bones[i].parent;
    if (p < 0 || p >= i) p = 0, ++t.reparented;
    parentOf[i] = p;
    children[p].push_back(i);
  }
  std::vector<int> newIndex(static_cast<std::size_t>(n), 0), stack{0};
  while (!stack.empty()) {
    int b = stack.back();
    stack.pop_back();
    newIndex[b] = static_cast<int>(t.order.size());
    t.order.push_back(b);
    for (auto it = children[b].rbegin(); it != children[b].rend(); ++it) stack.push_back(*it);
  }
  for (int b : t.order) t.parent.push_back(b == 0 ? -1 : newIndex[parentOf[b]]);
  return t;
}

BuiltAnimation buildAnimation(const Rig& rig, const imported::Animation& src, std::size_t index, const std::string& label,
                              ModelReport& rep, double& errorSum, std::size_t& frameCursor) {
  const std::string where = label + ": animation " + std::to_string(index) + (src.name.empty() ? "" : " (" + src.name + ")");
  int duration = 1;
  bool resampled = false;
  auto frames = framesAt30(src, duration, resampled);
  if (frames.empty()) frames.push_back({{}, std::vector<Quat>(rig.model.bones.size())});
  if (resampled)
    rep.notes.push_back("animation " + src.name + ": " + number(src.framesPerSecond) + " frames per second resampled to " +
                        std::to_string(frames.size()) + " keyframes every " + std::to_string(duration) +
                        " game frame(s) (30 per second); it lasts " + number(double(frames.size() - 1) * duration / 30.0) +
                        " s instead of " + number(double(src.frames.size() - 1) / src.framesPerSecond) + " s");

  std::vector<std::vector<std::uint16_t>> keyframes;
  std::size_t size = 0;
  for (std::size_t f = 0; f < frames.size(); ++f) {
    const std::string which = "animation " + std::to_string(index) + " frame " + std::to_string(f);
    keyframes.push_back(keyframeWords(rig, frames[f], where + " frame " + std::to_string(f), which, rep, errorSum));
    size = std::max(size, keyframes.back().size());
  }
  if (size > 255)
    throw BuildError(where + ": a keyframe needs " + std::to_string(size) + " words; TR stores at most 255 (about 120 meshes)");
  BuiltAnimation out;
  for (auto& k : keyframes) {
    k.resize(size, 0);  // one-axis words make some keyframes shorter: padded to the animation's size
    out.words.insert(out.words.end(), k.begin(), k.end());
  }
  rep.keyframes += keyframes.size();
  out.record.frameDuration = static_cast<std::uint8_t>(duration);
  out.record.keyframeSize = static_cast<std::uint8_t>(size);
  out.record.stateId = static_cast<std::uint16_t>(index);
  const std::size_t frameCount = (keyframes.size() - 1) * static_cast<std::size_t>(duration) + 1;
  out.record.frameStart = static_cast<std::uint16_t>(frameCursor);
  if (frameCursor + frameCount - 1 > 0xFFFF) throw BuildError(where + ": the movable's animations run past frame 65535");
  out.record.frameEnd = static_cast<std::uint16_t>(frameCursor + frameCount - 1);
  out.record.nextFrame = out.record.frameStart;
  frameCursor += frameCount;
  return out;
}

}  // namespace wadsmith::import
