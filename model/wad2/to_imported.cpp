#include "model/wad2/to_imported.h"

#include <cmath>
#include <map>
#include <unordered_map>

#include "model/catalog.h"
#include "model/geometry/poser.h"
#include "model/geometry/rotation_words.h"
#include "model/wad2/slots.h"

namespace wadsmith::wad2 {
namespace {

// A TR keyframe holds at most 255 words: 9 for box and offset, 1 or 2 per mesh.
constexpr std::size_t kMaxKeyframeMeshes = 246;

// What the conversion had to change, for the model's notes.
struct Changes {
  std::size_t clamped = 0, badFaces = 0, untextured = 0, popUnderflow = 0, attributes = 0, weights = 0;
  std::map<std::int64_t, std::size_t> otherBlend;  // blend mode -> faces
  std::vector<std::string> notes;
};

std::string blendName(std::int64_t mode) {
  static const std::map<std::int64_t, const char*> names = {{1, "alpha test"}, {4, "no z test"}, {5, "subtract"},
                                                             {6, "wireframe"}, {8, "exclude"}, {9, "screen"},
                                                             {10, "lighten"}, {11, "alpha blend"}};
  const auto it = names.find(mode);
  return it != names.end() ? it->second : std::to_string(mode);
}

float toUnits(float v, Changes& ch) {
  if (!std::isfinite(v)) return ++ch.clamped, 0.0f;
  if (v < -32768.0f) return ++ch.clamped, -32768.0f;
  if (v > 32767.0f) return ++ch.clamped, 32767.0f;
  return v;
}
imported::Vec3 trSpace(const Vec3& v, Changes& ch) { return {toUnits(v.x, ch), toUnits(-v.y, ch), toUnits(v.z, ch)}; }

class Converter {
 public:
  Converter(const Document& doc, ObjectModel& out, std::size_t* imageBytes) : out_(out), imageBytes_(imageBytes) {
    for (const auto& t : doc.textures)
      if (t) textures_.emplace(t->id, t.get());
  }

  imported::Mesh mesh(const Mesh& m, std::vector<const Polygon*>& faces) {
    imported::Mesh out;
    out.name = m.name;
    for (const auto& p : m.positions) out.positions.push_back(trSpace(p, ch_));
    if (m.lightingType == 0 && m.normals.size() == m.positions.size())
      for (const auto& n : m.normals) out.normals.push_back({n.x, -n.y, n.z});
    if (m.lightingType != 0) shades(m, out);
    for (const auto& a : m.attributes) ch_.attributes += a.glow != 0 || a.move != 0;
    if (m.weights) ch_.weights += m.weights->size();
    for (const auto& p : m.polygons) {
      bool valid = true;
      for (int k = 0; k < p.corners(); ++k)
        valid &= p.vertices[k] >= 0 && static_cast<std::size_t>(p.vertices[k]) < m.positions.size();
      if (!valid) {
        ++ch_.badFaces;
        continue;
      }
      out.faces.push_back(face(p));
      faces.push_back(&p);
    }
    return out;
  }

  void finish() {
    std::vector<std::string> n;
    if (ch_.clamped) n.push_back(std::to_string(ch_.clamped) + " coordinate(s) past TR's 16-bit range clamped");
    for (const auto& [mode, faces] : ch_.otherBlend)
      n.push_back(std::to_string(faces) + " face(s) of blend mode " + blendName(mode) + " drawn normal (TR4 has additive only)");
    if (ch_.attributes) n.push_back(std::to_string(ch_.attributes) + " vertices glowing or moving (TombEngine) drawn still");
    if (ch_.weights) n.push_back(std::to_string(ch_.weights) + " vertex weights (TombEngine skinning) left out");
    if (ch_.badFaces) n.push_back(std::to_string(ch_.badFaces) + " face(s) naming a vertex the mesh lacks left out");
    if (ch_.untextured) n.push_back(std::to_string(ch_.untextured) + " face(s) without a usable texture drawn grey");
    if (overBudget_) n.push_back("the document's images passed " + std::to_string(kImageBudget >> 20) + " MiB: the rest drawn grey");
    if (ch_.popUnderflow) n.push_back("the bones pop more than they push: those hang from the root");
    for (auto& s : ch_.notes) n.push_back(std::move(s));
    const std::string who = (out_.model.movable ? "movable " : "static ") + out_.model.name + ": ";
    for (auto& s : n) out_.model.notes.push_back(who + s);
  }

