#include "editor/interop/gltf_export.h"

#include "editor/interop/tiny_gltf_config.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "editor/interop/gltf_file.h"
#include "editor/interop/gltf_write.h"
#include "editor/interop/object_extras.h"
#include "editor/interop/pages.h"
#include "model/ascii_case.h"
#include "model/geometry/poser.h"
#include "io/file_io.h"
#include "io/png_codec.h"
#include "io/utf8_path.h"
#include "model/catalog.h"
#include "model/exchange/object_records.h"
#include "model/object_view.h"
#include "model/texture_mapping.h"
#include "model/texture_word.h"

namespace wadsmith::interop {
namespace {

using geometry::Quat;
using V3 = geometry::Vec3;

// TR space to glTF space (a half turn about z), in metres.
V3 toGltf(V3 p) { return {-p.x / kUnitsPerMeter, -p.y / kUnitsPerMeter, p.z / kUnitsPerMeter}; }
V3 toGltf(const Vec3s& p) { return toGltf(V3{float(p.x), float(p.y), float(p.z)}); }
// The same rotation seen in glTF space: the axis turns with the space, the angle stays.
Quat toGltf(Quat q) { return {q.w, -q.x, -q.y, q.z}; }

// Adds `x` to a list of the model, returning its index.
template <class T>
int append(std::vector<T>& list, T x) {
  list.push_back(std::move(x));
  return static_cast<int>(list.size() - 1);
}

struct Primitive {
  std::vector<float> positions, normals, uvs, colors, weights;
  std::vector<std::uint16_t> joints;
  std::vector<std::uint32_t> indices;
};

// Materials of one object: per page, opaque (magenta cut out) and additive-translucent; one
// untextured material for faces whose sample is past the table.
struct Materials {
  std::vector<int> pageImages;
  std::map<std::pair<int, bool>, int> made;
  int material(tinygltf::Model& m, int page, bool translucent, const std::string& object) {
    auto key = std::make_pair(page, translucent);
    if (auto it = made.find(key); it != made.end()) return it->second;
    tinygltf::Material mat;
    mat.name = object + (page < 0 ? " untextured" : " page " + std::to_string(page)) + (translucent ? " translucent" : "");
    mat.pbrMetallicRoughness.metallicFactor = 0;
    mat.pbrMetallicRoughness.roughnessFactor = 1;
    if (page >= 0) {
      if (m.samplers.empty()) {
        tinygltf::Sampler s;  // texels as the engine shows them: nearest, clamped to the page
        s.magFilter = TINYGLTF_TEXTURE_FILTER_NEAREST;
        s.minFilter = TINYGLTF_TEXTURE_FILTER_NEAREST;
        s.wrapS = s.wrapT = TINYGLTF_TEXTURE_WRAP_CLAMP_TO_EDGE;
        m.samplers.push_back(s);
      }
      tinygltf::Texture t;
      t.sampler = 0;
      t.source = pageImages[page];
      mat.pbrMetallicRoughness.baseColorTexture.index = append(m.textures, t);
      mat.alphaMode = translucent ? "BLEND" : "MASK";
    } else {
      mat.pbrMetallicRoughness.baseColorFactor = {0.5, 0.5, 0.5, 1};
      if (translucent) mat.alphaMode = "BLEND";
    }
    if (translucent) mat.extras = toValue(nlohmann::json{{"wadsmith", {{"blending", "additive"}}}});
    return made[key] = append(m.materials, std::move(mat));
  }
};

V3 faceNormal(const V3& a, const V3& b, const V3& c) {
  // glTF's front side is counter-clockwise; TR's visible side faces cross(v2 - v0, v1 - v0).
  V3 n = normalize(cross(c - a, b - a));
  return length(n) > 0.5f ? n : V3{0, 1, 0};
}

std::vector<double> vec(const V3& v) { return {v.x, v.y, v.z}; }

std::string objectName(const exchange::ObjectRecords& r) {
  auto colon = r.wasLine.find(':');
  if (!r.wasLine.empty() && colon != 0) return r.wasLine.substr(0, colon);
  return r.ref.movable() ? catalog::movableLabel(r.ref.slot) : catalog::staticLabel(r.ref.slot);
}

// Frame f's time; the last one rounded up where needed: Blender turns seconds into frames by a
// float multiplication, which for f/30 rounded down gives a hair before frame f (63, 125-127,
// 250...), and ended such animations a frame early.
float keyTime(int f, bool last) {
  float t = float(f) / kFramesPerSecond;
  if (last && t * kFramesPerSecond < float(f)) t = std::nextafter(t, 2.0f * t);
  return t;
}

void exportAnimations(Bin& bin, const exchange::ObjectRecords& r, const WadDocument& one,
                      const std::vector<int>& jointNodes, const std::string& name, ExportReport& rep) {
  const ObjectView v(one.objects);
  const std::size_t meshes = v.meshCount(0);
  auto [a0, a1] = v.animationRange(0);
  for (auto a = a0; a < a1; ++a) {
    const Animation& anim = v.animations()[a];
    const auto keys = v.keyframes(a, meshes);
    const int frames = keys.empty() ? 1 : geometry::frameCount(anim);
    std::vector<float> times, offsets;
    std::vector<std::vector<float>> rotations(meshes);
    std::vector<Quat> previous(meshes);
    for (int f = 0; f < frames; ++f) {
      times.push_back(keyTime(f, f == frames - 1));
      auto pose = geometry::keyframePose(keys, meshes, anim.frameDuration, float(f));
      V3 o = toGltf(pose.offset);
      offsets.insert(offsets.end(), {o.x, o.y, o.z});
      for (std::size_t j = 0; j < meshes; ++j) {
        Quat q = toGltf(pose.rotations[j]);
        q = normalized(q);
        // The same rotation on the near side of the last one, so interpolation takes the short way.
        const Quat& p = previous[j];
        if (f && dot(p, q) < 0) q = {-q.w, -q.x, -q.y, -q.z};
        previous[j] = q;
        rotations[j].insert(rotations[j].end(), {q.x, q.y, q.z, q.w});
      }
    }
    tinygltf::Animation out;
    const std::size_t local = a - a0;
    out.name = std::to_string(local);
    if (r.ref.slot == 0)
      if (auto n = catalog::laraAnimationName(static_cast<std::uint32_t>(local))) out.name += " " + *n;
    out.name = name + " " + out.name;
    const int input = bin.floats(times, 1, 0, true);
    auto channel = [&](int node, const char* path, int output) {
      tinygltf::AnimationSampler s;
      s.input = input;
      s.output = output;
      s.interpolation = "LINEAR";
      tinygltf::AnimationChannel c;
      c.sampler = append(out.samplers, s);
      c.target_node = node;
      c.target_path = path;
      out.channels.push_back(c);
    };
    channel(jointNodes[0], "translation", bin.floats(offsets, 3, 0, false));
    for (std::size_t j = 0; j < meshes; ++j) channel(jointNodes[j], "rotation", bin.floats(rotations[j], 4, 0, false));
    bin.text.add(out, nlohmann::json{{"wadsmith", animationExtras(r.animations[local], local)}});
    ++rep.animations;
  }
}

// Each texture page as a PNG image of the object (magenta as alpha 0).
void addPages(tinygltf::Model& m, Bin& bin, const exchange::ObjectRecords& r, const std::string& name, Materials& mats) {
  for (const auto& page : r.pages) {
    auto png = png::encode(kPageSize, kPageSize, wadPageRgba(page));
    tinygltf::Image img;
    img.name = name + " page " + std::to_string(mats.pageImages.size());
    img.mimeType = "image/png";
    img.bufferView = bin.view(png.data(), png.size(), 0);
    mats.pageImages.push_back(append(m.images, std::move(img)));
  }
}

// What one object adds to the scene.
struct ObjectExport {
  tinygltf::Model& m;
  Bin& bin;
  const exchange::ObjectRecords& r;
  const std::string name;
  ExportReport& rep;
  Materials mats;
  std::map<int, Primitive> prims;

