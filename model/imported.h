// An object brought in from another engine or a 3D file (EverQuest, 3D GameStudio, glTF, OBJ,
// FBX...), already in TR's space but still in floats: the common form every foreign source
// converts to before it becomes WAD records (quantized vertices, TR rotation words, texture
// samples packed into pages). One converter per source format produces it; one builder turns
// it into a movable or a static.
//
// Space: x right, y down, z forward (TR's axes), 1024 units per floor sector. Converters apply
// their source's axis change and scale and say which they chose in `notes`.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "model/geometry/quaternion.h"

namespace wadsmith::imported {

struct Vec2 {
  float u = 0, v = 0;
};
using geometry::Vec3;
using geometry::Quat;  // unit, in TR's space

// RGBA, rows top to bottom; alpha 0 is transparent (becomes magenta in a WAD page).
struct Image {
  std::string name;
  int width = 0, height = 0;
  std::vector<std::uint8_t> rgba;  // width * height * 4
};

struct Face {
  int corners = 3;  // 3 or 4
  // Into Mesh::positions; a quad's corners in drawing order. The visible side faces along
  // cross(p[v2] - p[v0], p[v1] - p[v0]), the direction TR's stored normals point.
  std::array<int, 4> vertices{};
  // Into Model::images; -1 draws the face in `color` (a solid sample).
  int image = -1;
  // Texture coordinates per corner, 0..1 across the image, v from its top row.
  std::array<Vec2, 4> uv{};
  std::array<std::uint8_t, 3> color{};  // when image is -1
  bool translucent = false;  // additive blending in TR4
  bool doubleSided = false;  // TR4 WAD faces have none: the builder reports it
};

struct Mesh {
  std::string name;
  std::vector<Vec3> positions;
  std::vector<Vec3> normals;  // per position, or empty (the builder computes them)
  std::vector<float> shades;  // per position 0 (lit) .. 1 (dark); used instead of normals when set
  std::vector<Face> faces;
};

// One per mesh of a movable, same index: the mesh tree. Posing as TR does: the root mesh is at
// T(frame offset) * R(rotation 0); mesh i at world(parent) * T(offset i) * R(rotation i), so an
// offset turns with its parent. A parent comes before its children.
struct Bone {
  std::string name;
  int parent = -1;  // index of the parent bone; -1 for the root (bone 0)
  Vec3 offset;      // from the parent's origin, in the parent's unrotated space
};

// A sampled pose: the root's offset and one local rotation per bone.
struct Frame {
  Vec3 offset;
  std::vector<Quat> rotations;
};

struct Animation {
  std::string name;
  float framesPerSecond = 30;  // TR plays 30; a converter resamples or reports another rate
  std::vector<Frame> frames;
  // Per frame, the largest distance (TR units) between a vertex posed by this frame and where
  // the source puts it, when the converter measured it (rigid fits of vertex animation, per-
  // frame translations TR keeps fixed); empty when not measured.
  std::vector<float> frameResiduals;
};

struct Model {
  std::string name;
  bool movable = true;  // false: a static (mesh 0 only)
  std::vector<Mesh> meshes;
  std::vector<Bone> bones;  // movables: as many as meshes
  std::vector<Animation> animations;
  std::vector<Image> images;
  std::vector<std::string> notes;  // what the converter chose or could not keep
};

}  // namespace wadsmith::imported
