#include "model/keyframe.h"

#include <cmath>

namespace wadsmith {

namespace {

Rotation threeAxes(std::uint32_t v) {
  Rotation r;
  r.axes = Rotation::Axes::XYZ;
  r.words = 2;
  r.x = static_cast<float>((v >> 20) & 0x3FF) * 360.0f / 1024.0f;
  r.y = static_cast<float>((v >> 10) & 0x3FF) * 360.0f / 1024.0f;
  r.z = static_cast<float>(v & 0x3FF) * 360.0f / 1024.0f;
  return r;
}

}  // namespace

std::size_t tr1KeyframeWords(std::span<const std::uint16_t> words) {
  if (words.size() < 10) return 0;
  const std::size_t n = 10 + 2 * std::size_t{words[9]};
  return n <= words.size() ? n : 0;
}

Keyframe decodeKeyframe(std::span<const std::uint16_t> words, std::size_t meshCount, KeyframeFormat format) {
  Keyframe k;
  if (words.size() < 9) {
    k.truncated = true;
    return k;
  }
  auto s = [&](std::size_t i) { return static_cast<std::int16_t>(words[i]); };
  k.box = {s(0), s(1), s(2), s(3), s(4), s(5)};
  k.offset = {s(6), s(7), s(8)};
  if (format == KeyframeFormat::Tr1) {
    // Meshes past the stored count have no rotation: zero angles.
    const std::size_t stored = words.size() > 9 ? words[9] : 0;
    for (std::size_t m = 0; m < meshCount; ++m) {
      const std::size_t at = 10 + 2 * m;
      if (m >= stored) {
        k.rotations.push_back(threeAxes(0));
      } else if (at + 1 >= words.size()) {
        k.truncated = true;
        break;
      } else {
        k.rotations.push_back(threeAxes((static_cast<std::uint32_t>(words[at + 1]) << 16) | words[at]));
      }
    }
    return k;
  }
  // One-axis angles: 4096 units a turn in TR4 (12 bits), 1024 in TR2/3 (10 bits).
  const bool tr4 = format == KeyframeFormat::Tr4;
  const std::uint16_t mask = tr4 ? 0x0FFF : 0x03FF;
  const float unit = tr4 ? 360.0f / 4096.0f : 360.0f / 1024.0f;
  std::size_t at = 9;
  for (std::size_t m = 0; m < meshCount; ++m) {
    if (at >= words.size()) {
      k.truncated = true;
      break;
    }
    std::uint16_t w = words[at];
    Rotation r;
    switch (w & 0xC000) {
      case 0x0000: {
        if (at + 1 >= words.size()) {
          k.truncated = true;
          m = meshCount;
          continue;
        }
        r = threeAxes((static_cast<std::uint32_t>(w) << 16) | words[at + 1]);
        break;
      }
      case 0x4000: r.axes = Rotation::Axes::X; r.x = static_cast<float>(w & mask) * unit; break;
      case 0x8000: r.axes = Rotation::Axes::Y; r.y = static_cast<float>(w & mask) * unit; break;
      default: r.axes = Rotation::Axes::Z; r.z = static_cast<float>(w & mask) * unit; break;
    }
    at += static_cast<std::size_t>(r.words);
    k.rotations.push_back(r);
  }
  return k;
}

std::vector<std::uint16_t> encodeRotation(const Rotation& r) {
  auto unit = [](float deg, float full, std::uint32_t mask) {
    float v = std::fmod(deg, 360.0f);
    if (v < 0) v += 360.0f;
    return static_cast<std::uint32_t>(std::lround(v * full / 360.0f)) & mask;
  };
  switch (r.axes) {
    case Rotation::Axes::X: return {static_cast<std::uint16_t>(0x4000 | unit(r.x, 4096, 0xFFF))};
    case Rotation::Axes::Y: return {static_cast<std::uint16_t>(0x8000 | unit(r.y, 4096, 0xFFF))};
    case Rotation::Axes::Z: return {static_cast<std::uint16_t>(0xC000 | unit(r.z, 4096, 0xFFF))};
    case Rotation::Axes::XYZ: break;
  }
  std::uint32_t v = (unit(r.x, 1024, 0x3FF) << 20) | (unit(r.y, 1024, 0x3FF) << 10) | unit(r.z, 1024, 0x3FF);
  return {static_cast<std::uint16_t>(v >> 16), static_cast<std::uint16_t>(v & 0xFFFF)};
}

}  // namespace wadsmith
