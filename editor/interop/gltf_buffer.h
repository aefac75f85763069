// The one binary buffer of a glTF export: data appended as a buffer view per accessor (no
// strides to get wrong). Internal to the glTF export.
#pragma once
#include <tiny_gltf.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace wadsmith::interop {

// Appends data to the one buffer: a view per accessor (no strides to get wrong).
class Bin {
 public:
  explicit Bin(tinygltf::Model& m) : m_(m) {
    if (m_.buffers.empty()) m_.buffers.emplace_back();
  }
  int view(const void* data, std::size_t bytes, int target) {
    auto& buf = m_.buffers[0].data;
    while (buf.size() % 4) buf.push_back(0);
    tinygltf::BufferView v;
    v.buffer = 0;
    v.byteOffset = buf.size();
    v.byteLength = bytes;
    v.target = target;
    const auto* p = static_cast<const std::uint8_t*>(data);
    buf.insert(buf.end(), p, p + bytes);
    m_.bufferViews.push_back(v);
    return static_cast<int>(m_.bufferViews.size() - 1);
  }
  // Floats in groups of `width` (1 scalar, 2, 3, 4 vectors, 16 a matrix).
  int floats(const std::vector<float>& v, int width, int target, bool bounds) {
    tinygltf::Accessor a;
    a.bufferView = view(v.data(), v.size() * sizeof(float), target);
    a.componentType = TINYGLTF_COMPONENT_TYPE_FLOAT;
    a.count = v.size() / width;
    a.type = width == 1 ? TINYGLTF_TYPE_SCALAR : width == 2 ? TINYGLTF_TYPE_VEC2 : width == 3 ? TINYGLTF_TYPE_VEC3
             : width == 4 ? TINYGLTF_TYPE_VEC4 : TINYGLTF_TYPE_MAT4;
    if (bounds) {
      a.minValues.assign(width, INFINITY);
      a.maxValues.assign(width, -INFINITY);
      for (std::size_t i = 0; i < v.size(); ++i) {
        a.minValues[i % width] = std::min<double>(a.minValues[i % width], v[i]);
        a.maxValues[i % width] = std::max<double>(a.maxValues[i % width], v[i]);
      }
    }
    return push(a);
  }
  int indices(const std::vector<std::uint32_t>& v) {
    tinygltf::Accessor a;
    a.bufferView = view(v.data(), v.size() * 4, TINYGLTF_TARGET_ELEMENT_ARRAY_BUFFER);
    a.componentType = TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT;
    a.count = v.size();
    a.type = TINYGLTF_TYPE_SCALAR;
    return push(a);
  }
  int joints(const std::vector<std::uint16_t>& v) {
    tinygltf::Accessor a;
    a.bufferView = view(v.data(), v.size() * 2, TINYGLTF_TARGET_ARRAY_BUFFER);
    a.componentType = TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT;
    a.count = v.size() / 4;
    a.type = TINYGLTF_TYPE_VEC4;
    return push(a);
  }

 private:
  int push(const tinygltf::Accessor& a) {
    m_.accessors.push_back(a);
    return static_cast<int>(m_.accessors.size() - 1);
  }
  tinygltf::Model& m_;
};

}  // namespace wadsmith::interop
