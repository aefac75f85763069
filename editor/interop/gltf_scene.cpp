#include "editor/interop/gltf_scene.h"

#include "editor/interop/tiny_gltf_config.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <functional>
#include <limits>
#include <stdexcept>
#include <type_traits>

namespace wadsmith::interop {

using geometry::rotationOf;
using geometry::translationOf;

Mat4 matrixOf(const Trs& t) { return Mat4::translation(t.t) * Mat4::rotation(t.r) * Mat4::scale(t.s); }

GltfScene::GltfScene(const tinygltf::Model& m, std::string file) : m_(m), file_(std::move(file)) {
  parents_.assign(m.nodes.size(), -1);
  for (std::size_t n = 0; n < m.nodes.size(); ++n)
    for (int c : m.nodes[n].children) {
      if (c < 0 || c >= int(m.nodes.size())) fail("node " + std::to_string(n), "child " + std::to_string(c) + " is not a node");
      if (parents_[c] >= 0 || c == int(n)) fail("node " + std::to_string(c), "has more than one parent");
      parents_[c] = int(n);
    }
  // A cycle leaves every node of it with a parent: walk up from each node, at most n steps.
  for (std::size_t n = 0; n < m.nodes.size(); ++n) {
    int at = int(n);
    for (std::size_t steps = 0; at >= 0; ++steps, at = parents_[at])
      if (steps > m.nodes.size()) fail("node " + std::to_string(n), "its parents form a cycle");
  }
}

void GltfScene::fail(const std::string& where, const std::string& what) const {
  throw std::runtime_error(file_ + ": " + where + ": " + what);
}

namespace {
constexpr std::uint64_t kMaxElements = 1u << 24;  // per accessor: far past any TR object
// 0 for a type the spec allows no accessor (INT, DOUBLE) or does not know.
int componentSize(int type) {
  if (type == TINYGLTF_COMPONENT_TYPE_INT || type == TINYGLTF_COMPONENT_TYPE_DOUBLE) return 0;
  return std::max(0, tinygltf::GetComponentSizeInBytes(static_cast<std::uint32_t>(type)));
}
int typeWidth(int type) { return std::max(0, tinygltf::GetNumComponentsInType(static_cast<std::uint32_t>(type))); }
// A normalized byte or short scaled to 0..1 or -1..1 (the spec's rule); other numbers as they are.
template <class T>
double read(const std::uint8_t* p, bool normalized) {
  T v;
  std::memcpy(&v, p, sizeof v);
  if (!normalized || !std::is_integral_v<T> || sizeof(T) == 4) return v;
  return std::max(v / double(std::numeric_limits<T>::max()), -1.0);
}
double component(const std::uint8_t* p, int type, bool normalized) {
  switch (type) {
    case TINYGLTF_COMPONENT_TYPE_BYTE: return read<std::int8_t>(p, normalized);
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_BYTE: return read<std::uint8_t>(p, normalized);
    case TINYGLTF_COMPONENT_TYPE_SHORT: return read<std::int16_t>(p, normalized);
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_SHORT: return read<std::uint16_t>(p, normalized);
    case TINYGLTF_COMPONENT_TYPE_UNSIGNED_INT: return read<std::uint32_t>(p, normalized);
    default: return read<float>(p, normalized);
  }
}
// A node's transform at rest: its matrix taken apart, else its translation, rotation and scale.
Trs rest(const tinygltf::Node& n) {
  Trs t;
  if (n.matrix.size() == 16) {
    Mat4 m;
    for (int i = 0; i < 16; ++i) m.m[i] = float(n.matrix[i]);
    t.t = translationOf(m);
    for (int c = 0; c < 3; ++c) (&t.s.x)[c] = length(Vec3{m.at(0, c), m.at(1, c), m.at(2, c)});
    t.r = rotationOf(m);
    return t;
  }
  if (n.translation.size() == 3) t.t = {float(n.translation[0]), float(n.translation[1]), float(n.translation[2])};
  if (n.rotation.size() == 4) t.r = {float(n.rotation[3]), float(n.rotation[0]), float(n.rotation[1]), float(n.rotation[2])};
  if (n.scale.size() == 3) t.s = {float(n.scale[0]), float(n.scale[1]), float(n.scale[2])};
  return t;
}
}  // namespace

// Reads `count` elements of `width` components from a buffer view (bounds-checked) into out.
static void readView(const GltfScene& s, const tinygltf::Model& m, int viewIndex, std::uint64_t offset,
                     std::uint64_t count, int width, int ctype, bool normalized, std::vector<double>& out,
                     const std::string& where) {
  if (viewIndex < 0 || viewIndex >= int(m.bufferViews.size())) s.fail(where, "buffer view " + std::to_string(viewIndex) + " does not exist");
  const auto& bv = m.bufferViews[viewIndex];
  if (bv.buffer < 0 || bv.buffer >= int(m.buffers.size())) s.fail(where, "buffer " + std::to_string(bv.buffer) + " does not exist");
  const auto& buf = m.buffers[bv.buffer].data;
  const std::uint64_t elem = std::uint64_t(componentSize(ctype)) * width;
  const std::uint64_t stride = bv.byteStride ? bv.byteStride : elem;
  if (uint64_t(bv.byteOffset) + bv.byteLength > buf.size())
    s.fail(where, "buffer view " + std::to_string(viewIndex) + " runs past its buffer");
  if (count && offset + stride * (count - 1) + elem > bv.byteLength)
    s.fail(where, std::to_string(count) + " elements run past buffer view " + std::to_string(viewIndex));
  out.resize(count * width);
  const std::uint8_t* base = buf.data() + bv.byteOffset + offset;
  for (std::uint64_t i = 0; i < count; ++i)
    for (int c = 0; c < width; ++c)
      out[i * width + c] = component(base + i * stride + std::uint64_t(c) * componentSize(ctype), ctype, normalized);
}

static std::vector<double> readAccessor(const GltfScene& s, const tinygltf::Model& m, int index, int width,
                                        const std::string& where) {
  const std::string at = where + ": accessor " + std::to_string(index);
  if (index < 0 || index >= int(m.accessors.size())) s.fail(where, "accessor " + std::to_string(index) + " does not exist");
  const auto& a = m.accessors[index];
  if (!componentSize(a.componentType)) s.fail(at, "unknown component type " + std::to_string(a.componentType));
  if (typeWidth(a.type) != width) s.fail(at, "has " + std::to_string(typeWidth(a.type)) + " components, " + std::to_string(width) + " expected");
  if (a.count > kMaxElements) s.fail(at, "count " + std::to_string(a.count) + " is too large");
  std::vector<double> out;
  if (a.bufferView >= 0) readView(s, m, a.bufferView, a.byteOffset, a.count, width, a.componentType, a.normalized, out, at);
  else out.assign(a.count * width, 0.0);
  if (a.sparse.isSparse) {
    const auto& sp = a.sparse;
    if (sp.count < 0 || std::uint64_t(sp.count) > a.count) s.fail(at, "sparse count past the accessor");
    std::vector<double> idx, val;
    readView(s, m, sp.indices.bufferView, sp.indices.byteOffset, sp.count, 1, sp.indices.componentType, false, idx, at + " sparse indices");
    readView(s, m, sp.values.bufferView, sp.values.byteOffset, sp.count, width, a.componentType, a.normalized, val, at + " sparse values");
    for (int i = 0; i < sp.count; ++i) {
      auto k = static_cast<std::uint64_t>(idx[i]);
      if (k >= a.count) s.fail(at, "sparse index " + std::to_string(k) + " past the accessor");
      for (int c = 0; c < width; ++c) out[k * width + c] = val[std::size_t(i) * width + c];
    }
  }
  for (double v : out)
    if (!std::isfinite(v)) s.fail(at, "holds a number that is not finite");
  return out;
}

std::vector<float> GltfScene::floats(int accessor, int width, const std::string& where) const {
  auto d = readAccessor(*this, m_, accessor, width, where);
  return {d.begin(), d.end()};
}

std::vector<std::uint32_t> GltfScene::integers(int accessor, int width, const std::string& where) const {
  if (accessor >= 0 && accessor < int(m_.accessors.size()) && m_.accessors[accessor].componentType == TINYGLTF_COMPONENT_TYPE_FLOAT)
    fail(where, "accessor " + std::to_string(accessor) + " holds floats where whole numbers belong");
  auto d = readAccessor(*this, m_, accessor, width, where);
  return {d.begin(), d.end()};
}

std::vector<Trs> GltfScene::restPose() const {
  std::vector<Trs> out(m_.nodes.size());
  for (std::size_t i = 0; i < out.size(); ++i) out[i] = rest(m_.nodes[i]);
  return out;
}

std::vector<Mat4> GltfScene::world(const std::vector<Trs>& local) const {
  std::vector<Mat4> out(local.size());
  std::vector<char> done(local.size(), 0);
  std::function<const Mat4&(int)> at = [&](int n) -> const Mat4& {
    if (!done[n]) {
      out[n] = parents_[n] >= 0 ? at(parents_[n]) * matrixOf(local[n]) : matrixOf(local[n]);
      done[n] = 1;
    }
    return out[n];
  };
  for (std::size_t n = 0; n < local.size(); ++n) at(int(n));
  return out;
}

const std::vector<GltfScene::Channel>& GltfScene::channels(int animation) const {
  if (auto it = channels_.find(animation); it != channels_.end()) return it->second;
  const auto& a = m_.animations[animation];
  const std::string where = "animation " + std::to_string(animation);
  std::vector<Channel> out;
  for (std::size_t c = 0; c < a.channels.size(); ++c) {
    const auto& ch = a.channels[c];
    int path = ch.target_path == "translation" ? 0 : ch.target_path == "rotation" ? 1 : ch.target_path == "scale" ? 2 : -1;
    if (path < 0) continue;  // morph weights: TR has none
    if (ch.target_node < 0 || ch.target_node >= int(m_.nodes.size())) fail(where, "channel " + std::to_string(c) + " targets no node");
    if (ch.sampler < 0 || ch.sampler >= int(a.samplers.size())) fail(where, "channel " + std::to_string(c) + " has no sampler");
    const auto& s = a.samplers[ch.sampler];
    const std::string sampler = where + " sampler " + std::to_string(ch.sampler);
    Channel k{ch.target_node, path, s.interpolation.empty() ? "LINEAR" : s.interpolation, {}, {}};
    k.input = floats(s.input, 1, sampler);
    const int width = path == 1 ? 4 : 3;
    k.output = floats(s.output, width, sampler);
    const std::size_t per = k.interpolation == "CUBICSPLINE" ? 3 : 1;
    if (k.input.empty() || k.output.size() != k.input.size() * width * per)
      fail(sampler, "its output does not match its " + std::to_string(k.input.size()) + " keys");
    if (!std::is_sorted(k.input.begin(), k.input.end())) fail(sampler, "its key times decrease");
    out.push_back(std::move(k));
  }
  return channels_[animation] = std::move(out);
}

GltfScene::Span GltfScene::span(int animation) const {
  Span s{INFINITY, -INFINITY};
  for (const auto& c : channels(animation)) {
    s.start = std::min(s.start, c.input.front());
    s.end = std::max(s.end, c.input.back());
  }
  if (s.start > s.end) s = {0, 0};
  return s;
}

bool GltfScene::moves(int animation, const std::map<int, int>& nodes) const {
  const auto& all = channels(animation);
  return std::any_of(all.begin(), all.end(), [&](const Channel& c) { return nodes.count(c.node); });
}

std::vector<Trs> GltfScene::pose(int animation, float time) const {
  auto local = restPose();
  for (const auto& c : channels(animation)) {
    const int w = c.path == 1 ? 4 : 3;
    const bool cubic = c.interpolation == "CUBICSPLINE";
    auto value = [&](std::size_t key, std::size_t part) {  // part: 0 in-tangent, 1 value, 2 out-tangent
      const std::size_t at = cubic ? (key * 3 + part) * w : key * w;
      return &c.output[at];
    };
    std::size_t k1 = std::upper_bound(c.input.begin(), c.input.end(), time) - c.input.begin();
    float v[4];
    if (k1 == 0 || k1 == c.input.size()) {
      const float* p = value(k1 == 0 ? 0 : c.input.size() - 1, 1);
      std::copy(p, p + w, v);
    } else {
      std::size_t k0 = k1 - 1;
      float dt = c.input[k1] - c.input[k0];
      float t = dt > 0 ? (time - c.input[k0]) / dt : 0;
      const float* a = value(k0, 1);
      const float* b = value(k1, 1);
      if (c.interpolation == "STEP") {
        std::copy(a, a + w, v);
      } else if (cubic) {
        const float* ao = value(k0, 2);
        const float* bi = value(k1, 0);
        float t2 = t * t, t3 = t2 * t;
        for (int i = 0; i < w; ++i)
          v[i] = (2 * t3 - 3 * t2 + 1) * a[i] + (t3 - 2 * t2 + t) * dt * ao[i] + (-2 * t3 + 3 * t2) * b[i] + (t3 - t2) * dt * bi[i];
      } else if (c.path == 1) {
        Quat q = geometry::slerp(Quat{a[3], a[0], a[1], a[2]}, Quat{b[3], b[0], b[1], b[2]}, t);
        v[0] = q.x, v[1] = q.y, v[2] = q.z, v[3] = q.w;
      } else {
        for (int i = 0; i < w; ++i) v[i] = a[i] + (b[i] - a[i]) * t;
      }
    }
    Trs& n = local[c.node];
    if (c.path == 0) n.t = {v[0], v[1], v[2]};
    if (c.path == 2) n.s = {v[0], v[1], v[2]};
    if (c.path == 1) {
      float l = std::sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2] + v[3] * v[3]);
      n.r = l > 0 ? Quat{v[3] / l, v[0] / l, v[1] / l, v[2] / l} : Quat{};
    }
  }
  return local;
}

}  // namespace wadsmith::interop
