#include "editor/interop/gltf_import.h"

#include <tiny_gltf.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <set>

#include "editor/interop/gltf_file.h"
#include "editor/interop/gltf_scene.h"
#include "editor/interop/object_extras.h"
#include "editor/view/pose.h"
#include "model/object_view.h"

namespace wadsmith::interop {

using geometry::Mat4;
using geometry::Quat;
using geometry::Vec3;

namespace {

constexpr float kFps = kSampleFps;

using Space = TrSpace;

std::optional<nlohmann::json> wadsmithExtras(const tinygltf::Value& extras) {
  if (!extras.IsObject() || !extras.Has("wadsmith")) return std::nullopt;
  return toJson(extras.Get("wadsmith"));
}

// The bones of an object and how its geometry attaches to them.
struct Rig {
  std::vector<int> nodes;          // bone -> node, parents first
  std::vector<int> parent;         // bone -> bone
  std::vector<Mat4> bind;          // bone -> world matrix at bind
  std::map<int, int> boneOfNode;   // node -> bone
  int skin = -1;                   // skin index when skinned
  std::map<int, int> boneOfJoint;  // skin joint index -> bone
  std::vector<int> meshNodes;      // nodes whose meshes the object takes
};

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

void subtree(const tinygltf::Model& m, int node, std::vector<int>& out) {
  out.push_back(node);
  for (int c : m.nodes[node].children) subtree(m, c, out);
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
  // The skin's own joint order when every parent comes before its children (an export's mesh
  // order); else depth-first.
  std::map<int, int> at;
  for (std::size_t j = 0; j < sk.joints.size(); ++j) at.emplace(sk.joints[j], int(j));
  bool ordered = at.size() == sk.joints.size();
  for (std::size_t j = 0; j < sk.joints.size() && ordered; ++j) {
    int p = s.parent(sk.joints[j]);
    while (p >= 0 && !joints.count(p)) p = s.parent(p);
    if (p >= 0 && at[p] >= int(j)) ordered = false;
    if (p < 0 && j > 0) ordered = false;  // one root, first
    r.parent.push_back(p >= 0 ? at[p] : -1);
  }
  if (ordered) {
    r.nodes = sk.joints;
  } else {
    r.parent.clear();
    r.nodes = parentsFirst(s, joints, r.parent);
  }
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
      r.bind[bone] = inverseAffine(inv);
    }
  }
  r.meshNodes = meshNodes;
  return r;
}

