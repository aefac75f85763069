#include "model/foreign/face_tools.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <limits>

#include "model/ascii_case.h"

namespace wadsmith::foreign {

std::string fixed(float v, int digits) {
  char b[32];
  std::snprintf(b, sizeof b, "%.*f", digits, v);
  return b;
}

bool fitFaceUv(std::span<imported::Vec2> uv) {
  if (uv.empty()) return true;
  // A tolerance keeps a corner at 0.99999 (float noise of 1.0) from shifting the face.
  constexpr float kEps = 1e-4f;
  float minU = uv[0].u, minV = uv[0].v, maxU = uv[0].u, maxV = uv[0].v;
  for (const auto& c : uv) {
    minU = std::min(minU, c.u), maxU = std::max(maxU, c.u);
    minV = std::min(minV, c.v), maxV = std::max(maxV, c.v);
  }
  if (!std::isfinite(minU) || !std::isfinite(minV) || !std::isfinite(maxU) || !std::isfinite(maxV)) {
    for (auto& c : uv) c = {0, 0};
    return false;
  }
  float du = std::floor(minU + kEps), dv = std::floor(minV + kEps);
  bool fits = maxU - du <= 1 + kEps && maxV - dv <= 1 + kEps;
  for (auto& c : uv) {
    c.u = std::clamp(c.u - du, 0.0f, 1.0f);
    c.v = std::clamp(c.v - dv, 0.0f, 1.0f);
  }
  return fits;
}

std::array<std::uint8_t, 3> colorForName(std::string_view name) {
  std::uint32_t h = 2166136261u;  // FNV-1a
  for (char c : name) h = (h ^ static_cast<std::uint8_t>(std::tolower(static_cast<unsigned char>(c)))) * 16777619u;
  // A hue from the hash at middling saturation and brightness, never near magenta (TR's
  // transparent colour) or black.
  float hue = static_cast<float>(h % 300) / 60.0f;  // 0..5: red through blue
  float s = 0.55f, v = 0.8f;
  float c = v * s, x = c * (1 - std::abs(std::fmod(hue, 2.0f) - 1)), m = v - c;
  const float sectors[5][3] = {{c, x, 0}, {x, c, 0}, {0, c, x}, {0, x, c}, {x, 0, c}};
  const float* rgb = sectors[static_cast<int>(hue)];
  auto byte = [&](float f) { return static_cast<std::uint8_t>(std::lround((f + m) * 255)); };
  return {byte(rgb[0]), byte(rgb[1]), byte(rgb[2])};
}

imported::Image toImage(const Bitmap& b, std::string name) {
  return {std::move(name), b.width, b.height, b.rgba};
}

void turnModel(imported::Model& m, float degrees) {
  if (degrees == 0) return;
  // A pan of +t about the source's up axis is a turn of -t about TR's y (which points down).
  float half = -degrees * 3.14159265358979323846f / 360.0f;
  imported::Quat q{std::cos(half), 0, std::sin(half), 0};
  if (m.movable && !m.bones.empty()) {
    for (auto& a : m.animations)
      for (auto& f : a.frames) {
        f.offset = rotate(q, f.offset);
        if (!f.rotations.empty()) f.rotations[0] = q * f.rotations[0];
      }
    return;
  }
  for (auto& mesh : m.meshes) {
    for (auto& p : mesh.positions) p = rotate(q, p);
    for (auto& n : mesh.normals) n = rotate(q, n);
  }
}

void standOnFloor(imported::Model& m, int digits) {
  float low = -std::numeric_limits<float>::infinity();
  for (const auto& mesh : m.meshes)
    for (const auto& p : mesh.positions) low = std::max(low, p.y);
  const float shift = -(std::isfinite(low) ? low : 0.0f);
  for (auto& mesh : m.meshes)
    for (auto& p : mesh.positions) p.y += shift;
  m.notes.push_back("stood on the floor: moved " + fixed(shift, digits) + " along y");
}

std::string squeezed(std::string_view name) {
  std::string out;
  for (char c : asciiLower(name))
    if (!std::isspace(static_cast<unsigned char>(c))) out.push_back(c);
  return out;
}

}  // namespace wadsmith::foreign