  Changes ch_;

 private:
  void shades(const Mesh& m, imported::Mesh& out) {
    std::vector<float> luma;
    for (const auto& c : m.colors) luma.push_back(0.299f * c.x + 0.587f * c.y + 0.114f * c.z);
    if (luma.empty())
      for (auto s : m.shades) luma.push_back((8191.0f - float(s)) / 8191.0f);
    // TombLib lights a mesh whose colours do not match its vertices flat (luma 1).
    if (luma.size() != m.positions.size()) luma.assign(m.positions.size(), 1.0f);
    for (float l : luma) out.shades.push_back(1.0f - std::min(std::isfinite(l) ? l : 1.0f, 1.0f));
  }

  imported::Face face(const Polygon& p) {
    imported::Face f;
    f.corners = p.corners();
    for (int k = 0; k < f.corners; ++k) f.vertices[k] = static_cast<int>(p.vertices[k]);
    f.translucent = p.blendMode == blend::kAdditive;
    if (p.blendMode != blend::kAdditive && p.blendMode != blend::kNormal) ++ch_.otherBlend[p.blendMode];
    f.doubleSided = p.doubleSided != 0;
    f.image = image(p.texture);
    if (f.image < 0) {
      ++ch_.untextured;
      f.color = {128, 128, 128};
      return f;
    }
    const auto& img = out_.model.images[static_cast<std::size_t>(f.image)];
    for (int k = 0; k < f.corners; ++k) f.uv[k] = {p.uv[k].x / float(img.width), p.uv[k].y / float(img.height)};
    return f;
  }

  // The texture as an RGBA image of the model (once), or -1 when its pixels do not fit its size.
  int image(const Ref& r) {
    if (auto it = images_.find(r.id); it != images_.end()) return it->second;
    auto t = textures_.find(r.id);
    int index = -1;
    if (r.isRecord() && t != textures_.end() && t->second->width > 0 && t->second->height > 0 &&
        t->second->width <= 65536 && t->second->height <= 65536 &&
        static_cast<std::uint64_t>(t->second->pixels.size()) ==
            static_cast<std::uint64_t>(t->second->width) * static_cast<std::uint64_t>(t->second->height) * 4 &&
        withinBudget(t->second->pixels.size())) {
      const Texture& tx = *t->second;
      imported::Image img;
      img.name = tx.name;
      img.width = static_cast<int>(tx.width), img.height = static_cast<int>(tx.height);
      img.rgba.resize(tx.pixels.size());
      for (std::size_t i = 0; i < tx.pixels.size(); i += 4) {
        const std::uint8_t b = tx.pixels[i], g = tx.pixels[i + 1], rr = tx.pixels[i + 2], a = tx.pixels[i + 3];
        const bool magenta = rr == 255 && g == 0 && b == 255;  // TombLib reads opaque magenta as transparent
        img.rgba[i] = rr, img.rgba[i + 1] = g, img.rgba[i + 2] = b, img.rgba[i + 3] = magenta ? 0 : a;
      }
      index = static_cast<int>(out_.model.images.size());
      out_.model.images.push_back(std::move(img));
    }
    images_.emplace(r.id, index);
    return index;
  }

  // Each object gets its own copy of the images it uses: a file of many small objects naming
  // one large texture would otherwise make its size many times over.
  bool withinBudget(std::size_t bytes) {
    if (!imageBytes_) return true;
    if (bytes > kImageBudget - std::min(*imageBytes_, kImageBudget)) return !(overBudget_ = true);
    *imageBytes_ += bytes;
    return true;
  }

