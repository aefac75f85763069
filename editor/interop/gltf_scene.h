// Reading a glTF scene's data safely: accessors (bounds-checked against their views and
// buffers, normalized integers scaled, sparse accessors applied), node transforms at rest and
// at a time of an animation (samplers evaluated as the spec defines them). Internal to the
// glTF import.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "model/geometry/matrix.h"
#include "model/imported.h"

namespace tinygltf {
class Model;
}

namespace wadsmith::interop {

using geometry::Mat4;
using geometry::Quat;
using geometry::Vec3;

struct Trs {
  Vec3 t;
  Quat r;
  Vec3 s{1, 1, 1};
};
Mat4 matrixOf(const Trs& t);

// Animations are sampled at the game's frame rate, up to ten minutes each.
constexpr float kSampleFps = 30;
constexpr std::size_t kMaxSampledFrames = 30 * 60 * 10;

// A y-up, metre-based scene (glTF, Assimp) to TR's space: a half turn about z, `scale` TR units
// per metre.
struct TrSpace {
  float scale = 512;
  imported::Vec3 point(const Vec3& v) const { return {-v.x * scale, -v.y * scale, v.z * scale}; }
  imported::Vec3 direction(const Vec3& v) const { return {-v.x, -v.y, v.z}; }
  imported::Quat rotation(const Quat& q) const { return {q.w, -q.x, -q.y, q.z}; }
};

// One TR frame from the bones' world matrices at that time: each bone's turn from its bind
// pose (TR meshes are stored unrotated at rest) relative to its parent's, and the root bone's
// position less `origin` as the frame offset. `parent[b]` < b.
imported::Frame trFrame(const std::vector<Mat4>& boneWorld, const std::vector<Quat>& bindRotation,
                        const std::vector<int>& parent, const TrSpace& space, const Vec3& origin);

// A movable as one static mesh: every mesh at its place in the rest pose (the mesh tree's
// offsets added up).
imported::Model asStatic(const imported::Model& m);

class GltfScene {
 public:
  GltfScene(const tinygltf::Model& m, std::string file);
  const tinygltf::Model& model() const { return m_; }
  [[noreturn]] void fail(const std::string& where, const std::string& what) const;

  // Every element of an accessor as floats (`width` components each, checked against its type).
  std::vector<float> floats(int accessor, int width, const std::string& where) const;
  // Whole numbers (indices, joints), checked to be an integer type.
  std::vector<std::uint32_t> integers(int accessor, int width, const std::string& where) const;

  int parent(int node) const { return node >= 0 && node < int(parents_.size()) ? parents_[node] : -1; }
  Trs rest(int node) const;
  // World matrices of every node for these local transforms.
  std::vector<Mat4> world(const std::vector<Trs>& local) const;
  std::vector<Trs> restPose() const;

  // An animation: the time span of its samplers' keys, and the local transforms at `time`.
  struct Span {
    float start = 0, end = 0;
  };
  Span span(int animation) const;
  std::vector<Trs> pose(int animation, float time) const;
  // Nodes that an animation's channels target.
  std::vector<int> targets(int animation) const;

 private:
  struct Channel {
    int node;
    int path;  // 0 translation, 1 rotation, 2 scale
    std::string interpolation;
    std::vector<float> input, output;
  };
  const std::vector<Channel>& channels(int animation) const;

  const tinygltf::Model& m_;
  std::string file_;
  std::vector<int> parents_;
  mutable std::map<int, std::vector<Channel>> channels_;
};

}  // namespace wadsmith::interop