  // Adds mesh `mesh` (TR local space) placed at `origin` (glTF space) to per-material primitives.
  void addMesh(const Mesh& mesh, V3 origin, int joint) {
    auto vertex = [&](std::uint16_t i) { return i < mesh.vertices.size() ? toGltf(mesh.vertices[i]) : V3{}; };
    const bool shaded = mesh.usesShades();
    for (const auto& p : mesh.polygons) {
      const auto word = WadTextureWord::decode(p.texture, p.quad);
      const bool textured = word.sample < r.samples.size();
      const int page = textured ? r.samples[word.sample].page : -1;
      Primitive& out = prims[mats.material(m, page, p.attributes & attr::kTranslucent, name)];
      std::array<Texel, 4> uv{};
      if (textured) uv = wadFaceUVs(p, r.samples[word.sample]);
      V3 fn = faceNormal(vertex(p.vertices[0]), vertex(p.vertices[1]), vertex(p.vertices[2]));
      const auto base = static_cast<std::uint32_t>(out.positions.size() / 3);
      for (int c = 0; c < p.corners(); ++c) {
        const std::uint16_t v = p.vertices[c];
        V3 pos = vertex(v) + origin;
        out.positions.insert(out.positions.end(), {pos.x, pos.y, pos.z});
        V3 n = fn;
        if (!shaded && v < mesh.normals.size() && mesh.normals.size() == mesh.vertices.size()) {
          V3 s = normalize(toGltf(mesh.normals[v]));
          if (length(s) > 0.5f) n = s;
        }
        out.normals.insert(out.normals.end(), {n.x, n.y, n.z});
        out.uvs.insert(out.uvs.end(), {uv[c].u / kPageSize, uv[c].v / kPageSize});
        float shade = shaded && v < mesh.shades.size()
                          ? 1.0f - std::clamp(mesh.shades[v], std::int16_t(0), std::int16_t(0x1FFF)) / 8191.0f
                          : 1.0f;
        out.colors.insert(out.colors.end(), {shade, shade, shade, 1.0f});
        out.joints.insert(out.joints.end(), {static_cast<std::uint16_t>(std::max(joint, 0)), 0, 0, 0});
        out.weights.insert(out.weights.end(), {1, 0, 0, 0});
      }
      // Reversed corner order: TR's visible side is glTF's counter-clockwise front.
      out.indices.insert(out.indices.end(), {base, base + 2, base + 1});
      if (p.quad) out.indices.insert(out.indices.end(), {base, base + 3, base + 2});
      rep.triangles += p.quad ? 2 : 1;
    }
  }

