#include "model/keyframe.h"

#include <algorithm>

namespace wadsmith {

std::size_t tr1KeyframeWords(std::span<const std::uint16_t> words) {
  if (words.size() < 10) return 0;
  const std::size_t n = 10 + 2 * std::size_t{words[9]};
  return n <= words.size() ? n : 0;
}

Keyframe decodeKeyframe(std::span<const std::uint16_t> words, std::size_t meshCount, KeyframeFormat format) {
  if (words.size() < 9) return {.truncated = true};
  auto s = [&](std::size_t i) { return static_cast<std::int16_t>(words[i]); };
  Keyframe k{.box = {s(0), s(1), s(2), s(3), s(4), s(5)}, .offset = {s(6), s(7), s(8)}};
  // TR1: meshes past the stored count have no rotation (zero angles); each rotation at its place.
  const std::size_t stored = format == KeyframeFormat::Tr1 && words.size() > 9 ? words[9] : 0;
  std::size_t at = format == KeyframeFormat::Tr1 ? 10 : 9;
  for (std::size_t m = 0; m < meshCount; ++m) {
    if (format == KeyframeFormat::Tr1 && m >= stored) {
      k.rotations.push_back({Rotation::Axes::XYZ, 0, 0, 0, 2});
      continue;
    }
    const Rotation r = geometry::decodeRotation(words.subspan(std::min(at, words.size())), format);
    if (r.words == 0) {
      k.truncated = true;
      break;
    }
    k.rotations.push_back(r);
    at += static_cast<std::size_t>(r.words);
  }
  return k;
}

}  // namespace wadsmith