Rig nodeRig(const GltfScene& s, int root) {
  const auto& m = s.model();
  std::vector<int> all;
  subtree(m, root, all);
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

struct Triangle {
  std::array<std::array<long, 3>, 3> corners;  // TR units, rounded
  friend auto operator<=>(const Triangle&, const Triangle&) = default;
};

// The float model of a rig's geometry; `triangles` gets each bone's triangles for comparisons.
void buildGeometry(const GltfScene& s, const Rig& rig, const Space& space, imported::Model& out,
                   std::vector<std::vector<Triangle>>& triangles, std::vector<std::string>& notes) {
  const auto& m = s.model();
  const auto restWorld = s.world(s.restPose());
  out.meshes.assign(rig.nodes.size(), {});
  triangles.assign(rig.nodes.size(), {});
  std::map<int, int> imageOf;  // glTF image -> model image
  std::size_t doubleSided = 0, skipped = 0;
  // Per bone: welded vertices by (position, normal).
  std::vector<std::map<std::array<float, 6>, int>> weld(rig.nodes.size());
  for (std::size_t b = 0; b < rig.nodes.size(); ++b) {
    const auto& n = m.nodes[rig.nodes[b]];
    out.meshes[b].name = n.name.empty() ? "node " + std::to_string(rig.nodes[b]) : n.name;
  }
  for (int node : rig.meshNodes) {
    const auto& n = m.nodes[node];
    if (n.mesh < 0 || n.mesh >= int(m.meshes.size())) s.fail("node " + std::to_string(node), "mesh " + std::to_string(n.mesh) + " does not exist");
    const bool skinned = rig.skin >= 0;
    const Mat4 world = skinned ? Mat4{} : restWorld[node];
    const bool mirrored = [&] {
      Vec3 x{world.at(0, 0), world.at(1, 0), world.at(2, 0)}, y{world.at(0, 1), world.at(1, 1), world.at(2, 1)},
          z{world.at(0, 2), world.at(1, 2), world.at(2, 2)};
      return dot(cross(x, y), z) < 0;
    }();
    const auto& mesh = m.meshes[n.mesh];
    for (std::size_t pi = 0; pi < mesh.primitives.size(); ++pi) {
      const auto& p = mesh.primitives[pi];
      const std::string where = "mesh " + std::to_string(n.mesh) + " primitive " + std::to_string(pi);
      if (p.mode != TINYGLTF_MODE_TRIANGLES && p.mode != TINYGLTF_MODE_TRIANGLE_STRIP && p.mode != TINYGLTF_MODE_TRIANGLE_FAN && p.mode != -1) {
        ++skipped;
        continue;
      }
      auto attr = [&](const char* name) { auto it = p.attributes.find(name); return it == p.attributes.end() ? -1 : it->second; };
      if (attr("POSITION") < 0) s.fail(where, "has no POSITION");
      const auto pos = s.floats(attr("POSITION"), 3, where + " POSITION");
      const std::size_t count = pos.size() / 3;
      std::vector<float> normals, uvs, colors;
      if (attr("NORMAL") >= 0) normals = s.floats(attr("NORMAL"), 3, where + " NORMAL");
      int image = -1;
      std::array<std::uint8_t, 3> colour{200, 200, 200};
      bool translucent = false;
      if (p.material >= 0) {
        if (p.material >= int(m.materials.size())) s.fail(where, "material " + std::to_string(p.material) + " does not exist");
        const auto& mat = m.materials[p.material];
        translucent = mat.alphaMode == "BLEND";
        doubleSided += mat.doubleSided;
        const auto& f = mat.pbrMetallicRoughness.baseColorFactor;
        if (f.size() >= 3)
          for (int k = 0; k < 3; ++k) colour[k] = static_cast<std::uint8_t>(std::clamp(f[k], 0.0, 1.0) * 255 + 0.5);
        const auto& tex = mat.pbrMetallicRoughness.baseColorTexture;
        if (tex.index >= 0) {
          if (tex.index >= int(m.textures.size())) s.fail(where, "texture " + std::to_string(tex.index) + " does not exist");
          const int src = m.textures[tex.index].source;
          if (src < 0 || src >= int(m.images.size())) s.fail("texture " + std::to_string(tex.index), "has no image");
          const std::string set = "TEXCOORD_" + std::to_string(tex.texCoord);
          if (attr(set.c_str()) >= 0 && !m.images[src].image.empty()) {
            uvs = s.floats(attr(set.c_str()), 2, where + " " + set);
            auto [it, added] = imageOf.try_emplace(src, int(out.images.size()));
            if (added) {
              const auto& gi = m.images[src];
              if (gi.component != 4 || gi.bits != 8 || gi.image.size() != std::size_t(gi.width) * gi.height * 4)
                s.fail("image " + std::to_string(src), "is not 8-bit RGBA after decoding");
              out.images.push_back({gi.name.empty() ? "image " + std::to_string(src) : gi.name, gi.width, gi.height, gi.image});
            }
            image = it->second;
          }
        }
      }
      if (attr("COLOR_0") >= 0) {
        const int w = s.model().accessors[attr("COLOR_0")].type == TINYGLTF_TYPE_VEC3 ? 3 : 4;
        auto c = s.floats(attr("COLOR_0"), w, where + " COLOR_0");
        colors.resize(count);
        for (std::size_t i = 0; i < count && i * w + 2 < c.size(); ++i)
          colors[i] = 0.2126f * c[i * w] + 0.7152f * c[i * w + 1] + 0.0722f * c[i * w + 2];
      }
      std::vector<std::uint32_t> joints;
      std::vector<float> weights;
      if (skinned) {
        if (attr("JOINTS_0") < 0 || attr("WEIGHTS_0") < 0) s.fail(where, "is skinned but has no JOINTS_0/WEIGHTS_0");
        joints = s.integers(attr("JOINTS_0"), 4, where + " JOINTS_0");
        weights = s.floats(attr("WEIGHTS_0"), 4, where + " WEIGHTS_0");
        if (joints.size() != count * 4 || weights.size() != count * 4) s.fail(where, "JOINTS_0/WEIGHTS_0 and POSITION differ in count");
      }
      if ((!normals.empty() && normals.size() != count * 3) || (!uvs.empty() && uvs.size() != count * 2))
        s.fail(where, "its attributes differ in count");
      std::vector<std::uint32_t> idx;
      if (p.indices >= 0) idx = s.integers(p.indices, 1, where + " indices");
      else for (std::uint32_t i = 0; i < count; ++i) idx.push_back(i);
      for (auto i : idx)
        if (i >= count) s.fail(where, "index " + std::to_string(i) + " past its " + std::to_string(count) + " vertices");
      std::vector<std::array<std::uint32_t, 3>> tris;
      if (p.mode == TINYGLTF_MODE_TRIANGLE_STRIP) {
        for (std::size_t i = 2; i < idx.size(); ++i)
          tris.push_back(i % 2 ? std::array{idx[i - 1], idx[i - 2], idx[i]} : std::array{idx[i - 2], idx[i - 1], idx[i]});
      } else if (p.mode == TINYGLTF_MODE_TRIANGLE_FAN) {
        for (std::size_t i = 2; i < idx.size(); ++i) tris.push_back({idx[0], idx[i - 1], idx[i]});
      } else {
        for (std::size_t i = 0; i + 2 < idx.size(); i += 3) tris.push_back({idx[i], idx[i + 1], idx[i + 2]});
      }
      auto boneOf = [&](std::uint32_t v) {
        if (!skinned) return rig.boneOfNode.at(node);
        int best = 0;
        for (int k = 1; k < 4; ++k)
          if (weights[v * 4 + k] > weights[v * 4 + best]) best = k;
        auto it = rig.boneOfJoint.find(int(joints[v * 4 + best]));
        if (it == rig.boneOfJoint.end()) s.fail(where, "vertex " + std::to_string(v) + " names joint " + std::to_string(joints[v * 4 + best]) + " the skin lacks");
        return it->second;
      };
      for (const auto& t : tris) {
        const int bone = boneOf(t[0]);
        imported::Mesh& tm = out.meshes[bone];
        const Vec3 boneAt = translationOf(rig.bind[bone]);
        imported::Face face;
        face.corners = 3;
        face.image = image;
        face.color = colour;
        face.translucent = translucent;
        // glTF's front is counter-clockwise; TR's visible side faces cross(v2 - v0, v1 - v0).
        const std::array<std::uint32_t, 3> order = mirrored ? std::array{t[0], t[1], t[2]} : std::array{t[0], t[2], t[1]};
        Triangle key;
        for (int c = 0; c < 3; ++c) {
          const std::uint32_t v = order[c];
          Vec3 wp = world.point({pos[v * 3], pos[v * 3 + 1], pos[v * 3 + 2]});
          imported::Vec3 tp = space.point(wp - boneAt);
          imported::Vec3 tn{};
          if (!normals.empty()) tn = space.direction(normalize(world.direction({normals[v * 3], normals[v * 3 + 1], normals[v * 3 + 2]})));
          std::array<float, 6> weldKey{tp.x, tp.y, tp.z, tn.x, tn.y, tn.z};
          auto [it, added] = weld[bone].try_emplace(weldKey, int(tm.positions.size()));
          if (added) {
            tm.positions.push_back(tp);
            if (!normals.empty()) tm.normals.push_back(tn);
            if (!colors.empty()) tm.shades.push_back(1.0f - std::clamp(colors[v], 0.0f, 1.0f));
          }
          face.vertices[c] = it->second;
          if (!uvs.empty()) face.uv[c] = {uvs[v * 2], uvs[v * 2 + 1]};
          key.corners[c] = {std::lround(tp.x), std::lround(tp.y), std::lround(tp.z)};
        }
        // A canonical start corner so the same triangle compares equal whatever vertex it starts at.
        auto first = std::min_element(key.corners.begin(), key.corners.end()) - key.corners.begin();
        std::rotate(key.corners.begin(), key.corners.begin() + first, key.corners.end());
        triangles[bone].push_back(key);
        tm.faces.push_back(face);
      }
    }
  }
  for (auto& mesh : out.meshes) {
    // Mixed sources (some primitives with normals, some without) leave counts unequal: drop them.
    if (!mesh.normals.empty() && mesh.normals.size() != mesh.positions.size()) mesh.normals.clear();
    if (!mesh.shades.empty() && mesh.shades.size() != mesh.positions.size()) mesh.shades.clear();
    if (!mesh.normals.empty()) mesh.shades.clear();
  }
  if (doubleSided) notes.push_back(std::to_string(doubleSided) + " primitives use a double-sided material");
  if (skipped) notes.push_back(std::to_string(skipped) + " primitives of points or lines skipped");
}

void buildSkeleton(const Rig& rig, const Space& space, imported::Model& out) {
  out.bones.resize(rig.nodes.size());
  for (std::size_t b = 0; b < rig.nodes.size(); ++b) {
    out.bones[b].name = out.meshes[b].name;
    out.bones[b].parent = rig.parent[b];
    if (rig.parent[b] >= 0) out.bones[b].offset = space.point(translationOf(rig.bind[b]) - translationOf(rig.bind[rig.parent[b]]));
  }
}

// Samples a glTF animation at 30 fps into TR frames of the rig.
imported::Animation sampleAnimation(const GltfScene& s, int animation, const Rig& rig, const Space& space,
                                    const Vec3& origin) {
  imported::Animation out;
  const auto& a = s.model().animations[animation];
  out.name = a.name.empty() ? "animation " + std::to_string(animation) : a.name;
  out.framesPerSecond = kFps;
  const auto span = s.span(animation);
  const double frames = std::floor((double(span.end) - span.start) * kFps + 0.5) + 1;
  if (frames > kMaxSampledFrames) s.fail("animation " + std::to_string(animation), "lasts longer than ten minutes");
  std::vector<Quat> bindRotation(rig.nodes.size());
  for (std::size_t b = 0; b < rig.nodes.size(); ++b) bindRotation[b] = rotationOf(rig.bind[b]);
  for (std::size_t f = 0; f < std::size_t(frames); ++f) {
    const auto world = s.world(s.pose(animation, span.start + float(f) / kFps));
    std::vector<Mat4> boneWorld;
    for (int n : rig.nodes) boneWorld.push_back(world[n]);
    out.frames.push_back(trFrame(boneWorld, bindRotation, rig.parent, space, origin));
  }
  return out;
}

// What the records' animation gives at each 30 fps frame (the export's sampling).
std::vector<imported::Frame> recordFrames(const ObjectView& v, std::size_t anim, std::size_t meshes) {
  const Animation& a = v.animations()[anim];
  const auto keys = v.keyframes(anim, meshes);
  const int frames = keys.empty() ? 1 : view::frameCount(a);
  std::vector<imported::Frame> out;
  for (int f = 0; f < frames; ++f) {
    auto pose = view::localPose(keys, meshes, a.frameDuration, float(f));
    imported::Frame frame;
    frame.offset = {pose.offset.x, pose.offset.y, pose.offset.z};
    for (const auto& q : pose.rotations) frame.rotations.push_back({q.w, q.x, q.y, q.z});
    out.push_back(std::move(frame));
  }
  return out;
}

// The angle of the turn from a to b (atan2 keeps small angles exact where acos of a dot
// product near 1 loses them).
double angleDegrees(const imported::Quat& a, const imported::Quat& b) {
  const double w = double(a.w) * b.w + double(a.x) * b.x + double(a.y) * b.y + double(a.z) * b.z;
  const double x = double(a.w) * b.x - double(a.x) * b.w - double(a.y) * b.z + double(a.z) * b.y;
  const double y = double(a.w) * b.y + double(a.x) * b.z - double(a.y) * b.w - double(a.z) * b.x;
  const double z = double(a.w) * b.z - double(a.x) * b.y + double(a.y) * b.x - double(a.z) * b.w;
  return 2 * std::atan2(std::sqrt(x * x + y * y + z * z), std::abs(w)) * 180 / 3.14159265358979;
}

// Whether the file's geometry and animations are still the ones the records describe; says why not.
std::optional<std::string> recordsDiffer(const exchange::ObjectRecords& r, const imported::Model& model,
                                         const std::vector<std::vector<Triangle>>& triangles) {
  const std::size_t bones = r.ref.movable() ? r.pointers.size() : std::min<std::size_t>(1, r.pointers.size());
  if (triangles.size() != bones) return "it has " + std::to_string(triangles.size()) + " meshes, its records " + std::to_string(bones);
  for (std::size_t b = 0; b < bones; ++b) {
    const Mesh& mesh = r.meshes[r.pointers[b]];
    std::vector<Triangle> expect;
    auto corner = [&](std::uint16_t v) {
      Vec3s p = v < mesh.vertices.size() ? mesh.vertices[v] : Vec3s{};
      return std::array<long, 3>{p.x, p.y, p.z};
    };
    const bool inside = b < r.pointerDeltas.size() && r.pointerDeltas[b];  // exported without geometry
    for (const auto& p : inside ? std::vector<Polygon>{} : mesh.polygons) {
      auto add = [&](int a, int b2, int c) {
        Triangle t{{corner(p.vertices[a]), corner(p.vertices[b2]), corner(p.vertices[c])}};
        auto first = std::min_element(t.corners.begin(), t.corners.end()) - t.corners.begin();
        std::rotate(t.corners.begin(), t.corners.begin() + first, t.corners.end());
        expect.push_back(t);
      };
      add(0, 1, 2);
      if (p.quad) add(0, 2, 3);
    }
    auto got = triangles[b];
    std::sort(expect.begin(), expect.end());
    std::sort(got.begin(), got.end());
    if (got != expect) return "mesh " + std::to_string(b) + " is not the one its records describe (edited?)";
  }
  if (!r.ref.movable()) return std::nullopt;
  const WadDocument one = exchange::objectDocument(r);
  const ObjectView v(one.objects);
  if (model.animations.size() != r.animations.size())
    return "it has " + std::to_string(model.animations.size()) + " animations, its records " + std::to_string(r.animations.size());
  auto [a0, a1] = v.animationRange(0);
  for (auto a = a0; a < a1; ++a) {
    const auto expect = recordFrames(v, a, bones);
    const auto& got = model.animations[a - a0].frames;
    if (got.size() != expect.size()) return "animation " + std::to_string(a - a0) + " has another frame count";
    for (std::size_t f = 0; f < got.size(); ++f) {
      const auto &g = got[f], &e = expect[f];
      if (std::abs(g.offset.x - e.offset.x) > 0.5f || std::abs(g.offset.y - e.offset.y) > 0.5f ||
          std::abs(g.offset.z - e.offset.z) > 0.5f)
        return "animation " + std::to_string(a - a0) + " frame " + std::to_string(f) + " moves differently";
      for (std::size_t b = 0; b < bones && b < g.rotations.size(); ++b)
        if (angleDegrees(g.rotations[b], e.rotations[b]) > 0.05)
          return "animation " + std::to_string(a - a0) + " frame " + std::to_string(f) + " turns mesh " + std::to_string(b) + " differently";
    }
  }
  return std::nullopt;
}

std::vector<std::uint8_t> pagePixels(const GltfScene& s, int image) {
  const auto& m = s.model();
  if (image < 0 || image >= int(m.images.size())) s.fail("extras", "page image " + std::to_string(image) + " does not exist");
  const auto& img = m.images[image];
  if (img.width != kPageSize || img.height != kPageSize || img.image.size() != std::size_t(kPageSize) * kPageSize * 4)
    s.fail("image " + std::to_string(image), "a texture page is 256x256 (this one is " + std::to_string(img.width) + "x" + std::to_string(img.height) + ")");
  std::vector<std::uint8_t> rgb(kPageBytes);
  for (std::size_t i = 0; i < std::size_t(kPageSize) * kPageSize; ++i) {
    const std::uint8_t* p = &img.image[i * 4];
    if (p[3] == 0) rgb[i * 3] = 255, rgb[i * 3 + 1] = 0, rgb[i * 3 + 2] = 255;  // alpha 0: TR's magenta
    else rgb[i * 3] = p[0], rgb[i * 3 + 1] = p[1], rgb[i * 3 + 2] = p[2];
  }
  return rgb;
}

}  // namespace