  int writeMesh(bool skinned, bool shades) {
    tinygltf::Mesh mesh;
    mesh.name = name;
    for (auto& [material, p] : prims) {
      if (p.indices.empty()) continue;
      tinygltf::Primitive out;
      out.mode = TINYGLTF_MODE_TRIANGLES;
      out.material = material;
      out.attributes["POSITION"] = bin.floats(p.positions, 3, TINYGLTF_TARGET_ARRAY_BUFFER, true);
      out.attributes["NORMAL"] = bin.floats(p.normals, 3, TINYGLTF_TARGET_ARRAY_BUFFER, false);
      out.attributes["TEXCOORD_0"] = bin.floats(p.uvs, 2, TINYGLTF_TARGET_ARRAY_BUFFER, false);
      if (shades) out.attributes["COLOR_0"] = bin.floats(p.colors, 4, TINYGLTF_TARGET_ARRAY_BUFFER, false);
      if (skinned) {
        out.attributes["JOINTS_0"] = bin.joints(p.joints);
        out.attributes["WEIGHTS_0"] = bin.floats(p.weights, 4, TINYGLTF_TARGET_ARRAY_BUFFER, false);
      }
      out.indices = bin.indices(p.indices);
      mesh.primitives.push_back(out);
    }
    if (mesh.primitives.empty()) return -1;
    return append(m.meshes, std::move(mesh));
  }

  void statics(int rootNode) {
    if (!r.pointers.empty() && (r.pointerDeltas.empty() || !r.pointerDeltas[0]))
      addMesh(r.meshes[r.pointers[0]], {}, -1);
    const bool shades = !r.pointers.empty() && r.meshes[r.pointers[0]].usesShades();
    int mesh = writeMesh(false, shades);
    if (mesh >= 0) {
      m.nodes[rootNode].mesh = mesh;
      ++rep.meshes;
    }
  }

  // A joint node per mesh of the tree below the object's node; `rest` gets each joint's origin
  // in the object's space (glTF).
  std::vector<int> joints(const Skeleton& skeleton, int rootNode, std::vector<V3>& rest) {
    const std::size_t count = skeleton.bones.size();
    std::vector<int> out(count);
    rest.assign(count, {});
    for (std::size_t i = 0; i < count; ++i) {
      const auto& b = skeleton.bones[i];
      tinygltf::Node j;
      j.name = name + " mesh " + std::to_string(i);
      V3 offset = i ? toGltf(b.offset) : V3{};
      if (i) j.translation = vec(offset);
      out[i] = append(m.nodes, std::move(j));
      const int parent = b.parent >= 0 && static_cast<std::size_t>(b.parent) < i ? b.parent : -1;
      rest[i] = (parent >= 0 ? rest[parent] : V3{}) + offset;
      m.nodes[parent >= 0 ? out[parent] : rootNode].children.push_back(out[i]);
    }
    rep.joints += count;
    return out;
  }

