#include "editor/interop/gltf_import.h"

#include "editor/interop/tiny_gltf_config.h"

#include <algorithm>
#include <cmath>
#include <set>

#include "editor/interop/gltf_file.h"
#include "editor/interop/gltf_rig.h"
#include "editor/interop/object_extras.h"
#include "editor/interop/pages.h"
#include "model/geometry/poser.h"
#include "model/object_view.h"

namespace wadsmith::interop {

namespace {

std::optional<nlohmann::json> wadsmithExtras(const tinygltf::Value& extras) {
  if (!extras.IsObject() || !extras.Has("wadsmith")) return std::nullopt;
  return toJson(extras.Get("wadsmith"));
}

struct Triangle {
  std::array<std::array<long, 3>, 3> corners;  // TR units, rounded, the smallest first
  friend auto operator<=>(const Triangle&, const Triangle&) = default;
  Triangle(std::array<long, 3> a, std::array<long, 3> b, std::array<long, 3> c) : corners{a, b, c} {
    // A canonical start corner so the same triangle compares equal whatever vertex it starts at.
    std::rotate(corners.begin(), std::min_element(corners.begin(), corners.end()), corners.end());
  }
};

// Each mesh's triangles as the file's geometry gives them, for comparing with the records'.
std::vector<std::vector<Triangle>> trianglesOf(const imported::Model& m) {
  std::vector<std::vector<Triangle>> out;
  for (const auto& mesh : m.meshes) {
    auto at = [&](int v) {
      const auto& p = mesh.positions[v];
      return std::array<long, 3>{std::lround(p.x), std::lround(p.y), std::lround(p.z)};
    };
    out.emplace_back();
    for (const auto& f : mesh.faces) out.back().emplace_back(at(f.vertices[0]), at(f.vertices[1]), at(f.vertices[2]));
  }
  return out;
}

// What the records' animation gives at each 30 fps frame (the export's sampling).
std::vector<imported::Frame> recordFrames(const ObjectView& v, std::size_t anim, std::size_t meshes) {
  const Animation& a = v.animations()[anim];
  const auto keys = v.keyframes(anim, meshes);
  const int frames = keys.empty() ? 1 : geometry::frameCount(a);
  std::vector<imported::Frame> out;
  for (int f = 0; f < frames; ++f) {
    auto pose = geometry::keyframePose(keys, meshes, a.frameDuration, float(f));
    imported::Frame frame;
    frame.offset = {pose.offset.x, pose.offset.y, pose.offset.z};
    for (const auto& q : pose.rotations) frame.rotations.push_back({q.w, q.x, q.y, q.z});
    out.push_back(std::move(frame));
  }
  return out;
}

// Whether the file's geometry and animations are still the ones the records describe; says why not.
std::optional<std::string> recordsDiffer(const exchange::ObjectRecords& r, const imported::Model& model) {
  const auto triangles = trianglesOf(model);
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
      expect.emplace_back(corner(p.vertices[0]), corner(p.vertices[1]), corner(p.vertices[2]));
      if (p.quad) expect.emplace_back(corner(p.vertices[0]), corner(p.vertices[2]), corner(p.vertices[3]));
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
        if (geometry::angleBetween(geometry::cast<double>(g.rotations[b]), geometry::cast<double>(e.rotations[b])) > 0.05)
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
  return wadPageRgb(img.image);
}

// The scale: the caller's, else the file's (a WadSmith export says), else 512 TR units a metre.
foreign::TrSpace spaceOf(const GltfScene& s, float unitsPerMeter) {
  foreign::TrSpace space;
  space.scale = unitsPerMeter;
  if (space.scale <= 0) {
    space.scale = 512;
    if (auto x = wadsmithExtras(s.model().asset.extras); x && x->contains("units_per_meter") && (*x)["units_per_meter"].is_number())
      space.scale = (*x)["units_per_meter"].get<float>();
  }
  if (!(space.scale > 0 && space.scale < 1e6)) s.fail("asset", "units per metre must be positive");
  return space;
}

class Objects {
 public:
  Objects(const GltfScene& s, float units) : s_(s), m_(s.model()), space_(spaceOf(s, units)) {}

  std::vector<GltfObject> all() {
    for (std::size_t n = 0; n < m_.nodes.size(); ++n)
      if (auto x = wadsmithExtras(m_.nodes[n].extras); x && x->contains("kind")) exported(int(n), *x);
    skins();
    roots();
    return std::move(out_);
  }

 private:
  GltfObject object(std::string name, bool movable, const Rig& rig, const Vec3& origin) {
    GltfObject o;
    o.name = std::move(name);
    o.movable = movable;
    o.model = foreign::sceneModel(rigScene(s_, rig, o.name, movable, space_, origin, o.notes));
    for (int n : rig.nodes) taken_.insert(n);
    return o;
  }

