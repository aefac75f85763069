// A 3D file's scene (glTF, OBJ, FBX, DAE) as its importer reads it, still in the file's space and
// units (y up, metres), and the one conversion to the common float form (imported.h) every such
// importer uses: each vertex in the mesh of its heaviest bone, vertices welded per bone (same
// position and normal), faces turned to TR's winding, the mesh tree from the bones' bind pose,
// animations sampled at 30 frames a second with each bone's turn measured from its bind pose
// (TR meshes are stored unrotated at rest).
#pragma once
#include <array>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "model/geometry/matrix.h"
#include "model/imported.h"

namespace wadsmith::foreign {

using geometry::Mat4;

// Animations are sampled at the game's frame rate, up to ten minutes each.
constexpr float kSampleFps = 30;
constexpr std::size_t kMaxSampledFrames = 30 * 60 * 10;

// A y-up, metre-based scene to TR's space: a half turn about z, `scale` TR units per metre.
struct TrSpace {
  float scale = 512;
  imported::Vec3 point(const imported::Vec3& v) const { return {-v.x * scale, -v.y * scale, v.z * scale}; }
  imported::Vec3 direction(const imported::Vec3& v) const { return {-v.x, -v.y, v.z}; }
  imported::Quat rotation(const imported::Quat& q) const { return {q.w, -q.x, -q.y, q.z}; }
};

struct SceneBone {
  std::string name;  // also its mesh's
  int parent = -1;   // an earlier bone; -1 for the root
  Mat4 bind;         // world matrix at bind, the pose the meshes are modelled in
};

struct SceneMesh {
  Mat4 world;  // mesh space to the scene's (the identity for a glTF skin's meshes)
  std::vector<imported::Vec3> positions;
  std::vector<imported::Vec3> normals;  // per position, or empty
  std::vector<imported::Vec2> uvs;      // per position (v from the picture's top row), or empty
  std::vector<imported::Vec3> colors;   // per position (red, green, blue 0..1), or empty
  // Per position, four bones (-1: none) and their weights; empty: every vertex is `bone`'s.
  std::vector<std::array<int, 4>> joints;
  std::vector<std::array<float, 4>> weights;
  int bone = 0;  // also where a vertex without any bone goes
  // The polygons' corners (into positions), counter-clockwise seen from their front; `sizes`
  // counts corners per polygon (empty: all triangles).
  std::vector<std::uint32_t> corners;
  std::vector<std::uint32_t> sizes;
  int image = -1;  // into Scene::images
  std::array<std::uint8_t, 3> color{};
  bool translucent = false;
};

struct SceneAnimation {
  std::string name;
  int index = 0;       // in the file, for messages
  double seconds = 0;  // from its first key to its last
  std::function<std::vector<Mat4>(float seconds)> boneWorld;  // every bone's world matrix then
};

struct Scene {
  std::string file;  // for messages
  std::string name;
  bool movable = true;  // false: every mesh as one static mesh in the rest pose
  TrSpace space;
  imported::Vec3 origin;  // the object's place in the scene, taken off every frame's root
  std::vector<SceneBone> bones;
  std::vector<SceneMesh> meshes;
  std::vector<SceneAnimation> animations;
  std::vector<imported::Image> images;
};

// Throws std::runtime_error naming the file for an animation longer than ten minutes.
imported::Model sceneModel(const Scene& scene);

// A movable as one static mesh: every mesh at its place in the rest pose (the mesh tree's
// offsets added up).
imported::Model asStatic(const imported::Model& m);

}  // namespace wadsmith::foreign
