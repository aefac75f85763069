// Writing a glTF scene as tinygltf writes a model, without its copies: tinygltf keeps extras as
// trees of tinygltf::Value and writes the whole model through one JSON tree, then one string,
// then the file, so an export of a whole WAD took 20 times the file it wrote. Here the large
// parts of the JSON are text as soon as they are made (extras, accessors, buffer views,
// animations: the model holds a marker string or nothing in their place), the buffer stays
// where it was made, and the file is written as a list of pieces that are never joined.
#pragma once
#include "editor/interop/tiny_gltf_config.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "model/bytes.h"

namespace wadsmith::interop {

class SceneText {
 public:
  // The marker to put in the model where these extras go.
  tinygltf::Value stash(nlohmann::json extras);
  // The scene's accessors, buffer views and animations (with their extras), written as they are
  // made, each returning its index.
  int add(const tinygltf::Accessor& accessor);
  int add(const tinygltf::BufferView& view);
  int add(const tinygltf::Animation& animation, nlohmann::json extras);

  // A text in the JSON: a compact JSON value, or an array's compact elements one to a line.
  struct Text {
    std::string json;
    bool lines = false;
  };

 private:
  friend std::vector<SharedBytes> writeGltf(const tinygltf::Model&, std::vector<SharedBytes>, SceneText, bool);
  struct Array {
    std::string lines;
    int count = 0;
    int add(std::string element);
  };
  std::vector<Text> texts_;
  Array accessors_, views_, animations_;
};

// A .glb when `binary`, else a .gltf with its buffer embedded, as tinygltf's
// WriteGltfSceneToStream writes it: `model` (no buffers, accessors, buffer views or animations:
// they are in `text`), `bin` the pieces of its one buffer. The pieces of the file, in order.
std::vector<SharedBytes> writeGltf(const tinygltf::Model& model, std::vector<SharedBytes> bin, SceneText text,
                                   bool binary);

// The one binary buffer of a glTF export: data appended as a buffer view per accessor (no
// strides to get wrong), kept beside the model with the scene's text and written by writeGltf.
class Bin {
 public:
  SceneText text;  // its views and accessors, and the large extras

  int view(const void* data, std::size_t bytes, int target) {
    pad();
    tinygltf::BufferView v;
    v.buffer = 0;
    v.byteOffset = size_;
    v.byteLength = bytes;
    v.target = target;
    append(static_cast<const std::uint8_t*>(data), bytes);
    return text.add(v);
  }
  // Zeros up to a multiple of 4 bytes (where a view starts, and at the end).
  void pad() {
    static constexpr std::uint8_t zeros[3] = {};
    append(zeros, (4 - size_ % 4) % 4);
  }
  // The buffer's bytes, piece after piece; the Bin is empty after.
  std::vector<SharedBytes> take() {
    std::vector<SharedBytes> out;
    for (auto& b : blocks_) out.push_back(SharedBytes(std::move(b)));
    blocks_.clear();
    size_ = 0;
    return out;
  }
  // Floats in groups of `width` (1 scalar, 2, 3, 4 vectors, 16 a matrix).
  int floats(const std::vector<float>& v, int width, int target, bool bounds) {
    tinygltf::Accessor a = accessor(v, target, TINYGLTF_COMPONENT_TYPE_FLOAT, width);
    if (bounds) {
      a.minValues.assign(width, INFINITY);
      a.maxValues.assign(width, -INFINITY);
      for (std::size_t i = 0; i < v.size(); ++i) {
        a.minValues[i % width] = std::min<double>(a.minValues[i % width], v[i]);
        a.maxValues[i % width] = std::max<double>(a.maxValues[i % width], v[i]);
      }
    }
    return text.add(a);
  }
  int indices(const std::vector<std::uint32_t>& v) {
    return text.add(
        accessor(v, TINYGLTF_TARGET_ELEMENT_ARRAY_BUFFER, TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT, 1));
  }
  int joints(const std::vector<std::uint16_t>& v) {
    return text.add(accessor(v, TINYGLTF_TARGET_ARRAY_BUFFER, TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT, 4));
  }

 private:
  // An accessor of `v` in a view of its own, `width` components an element (1 a scalar, 16 a matrix).
  template <class T>
  tinygltf::Accessor accessor(const std::vector<T>& v, int target, int componentType, int width) {
    tinygltf::Accessor a;
    a.bufferView = view(v.data(), v.size() * sizeof(T), target);
    a.componentType = componentType;
    a.count = v.size() / width;
    a.type = width == 1 ? TINYGLTF_TYPE_SCALAR : width == 2 ? TINYGLTF_TYPE_VEC2
             : width == 3 ? TINYGLTF_TYPE_VEC3 : width == 4 ? TINYGLTF_TYPE_VEC4 : TINYGLTF_TYPE_MAT4;
    return a;
  }
  // The bytes in blocks that never move: a growing vector would copy them each time it doubles
  // and hold both copies meanwhile.
  void append(const std::uint8_t* p, std::size_t n) {
    static constexpr std::size_t kBlock = 1 << 20;
    while (n) {
      if (blocks_.empty() || blocks_.back().size() == kBlock) blocks_.emplace_back().reserve(kBlock);
      auto& b = blocks_.back();
      const std::size_t k = std::min(n, kBlock - b.size());
      b.insert(b.end(), p, p + k);
      p += k;
      n -= k;
      size_ += k;
    }
  }
  std::vector<std::vector<std::uint8_t>> blocks_;
  std::size_t size_ = 0;
};

}  // namespace wadsmith::interop