  void movable(int rootNode, V3 at) {
    const WadDocument one = exchange::objectDocument(r);
    const ObjectView v(one.objects);
    std::vector<V3> rest;
    const std::vector<int> jointNodes = joints(v.skeleton(0), rootNode, rest);
    const std::size_t count = jointNodes.size();
    bool shades = false;
    for (std::size_t i = 0; i < count && i < r.pointers.size(); ++i) {
      if (i < r.pointerDeltas.size() && r.pointerDeltas[i]) continue;  // lands inside a mesh: nothing to draw
      const Mesh& mesh = r.meshes[r.pointers[i]];
      shades |= mesh.usesShades();
      addMesh(mesh, rest[i] + at, static_cast<int>(i));
    }
    if (!count) return;
    tinygltf::Skin skin;
    skin.name = name;
    skin.joints = jointNodes;
    skin.skeleton = jointNodes[0];
    std::vector<float> ibm;
    for (std::size_t i = 0; i < count; ++i) {
      V3 t = -(rest[i] + at);
      ibm.insert(ibm.end(), {1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, t.x, t.y, t.z, 1});
    }
    skin.inverseBindMatrices = bin.floats(ibm, 16, 0, false);
    m.skins.push_back(std::move(skin));
    const int mesh = writeMesh(true, shades);
    if (mesh >= 0) {
      tinygltf::Node skinned;
      skinned.name = name + " skin";
      skinned.mesh = mesh;
      skinned.skin = static_cast<int>(m.skins.size() - 1);
      m.scenes[0].nodes.push_back(append(m.nodes, std::move(skinned)));
      ++rep.meshes;
    }
    exportAnimations(bin, r, one, jointNodes, name, rep);
  }
};

void exportObject(tinygltf::Model& m, Bin& bin, const exchange::ObjectRecords& r, V3 at, ExportReport& rep) {
  ObjectExport o{m, bin, r, objectName(r), rep, {}, {}};
  addPages(m, bin, r, o.name, o.mats);
  rep.samples += r.samples.size();
  rep.pages += r.pages.size();
  ++rep.objects;
  tinygltf::Node root;
  root.name = o.name;
  root.translation = vec(at);
  root.extras = bin.text.stash(nlohmann::json{{"wadsmith", objectExtras(r, o.mats.pageImages)}});
  const int rootNode = append(m.nodes, std::move(root));
  m.scenes[0].nodes.push_back(rootNode);
  if (r.ref.movable()) o.movable(rootNode, at);
  else o.statics(rootNode);
}

// Half the width of an object along x (glTF space), for laying several side by side.
float halfWidth(const exchange::ObjectRecords& r) {
  float w = 0;
  for (const auto& mesh : r.meshes)
    for (const auto& v : mesh.vertices) w = std::max(w, std::abs(float(v.x)) / kUnitsPerMeter);
  return w;
}

}  // namespace

std::vector<SharedBytes> exportGltf(const WadDocument& doc, const std::vector<ObjectRef>& objects, bool binary,
                                    ExportReport* report, const std::string& label, const Progress& progress) {
  ExportReport rep;
  tinygltf::Model out;
  Bin bin;  // the buffer and the large extras
  out.asset.version = "2.0";
  out.asset.generator = "WadSmith";
  out.asset.extras = toValue(nlohmann::json{{"wadsmith", {{"version", kExtrasVersion}, {"units_per_meter", kUnitsPerMeter}}}});
  out.scenes.emplace_back();
  out.scenes[0].name = "WadSmith export";
  out.defaultScene = 0;
  float x = 0;
  for (std::size_t i = 0; i < objects.size(); ++i) {  // one object's records at a time
    const auto records = exchange::objectRecords(doc, objects[i], label);
    progress(i, objects.size(), objectName(records));
    float half = halfWidth(records);
    if (i) x += half;
    exportObject(out, bin, records, {x, 0, 0}, rep);
    x += half + 0.5f;
  }
  progress(objects.size(), objects.size(), "");
  bin.pad();
  if (report) *report = rep;
  return writeGltf(out, bin.take(), std::move(bin.text), binary);
}

std::size_t writeGltfFile(const WadDocument& doc, const std::vector<ObjectRef>& objects, const std::filesystem::path& path,
                          ExportReport* report, const std::string& label, const Progress& progress) {
  const std::string ext = asciiLower(path.extension().string());
  if (ext != ".glb" && ext != ".gltf") throw std::runtime_error(utf8Name(path) + ": the output is a .glb or a .gltf");
  auto pieces = exportGltf(doc, objects, ext == ".glb", report, label, progress);
  std::size_t size = 0;
  for (const auto& p : pieces) size += p.size();
  writeFileAtomic(path, std::move(pieces));
  return size;
}

}  // namespace wadsmith::interop
