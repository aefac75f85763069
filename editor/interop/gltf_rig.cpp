#include "editor/interop/gltf_rig.h"

#include "editor/interop/tiny_gltf_config.h"

#include <algorithm>
#include <functional>
#include <set>

namespace wadsmith::interop {
namespace {

// Orders `members` parents first (depth-first from the roots among them).
std::vector<int> parentsFirst(const GltfScene& s, const std::set<int>& members, std::vector<int>& parentOf) {
  std::map<int, std::vector<int>> kids;
  std::vector<int> roots;
  for (int n : members) {
    int p = s.parent(n);
    while (p >= 0 && !members.count(p)) p = s.parent(p);
    (p >= 0 ? kids[p] : roots).push_back(n);
  }
  std::vector<int> order;
  std::map<int, int> boneOf;
  std::function<void(int, int)> visit = [&](int n, int parentBone) {
    boneOf[n] = int(order.size());
    order.push_back(n);
    parentOf.push_back(parentBone);
    for (int k : kids[n]) visit(k, boneOf[n]);
  };
  for (int r : roots) visit(r, roots.size() > 1 && r != roots.front() ? 0 : -1);
  return order;
}

// The skin's own joint order when every parent comes before its children (an export's mesh
// order); else depth-first.
void orderJoints(const GltfScene& s, const std::vector<int>& joints, const std::set<int>& members, Rig& r) {
  std::map<int, int> at;
  for (std::size_t j = 0; j < joints.size(); ++j) at.emplace(joints[j], int(j));
  bool ordered = at.size() == joints.size();
  for (std::size_t j = 0; j < joints.size() && ordered; ++j) {
    int p = s.parent(joints[j]);
    while (p >= 0 && !members.count(p)) p = s.parent(p);
    if (p >= 0 && at[p] >= int(j)) ordered = false;
    if (p < 0 && j > 0) ordered = false;  // one root, first
    r.parent.push_back(p >= 0 ? at[p] : -1);
  }
  if (ordered) {
    r.nodes = joints;
  } else {
    r.parent.clear();
    r.nodes = parentsFirst(s, members, r.parent);
  }
}

// A primitive's material: its picture (added to the scene once) and texture coordinates, or its
// colour; BLEND is translucent.
void material(const GltfScene& s, const tinygltf::Primitive& p, const std::string& where, foreign::SceneMesh& out,
              foreign::Scene& scene, std::map<int, int>& imageOf, std::size_t& doubleSided) {
  const auto& m = s.model();
  out.color = {200, 200, 200};
  if (p.material < 0) return;
  if (p.material >= int(m.materials.size())) s.fail(where, "material " + std::to_string(p.material) + " does not exist");
  const auto& mat = m.materials[p.material];
  out.translucent = mat.alphaMode == "BLEND";
  doubleSided += mat.doubleSided;
  const auto& f = mat.pbrMetallicRoughness.baseColorFactor;
  if (f.size() >= 3)
    for (int k = 0; k < 3; ++k) out.color[k] = static_cast<std::uint8_t>(std::clamp(f[k], 0.0, 1.0) * 255 + 0.5);
  const auto& tex = mat.pbrMetallicRoughness.baseColorTexture;
  if (tex.index < 0) return;
  if (tex.index >= int(m.textures.size())) s.fail(where, "texture " + std::to_string(tex.index) + " does not exist");
  const int src = m.textures[tex.index].source;
  if (src < 0 || src >= int(m.images.size())) s.fail("texture " + std::to_string(tex.index), "has no image");
  const auto set = p.attributes.find("TEXCOORD_" + std::to_string(tex.texCoord));
  if (set == p.attributes.end() || m.images[src].image.empty()) return;
  const auto uvs = s.floats(set->second, 2, where + " " + set->first);
  for (std::size_t i = 0; i + 1 < uvs.size(); i += 2) out.uvs.push_back({uvs[i], uvs[i + 1]});
  auto [it, added] = imageOf.try_emplace(src, int(scene.images.size()));
  if (added) {
    const auto& gi = m.images[src];
    if (gi.component != 4 || gi.bits != 8 || gi.image.size() != std::size_t(gi.width) * gi.height * 4)
      s.fail("image " + std::to_string(src), "is not 8-bit RGBA after decoding");
    scene.images.push_back({gi.name.empty() ? "image " + std::to_string(src) : gi.name, gi.width, gi.height, gi.image});
  }
  out.image = it->second;
}

std::vector<imported::Vec3> vectors(const std::vector<float>& v, int width) {
  std::vector<imported::Vec3> out;
  for (std::size_t i = 0; i + 2 < v.size(); i += width) out.push_back({v[i], v[i + 1], v[i + 2]});
  return out;
}

// Each vertex's joints as bones; a joint the skin lacks is refused where it weighs anything.
void skinning(const GltfScene& s, const tinygltf::Primitive& p, const Rig& rig, const std::string& where,
              foreign::SceneMesh& out) {
  auto attr = [&](const char* name) { auto it = p.attributes.find(name); return it == p.attributes.end() ? -1 : it->second; };
  if (attr("JOINTS_0") < 0 || attr("WEIGHTS_0") < 0) s.fail(where, "is skinned but has no JOINTS_0/WEIGHTS_0");
  const auto joints = s.integers(attr("JOINTS_0"), 4, where + " JOINTS_0");
  const auto weights = s.floats(attr("WEIGHTS_0"), 4, where + " WEIGHTS_0");
  const std::size_t count = out.positions.size();
  if (joints.size() != count * 4 || weights.size() != count * 4) s.fail(where, "JOINTS_0/WEIGHTS_0 and POSITION differ in count");
  out.joints.resize(count);
  out.weights.resize(count);
  for (std::size_t v = 0; v < count; ++v)
    for (int k = 0; k < 4; ++k) {
      auto it = rig.boneOfJoint.find(int(joints[v * 4 + k]));
      if (it == rig.boneOfJoint.end() && weights[v * 4 + k] > 0)
        s.fail(where, "vertex " + std::to_string(v) + " names joint " + std::to_string(joints[v * 4 + k]) + " the skin lacks");
      out.joints[v][k] = it == rig.boneOfJoint.end() ? -1 : it->second;
      out.weights[v][k] = weights[v * 4 + k];
    }
}

// The triangles of a primitive's indices (lists, strips and fans).
std::vector<std::uint32_t> triangles(const GltfScene& s, const tinygltf::Primitive& p, std::size_t count, const std::string& where) {
  std::vector<std::uint32_t> idx;
  if (p.indices >= 0) idx = s.integers(p.indices, 1, where + " indices");
  else for (std::uint32_t i = 0; i < count; ++i) idx.push_back(i);
  for (auto i : idx)
    if (i >= count) s.fail(where, "index " + std::to_string(i) + " past its " + std::to_string(count) + " vertices");
  std::vector<std::uint32_t> out;
  if (p.mode == TINYGLTF_MODE_TRIANGLE_STRIP) {
    for (std::size_t i = 2; i < idx.size(); ++i)
      out.insert(out.end(), i % 2 ? std::initializer_list<std::uint32_t>{idx[i - 1], idx[i - 2], idx[i]}
                                  : std::initializer_list<std::uint32_t>{idx[i - 2], idx[i - 1], idx[i]});
  } else if (p.mode == TINYGLTF_MODE_TRIANGLE_FAN) {
    for (std::size_t i = 2; i < idx.size(); ++i) out.insert(out.end(), {idx[0], idx[i - 1], idx[i]});
  } else {
    for (std::size_t i = 0; i + 2 < idx.size(); i += 3) out.insert(out.end(), {idx[i], idx[i + 1], idx[i + 2]});
  }
  return out;
}

// One primitive of a node's mesh in the neutral form; false for points and lines.
bool primitive(const GltfScene& s, const Rig& rig, int node, const Mat4& world, const tinygltf::Primitive& p,
               const std::string& where, foreign::Scene& scene, std::map<int, int>& imageOf, std::size_t& doubleSided) {
  if (p.mode != TINYGLTF_MODE_TRIANGLES && p.mode != TINYGLTF_MODE_TRIANGLE_STRIP && p.mode != TINYGLTF_MODE_TRIANGLE_FAN && p.mode != -1)
    return false;
  auto attr = [&](const char* name) { auto it = p.attributes.find(name); return it == p.attributes.end() ? -1 : it->second; };
  if (attr("POSITION") < 0) s.fail(where, "has no POSITION");
  foreign::SceneMesh out;
  out.world = world;
  out.bone = rig.skin >= 0 ? 0 : rig.boneOfNode.at(node);
  out.positions = vectors(s.floats(attr("POSITION"), 3, where + " POSITION"), 3);
  const std::size_t count = out.positions.size();
  std::size_t normals = 0;
  if (attr("NORMAL") >= 0) out.normals = vectors(s.floats(attr("NORMAL"), 3, where + " NORMAL"), 3), normals = out.normals.size() * 3;
  material(s, p, where, out, scene, imageOf, doubleSided);
  if (attr("COLOR_0") >= 0) {
    const int w = s.model().accessors[attr("COLOR_0")].type == TINYGLTF_TYPE_VEC3 ? 3 : 4;
    const auto c = s.floats(attr("COLOR_0"), w, where + " COLOR_0");
    out.colors.resize(count);
    for (std::size_t i = 0; i < count && i * w + 2 < c.size(); ++i) out.colors[i] = {c[i * w], c[i * w + 1], c[i * w + 2]};
  }
  if (rig.skin >= 0) skinning(s, p, rig, where, out);
  if ((normals && normals != count * 3) || (!out.uvs.empty() && out.uvs.size() != count)) s.fail(where, "its attributes differ in count");
  out.corners = triangles(s, p, count, where);
  scene.meshes.push_back(std::move(out));
  return true;
}

}  // namespace

std::vector<int> subtree(const tinygltf::Model& m, int node) {
  std::vector<int> out{node};
  for (std::size_t i = 0; i < out.size(); ++i)
    for (int c : m.nodes[out[i]].children) out.push_back(c);
  return out;
}

Rig skinnedRig(const GltfScene& s, int skin, const std::vector<int>& meshNodes) {
  const auto& m = s.model();
  const auto& sk = m.skins[skin];
  const std::string where = "skin " + std::to_string(skin);
  std::set<int> joints;
  for (int j : sk.joints) {
    if (j < 0 || j >= int(m.nodes.size())) s.fail(where, "joint " + std::to_string(j) + " is not a node");
    joints.insert(j);
  }
  if (joints.empty()) s.fail(where, "has no joints");
  Rig r;
  r.skin = skin;
  orderJoints(s, sk.joints, joints, r);
  for (std::size_t b = 0; b < r.nodes.size(); ++b) r.boneOfNode[r.nodes[b]] = int(b);
  std::vector<float> ibm;
  if (sk.inverseBindMatrices >= 0) ibm = s.floats(sk.inverseBindMatrices, 16, where + " inverse bind matrices");
  if (!ibm.empty() && ibm.size() != sk.joints.size() * 16) s.fail(where, "has a different number of inverse bind matrices and joints");
  const auto restWorld = s.world(s.restPose());
  r.bind.resize(r.nodes.size());
  for (std::size_t j = 0; j < sk.joints.size(); ++j) {
    const int bone = r.boneOfNode[sk.joints[j]];
    r.boneOfJoint[int(j)] = bone;
    if (ibm.empty()) {
      r.bind[bone] = restWorld[sk.joints[j]];
    } else {
      Mat4 inv;
      std::copy(ibm.begin() + j * 16, ibm.begin() + j * 16 + 16, inv.m);
      r.bind[bone] = geometry::inverseAffine(inv);
    }
  }
  r.meshNodes = meshNodes;
  return r;
}

Rig nodeRig(const GltfScene& s, int root) {
  const auto& m = s.model();
  const std::vector<int> all = subtree(m, root);
  Rig r;
  r.nodes = parentsFirst(s, std::set<int>(all.begin(), all.end()), r.parent);
  const auto restWorld = s.world(s.restPose());
  for (std::size_t b = 0; b < r.nodes.size(); ++b) {
    r.boneOfNode[r.nodes[b]] = int(b);
    r.bind.push_back(restWorld[r.nodes[b]]);
    if (m.nodes[r.nodes[b]].mesh >= 0 && m.nodes[r.nodes[b]].skin < 0) r.meshNodes.push_back(r.nodes[b]);
  }
  return r;
}

Rig singleNodeRig(const GltfScene& s, int node, bool withMesh) {
  Rig r;
  r.nodes = {node};
  r.parent = {-1};
  r.bind = {s.world(s.restPose())[node]};
  r.boneOfNode[node] = 0;
  if (withMesh && s.model().nodes[node].mesh >= 0) r.meshNodes = {node};
  return r;
}

foreign::Scene rigScene(const GltfScene& s, const Rig& rig, const std::string& name, bool movable,
                        const foreign::TrSpace& space, const Vec3& origin, std::vector<std::string>& notes) {
  const auto& m = s.model();
  foreign::Scene scene;
  scene.file = s.file();
  scene.name = name;
  scene.movable = movable;
  scene.space = space;
  scene.origin = origin;
  for (std::size_t b = 0; b < rig.nodes.size(); ++b) {
    const auto& n = m.nodes[rig.nodes[b]];
    scene.bones.push_back({n.name.empty() ? "node " + std::to_string(rig.nodes[b]) : n.name, rig.parent[b], rig.bind[b]});
  }
  const auto restWorld = s.world(s.restPose());
  std::map<int, int> imageOf;  // glTF image -> scene image
  std::size_t doubleSided = 0, skipped = 0;
  for (int node : rig.meshNodes) {
    const auto& n = m.nodes[node];
    if (n.mesh < 0 || n.mesh >= int(m.meshes.size())) s.fail("node " + std::to_string(node), "mesh " + std::to_string(n.mesh) + " does not exist");
    const Mat4 world = rig.skin >= 0 ? Mat4{} : restWorld[node];
    const auto& mesh = m.meshes[n.mesh];
    for (std::size_t pi = 0; pi < mesh.primitives.size(); ++pi) {
      const std::string where = "mesh " + std::to_string(n.mesh) + " primitive " + std::to_string(pi);
      skipped += !primitive(s, rig, node, world, mesh.primitives[pi], where, scene, imageOf, doubleSided);
    }
  }
  if (doubleSided) notes.push_back(std::to_string(doubleSided) + " primitives use a double-sided material");
  if (skipped) notes.push_back(std::to_string(skipped) + " primitives of points or lines skipped");
  if (!movable) return scene;
  for (std::size_t a = 0; a < m.animations.size(); ++a) {
    if (!s.moves(int(a), rig.boneOfNode)) continue;
    const auto span = s.span(int(a));
    const std::vector<int> nodes = rig.nodes;
    auto boneWorld = [&s, a, span, nodes](float t) {
      const auto world = s.world(s.pose(int(a), span.start + t));
      std::vector<Mat4> out;
      for (int node : nodes) out.push_back(world[node]);
      return out;
    };
    const auto& name = m.animations[a].name;
    scene.animations.push_back({name.empty() ? "animation " + std::to_string(a) : name, int(a), double(span.end) - span.start, boneWorld});
  }
  return scene;
}

}  // namespace wadsmith::interop