  ObjectModel& out_;
  std::size_t* imageBytes_;
  bool overBudget_ = false;
  std::unordered_map<Id, const Texture*> textures_;
  std::unordered_map<Id, int> images_;
};

// Parents from the link opcodes as TR walks them (geometry::meshTree): 1 pops the parent, 2 pushes it.
std::vector<imported::Bone> skeleton(const Movable& m, Changes& ch) {
  std::vector<imported::Bone> out(m.meshes.size());
  std::vector<std::int32_t> links;  // the opcodes as link records; the offsets are the bones' floats
  for (std::size_t j = 1; j < out.size(); ++j)
    links.insert(links.end(), {std::int32_t(j < m.bones.size() ? m.bones[j].opcode : 0), 0, 0, 0});
  const geometry::Skeleton tree = geometry::meshTree(links, out.size());
  ch.popUnderflow += tree.popUnderflow;
  for (std::size_t j = 1; j < out.size(); ++j) {
    out[j].parent = tree.bones[j].parent;
    if (j < m.bones.size()) out[j].offset = trSpace(m.bones[j].translation, ch), out[j].name = m.bones[j].name;
  }
  if (!out.empty() && !m.bones.empty()) out[0].name = m.bones[0].name;
  if (m.bones.size() != m.meshes.size())
    ch.notes.push_back(std::to_string(m.bones.size()) + " bones for " + std::to_string(m.meshes.size()) +
                       " meshes: the meshes without one hang from the previous mesh");
  return out;
}

// TR's angles (degrees) of a wad2 keyframe angle, and the rotation they make.
imported::Quat trRotation(const Vec3& a) {
  // TR turns by Ry(y) Rx(x) Rz(z) (the rotation words' turn); wad2 stores x and z negated.
  return geometry::cast<float>(geometry::rotationQuat({geometry::Rotation::Axes::XYZ, -a.x, a.y, -a.z, 2}));
}

imported::Animation animation(const Animation& a, std::size_t bones, Changes& ch) {
  imported::Animation out;
  out.name = a.name;
  if (bones > kMaxKeyframeMeshes) return out;  // no TR keyframe holds them (noted once)
  if (a.frameRate > 0 && a.frameRate <= 255)
    out.framesPerSecond = 30.0f / float(a.frameRate);
  else
    ch.notes.push_back("animation " + a.name + ": frame rate " + std::to_string(a.frameRate) + " played at 1");
  for (const auto& k : a.keyframes) {
    imported::Frame f;
    f.offset = trSpace(k.offset, ch);
    for (std::size_t b = 0; b < bones; ++b) f.rotations.push_back(b < k.angles.size() ? trRotation(k.angles[b]) : imported::Quat{});
    out.frames.push_back(std::move(f));
  }
  return out;
}

// TR4's catalog name, or the slot in the target game's numbering.
std::string objectName(const Document& doc, std::int64_t id, bool movable) {
  if ((doc.game == game::kTR4 || doc.game == game::kTRNG) && id >= 0 && id <= 0xFFFF)
    return movable ? catalog::movableLabel(static_cast<std::uint32_t>(id)) : catalog::staticLabel(static_cast<std::uint32_t>(id));
  if (auto name = movable ? movableName(doc, id) : std::nullopt) return std::string(gameName(doc.game)) + " " + *name;
  return std::string(gameName(doc.game)) + " slot " + std::to_string(id);
}

}  // namespace

ObjectModel movableModel(const Document& doc, const Movable& m, std::size_t* imageBytes) {
  ObjectModel out;
  out.model.name = objectName(doc, m.objectId, true);
  Converter c(doc, out, imageBytes);
  if (m.skin) c.ch_.notes.push_back("its skin mesh (TombEngine) left out");
  if (m.lua && !m.lua->empty()) c.ch_.notes.push_back(std::to_string(m.lua->size()) + " Lua properties (TombEngine) left out");
  if (m.meshes.size() > kMaxKeyframeMeshes)
    c.ch_.notes.push_back(std::to_string(m.meshes.size()) + " meshes: no TR keyframe holds their rotations, animations left out");
  for (const auto& mesh : m.meshes) {
    out.faces.emplace_back();
    out.model.meshes.push_back(mesh ? c.mesh(*mesh, out.faces.back()) : imported::Mesh{});
  }
  out.model.bones = skeleton(m, c.ch_);
  for (const auto& a : m.animations)
    if (a) out.model.animations.push_back(animation(*a, m.meshes.size(), c.ch_));
  c.finish();
  return out;
}

ObjectModel staticModel(const Document& doc, const Static& s, std::size_t* imageBytes) {
  ObjectModel out;
  out.model.name = objectName(doc, s.objectId, false);
  out.model.movable = false;
  Converter c(doc, out, imageBytes);
  if (!s.lights.empty()) c.ch_.notes.push_back(std::to_string(s.lights.size()) + " light(s) (TombEngine) left out");
  if (s.lua && !s.lua->empty()) c.ch_.notes.push_back(std::to_string(s.lua->size()) + " Lua properties (TombEngine) left out");
  out.faces.emplace_back();
  out.model.meshes.push_back(s.mesh ? c.mesh(*s.mesh, out.faces.back()) : imported::Mesh{});
  c.finish();
  return out;
}

}  // namespace wadsmith::wad2
