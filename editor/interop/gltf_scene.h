// Reading a glTF scene's data safely: accessors (bounds-checked against their views and
// buffers, normalized integers scaled, sparse accessors applied), node transforms at rest and
// at a time of an animation (samplers evaluated as the spec defines them). Internal to the
// glTF import.
#pragma once
#include <map>
#include <string>
#include <vector>

#include "model/foreign/scene.h"
#include "model/geometry/matrix.h"

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

class GltfScene {
 public:
  GltfScene(const tinygltf::Model& m, std::string file);
  const tinygltf::Model& model() const { return m_; }
  const std::string& file() const { return file_; }
  [[noreturn]] void fail(const std::string& where, const std::string& what) const;

  // Every element of an accessor as floats (`width` components each, checked against its type).
  std::vector<float> floats(int accessor, int width, const std::string& where) const;
  // Whole numbers (indices, joints), checked to be an integer type.
  std::vector<std::uint32_t> integers(int accessor, int width, const std::string& where) const;

  int parent(int node) const { return node >= 0 && node < int(parents_.size()) ? parents_[node] : -1; }
  // World matrices of every node for these local transforms.
  std::vector<Mat4> world(const std::vector<Trs>& local) const;
  std::vector<Trs> restPose() const;

  // An animation: the time span of its samplers' keys, and the local transforms at `time`.
  struct Span {
    float start = 0, end = 0;
  };
  Span span(int animation) const;
  std::vector<Trs> pose(int animation, float time) const;
  // Whether an animation's channels target any of these nodes.
  bool moves(int animation, const std::map<int, int>& nodes) const;

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
