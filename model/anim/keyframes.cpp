#include "model/anim/keyframes.h"

#include <algorithm>
#include <stdexcept>

#include "model/object_view.h"
#include "model/runs.h"

namespace wadsmith::anim {
namespace {

// The keyframe's words: as stored while the pose decodes from them, else encoded with the
// stored words past the rotations kept.
std::vector<std::uint16_t> keyframeWords(const StoredKeyframe& k, KeyframeFormat format, std::size_t meshCount) {
  if (!k.words.empty() && decodeKeyframe(k.words, meshCount, format) == k.pose) return k.words;
  auto out = encodeKeyframe(k.pose, format);
  if (format != KeyframeFormat::Tr1 && out.size() < k.words.size())
    out.insert(out.end(), k.words.begin() + static_cast<long>(out.size()), k.words.end());
  return out;
}

// The run's words and the keyframe size they need (TR1: 0, keyframes carry their size); throws
// std::length_error when a keyframe needs more than 255 words.
struct EncodedRun {
  std::vector<std::uint16_t> words;
  std::uint8_t keyframeSize = 0;
};
EncodedRun encodeRun(const KeyframeRun& run, std::uint8_t keyframeSize, KeyframeFormat format) {
  std::vector<std::vector<std::uint16_t>> each;
  // The size the keyframes need: their rotations and any padding that is not zero (zeros past
  // every keyframe's rotations are the padding a grown size added, gone when it shrinks back).
  std::size_t size = 0;
  for (const auto& k : run.keyframes) {
    each.push_back(keyframeWords(k, format, k.pose.rotations.size()));
    if (format == KeyframeFormat::Tr1) continue;
    std::size_t used = each.back().size();
    const std::size_t content = encodeKeyframe(k.pose, format).size();
    while (used > content && each.back()[used - 1] == 0) --used;
    size = std::max(size, used);
  }
  if (run.keyframes.empty()) size = keyframeSize;
  if (size > 255) throw std::length_error("a keyframe needs " + std::to_string(size) + " words, more than the 255 the animation can say");
  EncodedRun out;
  out.keyframeSize = static_cast<std::uint8_t>(size);
  for (auto& w : each) {
    if (format != KeyframeFormat::Tr1) w.resize(size, 0);
    out.words.insert(out.words.end(), w.begin(), w.end());
  }
  return out;
}

}  // namespace

std::vector<std::uint16_t> encodeKeyframe(const Keyframe& k, KeyframeFormat format) {
  const auto& b = k.box;
  std::vector<std::uint16_t> out;
  for (std::int16_t v : {b.minX, b.maxX, b.minY, b.maxY, b.minZ, b.maxZ, k.offset.x, k.offset.y, k.offset.z})
    out.push_back(static_cast<std::uint16_t>(v));
  if (format == KeyframeFormat::Tr1) out.push_back(static_cast<std::uint16_t>(k.rotations.size()));
  for (const auto& r : k.rotations) {
    const auto w = encodeRotation(r, format);
    out.insert(out.end(), w.begin(), w.end());
  }
  return out;
}

KeyframeRun readKeyframes(const ObjectView& v, std::size_t anim, std::size_t meshCount) {
  KeyframeRun run;
  const auto words = v.keyframeWords(anim);
  const auto poses = v.keyframes(anim, meshCount);
  const KeyframeFormat format = v.tables().keyframeFormat;
  const std::size_t size = v.animations()[anim].keyframeSize;
  std::size_t at = 0;
  for (const auto& pose : poses) {
    const std::size_t n = format == KeyframeFormat::Tr1 ? tr1KeyframeWords(std::span(words).subspan(at)) : size;
    run.keyframes.push_back({pose, std::vector<std::uint16_t>(words.begin() + static_cast<long>(at),
                                                              words.begin() + static_cast<long>(at + n))});
    at += n;
  }
  return run;
}

Document editKeyframes(const Document& d, std::size_t movable, std::size_t anim, const KeyframeEdit& edit) {
  const ObjectView v(objectsOf(d));
  const std::size_t meshCount = v.meshCount(movable);
  KeyframeRun run = readKeyframes(v, anim, meshCount);
  const auto before = encodeRun(run, v.animations()[anim].keyframeSize, v.tables().keyframeFormat);
  Animation record = v.animations()[anim];
  edit(run, record);
  const auto after = encodeRun(run, record.keyframeSize, v.tables().keyframeFormat);
  if (v.tables().keyframeFormat != KeyframeFormat::Tr1) record.keyframeSize = after.keyframeSize;
  const Id id = record.id;
  return editDocument(d, [&](Draft& e) {
    if (after.words != before.words) {
      auto& words = e.items(e.keyframes, ownRunOf(e, e.animations, &Animation::keyframes, e.keyframes, id));
      // The segment holds the run from its first whole keyframe: the words past them stay.
      std::vector<std::uint16_t> rest;
      if (words.size() > before.words.size()) rest.assign(words.begin() + static_cast<long>(before.words.size()), words.end());
      words = after.words;
      words.insert(words.end(), rest.begin(), rest.end());
    }
    // Read first: taking the record for writing copies its segment (all of Lara's animations).
    const RecordSlot at = *v.slotOf(id);
    const Animation& now = e.animations->segments[e.animations->find(at.segment)].items[at.offset];
    record.keyframes = now.keyframes;  // ownRunOf may have pointed it at a copy
    if (!(now == record)) e.record(e.animations, at) = record;
  });
}

}  // namespace wadsmith::anim
