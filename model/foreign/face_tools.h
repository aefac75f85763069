// Small pieces every converter needs: the axis change of the Z-up sources, texture coordinates
// brought into one repetition (TR samples do not repeat), a stable colour for a texture nobody
// can find, pictures as images, and the shift that stands a model on the floor.
#pragma once
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "model/foreign/bitmap.h"
#include "model/geometry/rigid.h"
#include "model/imported.h"

namespace wadsmith::foreign {

using geometry::Quat;
using geometry::Rigid;
using geometry::Vec3;

// The Z-up sources (EverQuest, 3D GameStudio): x forward, y left, z up, right-handed. TR's space
// is x right, y down, z forward (also right-handed), so the change is a rotation: no mirror,
// and faces keep their vertex order.
inline Vec3 zUpToTr(Vec3 v) { return {-v.y, -v.z, v.x}; }
inline Vec3 zUpToTr(const std::array<float, 3>& v) { return {-v[1], -v[2], v[0]}; }
inline Quat zUpToTr(Quat q) {
  Vec3 axis = zUpToTr(Vec3{q.x, q.y, q.z});
  return {q.w, axis.x, axis.y, axis.z};
}

// A number for the notes, with `digits` decimals ("10.00").
std::string fixed(float v, int digits = 1);

// Moves a face's coordinates by whole repetitions so the smallest u and v fall in [0, 1),
// then clamps to [0, 1]. Returns false when the face spans more than one repetition, so
// clamping changed what it shows.
bool fitFaceUv(std::span<imported::Vec2> uv);

// The colour a face gets when its texture is nowhere: derived from the name, so faces of one
// missing texture share a colour and different textures differ.
std::array<std::uint8_t, 3> colorForName(std::string_view name);

imported::Image toImage(const Bitmap& b, std::string name);

// Turns the whole model about the vertical by `degrees`, counter-clockwise seen from above as
// the source engines' pan does (+90 turns a model looking along TR's +z to look along -x):
// statics' positions and normals, movables' root offsets and rotations. For sources authored
// facing another way than their engine's forward axis.
void turnModel(imported::Model& m, float degrees);

// Moves every mesh so the lowest point (TR's y points down: the largest y) is on y = 0, and
// says so in the notes with `digits` decimals.
void standOnFloor(imported::Model& m, int digits = 1);

// The name without spaces, lower case: "Object 1" asks for "object1".
std::string squeezed(std::string_view name);

// "a, b, c".
template <class Names>
std::string joined(const Names& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ", ") + std::string(n);
  return out;
}

}  // namespace wadsmith::foreign