  // A WadSmith export: a node with the records in its extras, its joints a skin below it.
  void exported(int n, const nlohmann::json& extras) {
    std::vector<int> pageImages;
    exchange::ObjectRecords r;
    try {
      r = parseObjectExtras(extras, "node " + std::to_string(n) + " extras", pageImages);
    } catch (const std::exception& e) {
      throw std::runtime_error(s_.file() + ": " + e.what());
    }
    const bool movable = r.ref.movable();
    int skin = -1;
    for (std::size_t k = 0; k < m_.skins.size() && skin < 0 && movable; ++k)
      if (!m_.skins[k].joints.empty() && s_.parent(m_.skins[k].joints[0]) == n) skin = int(k);
    // Exported joints sit at the object's node: its bind pose is relative to that.
    const Rig rig = skin >= 0 ? skinnedRig(s_, skin, meshNodesOf(skin)) : singleNodeRig(s_, n, !movable);
    GltfObject o = object(m_.nodes[n].name, movable, rig, geometry::translationOf(s_.world(s_.restPose())[n]));
    taken_.insert(n);
    if (movable && !animationsInOrder(o, rig, r)) {
      o.notes.push_back("its animations are not the exported ones (added, removed or renamed extras)");
    } else {
      for (int image : pageImages) r.pages.push_back(pagePixels(s_, image));
      if (auto why = recordsDiffer(r, o.model)) o.notes.push_back("its records are not used: " + *why);
      else o.records = std::move(r);
    }
    out_.push_back(std::move(o));
  }

  // The model's animations in the records' order (each glTF animation's extras say its index);
  // false when they are not exactly the exported ones.
  bool animationsInOrder(GltfObject& o, const Rig& rig, exchange::ObjectRecords& r) {
    std::vector<std::optional<exchange::AnimationRecord>> records(r.animations.size());
    std::vector<imported::Animation> ordered(r.animations.size());
    std::size_t k = 0;
    bool complete = true;
    for (std::size_t a = 0; a < m_.animations.size(); ++a) {
      if (!s_.moves(int(a), rig.boneOfNode)) continue;
      auto ax = wadsmithExtras(m_.animations[a].extras);
      std::size_t index = 0;
      if (ax) {
        auto rec = parseAnimationExtras(*ax, s_.file() + ": animation " + std::to_string(a) + " extras", index);
        complete &= index < records.size() && !records[index];
        if (index < records.size() && !records[index]) {
          records[index] = std::move(rec);
          if (k < o.model.animations.size()) ordered[index] = o.model.animations[k];
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
    return complete;
  }

  // The nodes that draw their mesh with skin `skin`.
  std::vector<int> meshNodesOf(int skin) const {
    std::vector<int> out;
    for (std::size_t n = 0; n < m_.nodes.size(); ++n)
      if (m_.nodes[n].skin == skin && m_.nodes[n].mesh >= 0) out.push_back(int(n));
    return out;
  }

  // Any other skin is a movable.
  void skins() {
    for (std::size_t k = 0; k < m_.skins.size(); ++k) {
      if (m_.skins[k].joints.empty() || taken_.count(m_.skins[k].joints[0])) continue;
      const std::vector<int> meshNodes = meshNodesOf(int(k));
      const Rig rig = skinnedRig(s_, int(k), meshNodes);
      out_.push_back(object(!m_.skins[k].name.empty() ? m_.skins[k].name : m_.nodes[rig.nodes[0]].name, true, rig, {}));
      for (int n : meshNodes) taken_.insert(n);
    }
  }

  // Anything else: each root node with unskinned meshes below it is an object.
  void roots() {
    std::vector<int> roots;
    if (m_.defaultScene >= 0 && m_.defaultScene < int(m_.scenes.size())) roots = m_.scenes[m_.defaultScene].nodes;
    else if (!m_.scenes.empty()) roots = m_.scenes[0].nodes;
    else for (std::size_t n = 0; n < m_.nodes.size(); ++n) if (s_.parent(int(n)) < 0) roots.push_back(int(n));
    for (int root : roots) {
      if (root < 0 || root >= int(m_.nodes.size())) s_.fail("scene", "node " + std::to_string(root) + " does not exist");
      if (taken_.count(root)) continue;
      const auto all = subtree(m_, root);
      if (std::none_of(all.begin(), all.end(), [&](int n) { return m_.nodes[n].mesh >= 0 && m_.nodes[n].skin < 0 && !taken_.count(n); }))
        continue;
      const auto& name = m_.nodes[root].name;
      out_.push_back(object(name.empty() ? "node " + std::to_string(root) : name, true, nodeRig(s_, root), {}));
    }
  }

  const GltfScene& s_;
  const tinygltf::Model& m_;
  const foreign::TrSpace space_;
  std::vector<GltfObject> out_;
  std::set<int> taken_;  // nodes an object already holds
};

}  // namespace

std::vector<GltfObject> gltfObjects(const tinygltf::Model& gltf, const std::string& file,
                                    float unitsPerMeter) {
  GltfScene s(gltf, file);
  return Objects(s, unitsPerMeter).all();
}

}  // namespace wadsmith::interop
