// The one binary buffer of a glTF export: data appended as a buffer view per accessor (no
// strides to get wrong), kept beside the model with the scene's text (gltf_write.h) and written
// from here. Internal to the glTF export.
#pragma once
#include "editor/interop/tiny_gltf_config.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "editor/interop/gltf_write.h"

namespace wadsmith::interop {

// Appends data to the one buffer: a view per accessor (no strides to get wrong).
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
    const int type = width == 1 ? TINYGLTF_TYPE_SCALAR : width == 2 ? TINYGLTF_TYPE_VEC2 : width == 3 ? TINYGLTF_TYPE_VEC3
                     : width == 4 ? TINYGLTF_TYPE_VEC4 : TINYGLTF_TYPE_MAT4;
    tinygltf::Accessor a = accessor(v, target, TINYGLTF_COMPONENT_TYPE_FLOAT, width, type);
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
    return text.add(accessor(v, TINYGLTF_TARGET_ELEMENT_ARRAY_BUFFER, TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT, 1,
                             TINYGLTF_TYPE_SCALAR));
  }
  int joints(const std::vector<std::uint16_t>& v) {
    return text.add(accessor(v, TINYGLTF_TARGET_ARRAY_BUFFER, TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT, 4,
                             TINYGLTF_TYPE_VEC4));
  }

 private:
  // An accessor of `v` in a view of its own, `width` components an element.
  template <class T>
  tinygltf::Accessor accessor(const std::vector<T>& v, int target, int componentType, int width, int type) {
    tinygltf::Accessor a;
    a.bufferView = view(v.data(), v.size() * sizeof(T), target);
    a.componentType = componentType;
    a.count = v.size() / width;
    a.type = type;
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