std::vector<GltfObject> gltfObjects(const tinygltf::Model& gltf, const std::string& file, const GltfImportOptions& options) {
  GltfScene s(gltf, file);
  Space space;
  space.scale = options.unitsPerMeter;
  if (space.scale <= 0) {
    space.scale = 512;
    if (auto x = wadsmithExtras(gltf.asset.extras); x && x->contains("units_per_meter") && (*x)["units_per_meter"].is_number())
      space.scale = (*x)["units_per_meter"].get<float>();
  }
  if (!(space.scale > 0 && space.scale < 1e6)) s.fail("asset", "units per metre must be positive");

  std::vector<GltfObject> out;
  std::set<int> taken;  // nodes an object already holds
  auto finish = [&](GltfObject& o, const Rig& rig, const Vec3& origin, std::vector<std::vector<Triangle>>& tris) {
    buildGeometry(s, rig, space, o.model, tris, o.notes);
    o.model.name = o.name;
    o.model.movable = o.movable;
    buildSkeleton(rig, space, o.model);
    if (o.movable) {
      std::set<int> bones(rig.nodes.begin(), rig.nodes.end());
      for (std::size_t a = 0; a < gltf.animations.size(); ++a) {
        auto t = s.targets(int(a));
        if (std::any_of(t.begin(), t.end(), [&](int n) { return bones.count(n); }))
          o.model.animations.push_back(sampleAnimation(s, int(a), rig, space, origin));
      }
    } else {
      o.model = asStatic(o.model);  // a static is one mesh
      o.model.name = o.name;
    }
    for (int n : rig.nodes) taken.insert(n);
  };

  // WadSmith's exports: nodes with the records in their extras.
  for (std::size_t n = 0; n < gltf.nodes.size(); ++n) {
    auto x = wadsmithExtras(gltf.nodes[n].extras);
    if (!x || !x->contains("kind")) continue;
    GltfObject o;
    o.name = gltf.nodes[n].name;
    std::vector<int> pageImages;
    exchange::ObjectRecords r;
    try {
      r = parseObjectExtras(*x, "node " + std::to_string(n) + " extras", pageImages);
    } catch (const std::exception& e) {
      throw std::runtime_error(file + ": " + e.what());
    }
    o.movable = r.ref.movable();
    const Vec3 origin = translationOf(s.world(s.restPose())[n]);
    Rig rig;
    if (o.movable) {
      int skin = -1;
      for (std::size_t k = 0; k < gltf.skins.size() && skin < 0; ++k)
        if (!gltf.skins[k].joints.empty() && s.parent(gltf.skins[k].joints[0]) == int(n)) skin = int(k);
      std::vector<int> meshNodes;
      for (std::size_t k = 0; k < gltf.nodes.size(); ++k)
        if (gltf.nodes[k].skin == skin && skin >= 0 && gltf.nodes[k].mesh >= 0) meshNodes.push_back(int(k));
      if (skin >= 0) rig = skinnedRig(s, skin, meshNodes);
      else {
        rig.nodes = {int(n)};
        rig.parent = {-1};
        rig.bind = {s.world(s.restPose())[n]};
        rig.boneOfNode[int(n)] = 0;
      }
      // Exported joints sit at the object's node: its bind pose is relative to that.
    } else {
      rig.nodes = {int(n)};
      rig.parent = {-1};
      rig.bind = {s.world(s.restPose())[n]};
      rig.boneOfNode[int(n)] = 0;
      if (gltf.nodes[n].mesh >= 0) rig.meshNodes = {int(n)};
    }
    std::vector<std::vector<Triangle>> tris;
    finish(o, rig, origin, tris);
    // Animations in the records' order (extras index).
    if (o.movable) {
      std::vector<std::optional<exchange::AnimationRecord>> records(r.animations.size());
      std::vector<imported::Animation> ordered(r.animations.size());
      std::size_t k = 0;
      bool complete = true;
      for (std::size_t a = 0; a < gltf.animations.size(); ++a) {
        auto t = s.targets(int(a));
        if (!std::any_of(t.begin(), t.end(), [&](int nn) { return rig.boneOfNode.count(nn); })) continue;
        auto ax = wadsmithExtras(gltf.animations[a].extras);
        std::size_t index = 0;
        if (ax) {
          auto rec = parseAnimationExtras(*ax, file + ": animation " + std::to_string(a) + " extras", index);
          if (index < records.size() && !records[index]) {
            records[index] = std::move(rec);
            if (k < o.model.animations.size()) ordered[index] = o.model.animations[k];
          } else {
            complete = false;
          }
        } else {
          complete = false;
        }
        ++k;
      }
      for (std::size_t i = 0; i < records.size(); ++i)
        if (records[i]) r.animations[i] = *records[i];
        else complete = false;
      if (complete) o.model.animations = ordered;
      else o.notes.push_back("its animations are not the exported ones (added, removed or renamed extras)");
      if (!complete) {
        o.records.reset();
        for (int nn : rig.nodes) taken.insert(nn);
        taken.insert(int(n));
        out.push_back(std::move(o));
        continue;
      }
    }
    for (int image : pageImages) r.pages.push_back(pagePixels(s, image));
    if (auto why = recordsDiffer(r, o.model, tris)) o.notes.push_back("its records are not used: " + *why);
    else o.records = std::move(r);
    taken.insert(int(n));
    out.push_back(std::move(o));
  }

  // Anything else: each skin is a movable; otherwise each root node with meshes is an object.
  for (std::size_t k = 0; k < gltf.skins.size(); ++k) {
    if (gltf.skins[k].joints.empty() || taken.count(gltf.skins[k].joints[0])) continue;
    std::vector<int> meshNodes;
    for (std::size_t n = 0; n < gltf.nodes.size(); ++n)
      if (gltf.nodes[n].skin == int(k) && gltf.nodes[n].mesh >= 0) meshNodes.push_back(int(n));
    GltfObject o;
    Rig rig = skinnedRig(s, int(k), meshNodes);
    o.name = !gltf.skins[k].name.empty() ? gltf.skins[k].name : gltf.nodes[rig.nodes[0]].name;
    std::vector<std::vector<Triangle>> tris;
    finish(o, rig, {}, tris);
    for (int n : meshNodes) taken.insert(n);
    out.push_back(std::move(o));
  }
  std::vector<int> roots;
  if (gltf.defaultScene >= 0 && gltf.defaultScene < int(gltf.scenes.size())) roots = gltf.scenes[gltf.defaultScene].nodes;
  else if (!gltf.scenes.empty()) roots = gltf.scenes[0].nodes;
  else for (std::size_t n = 0; n < gltf.nodes.size(); ++n) if (s.parent(int(n)) < 0) roots.push_back(int(n));
  for (int root : roots) {
    if (root < 0 || root >= int(gltf.nodes.size())) s.fail("scene", "node " + std::to_string(root) + " does not exist");
    if (taken.count(root)) continue;
    std::vector<int> all;
    subtree(gltf, root, all);
    if (std::none_of(all.begin(), all.end(), [&](int n) { return gltf.nodes[n].mesh >= 0 && gltf.nodes[n].skin < 0 && !taken.count(n); }))
      continue;
    GltfObject o;
    o.name = gltf.nodes[root].name.empty() ? "node " + std::to_string(root) : gltf.nodes[root].name;
    Rig rig = nodeRig(s, root);
    std::vector<std::vector<Triangle>> tris;
    finish(o, rig, {}, tris);
    out.push_back(std::move(o));
  }
  return out;
}

}  // namespace wadsmith::interop
