#include "model/import/build_mesh.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "model/ops/mesh_ops.h"
#include "model/texture_word.h"

namespace wadsmith::import {
namespace {

// The normal count is stored signed (negative: shades), so a mesh holds at most this many.
constexpr std::size_t kMaxVertices = 0x7FFF;
constexpr std::size_t kMaxFaces = 0xFFFF;

void addVertices(const imported::Mesh& in, const std::string& where, Mesh& out) {
  if (in.positions.size() > kMaxVertices)
    throw BuildError(where + ": " + std::to_string(in.positions.size()) + " vertices; a TR mesh holds at most " +
                     std::to_string(kMaxVertices) + " (split the model into more meshes)");
  out.vertices.reserve(in.positions.size());
  for (std::size_t v = 0; v < in.positions.size(); ++v) {
    const auto& p = in.positions[v];
    const std::string at = "vertex " + std::to_string(v);
    out.vertices.push_back({toUnits(p.x, where, at + " x"), toUnits(p.y, where, at + " y"), toUnits(p.z, where, at + " z")});
  }
}

// The faces, each with its texture sample; a double-sided face gets a back face.
class FaceBuilder {
 public:
  FaceBuilder(const imported::Model& model, const imported::Mesh& in, const std::string& where, SampleBook& book,
              ModelReport& report)
      : model_(model), in_(in), where_(where), book_(book), report_(report) {}

  void add(const imported::Face& f, std::size_t index, Mesh& out) {
    const int n = f.corners == 4 ? 4 : 3;
    for (int k = 0; k < n; ++k)
      if (f.vertices[k] < 0 || static_cast<std::size_t>(f.vertices[k]) >= in_.positions.size())
        throw BuildError(where_ + ": face " + std::to_string(index) + " names vertex " + std::to_string(f.vertices[k]) + " of " +
                         std::to_string(in_.positions.size()));
    const FaceTexture t = book_.add(f, model_.images);
    Polygon p{.quad = n == 4};
    for (int j = 0; j < n; ++j) p.vertices[j] = static_cast<std::uint16_t>(f.vertices[(j + t.rotation) % n]);
    const int sample = t.sample + 1;  // sample 0 is the dummy
    if (sample > (p.quad ? 0x7FFF : 0x0FFF))
      throw BuildError(where_ + ": face " + std::to_string(index) + " needs texture sample " + std::to_string(sample) +
                       ", past what a WAD " + (p.quad ? "quad" : "triangle") + " can name (" +
                       std::to_string(p.quad ? 0x7FFF : 0x0FFF) + "): the model has too many distinct textured faces");
    p.texture = WadTextureWord{static_cast<std::uint16_t>(sample), t.flipped, t.corner}.encode(p.quad);
    if (f.translucent) p.attributes |= attr::kTranslucent;
    out.polygons.push_back(p);
    switch (t.kind) {
      case FaceTexture::Kind::Cut: ++report_.facesCut; break;
      case FaceTexture::Kind::Resampled: ++report_.facesResampled; break;
      case FaceTexture::Kind::Solid: ++report_.facesSolid; break;
    }
  }

  void addAll(Mesh& out) {
    for (std::size_t i = 0; i < in_.faces.size(); ++i) {
      const auto& f = in_.faces[i];
      if (f.corners != 3 && f.corners != 4)
        throw BuildError(where_ + ": face " + std::to_string(i) + " has " + std::to_string(f.corners) + " corners; TR faces have 3 or 4");
      add(f, i, out);
      if (!f.doubleSided) continue;
      // The same corners in the other order: the back face shows the same picture.
      imported::Face back = f;
      for (int k = 1; k < f.corners; ++k) {
        back.vertices[k] = f.vertices[f.corners - k];
        back.uv[k] = f.uv[f.corners - k];
      }
      add(back, i, out);
      ++report_.facesBackAdded;
    }
    if (out.polygons.size() > kMaxFaces)
      throw BuildError(where_ + ": " + std::to_string(out.polygons.size()) + " faces; a TR mesh holds at most " + std::to_string(kMaxFaces));
  }

 private:
  const imported::Model& model_;
  const imported::Mesh& in_;
  const std::string& where_;
  SampleBook& book_;
  ModelReport& report_;
};

// Shades where the model gives one per vertex; else its normals (at the files' length) or,
// without usable ones, normals computed from the faces.
void addLighting(const imported::Mesh& in, bool recompute, Mesh& out) {
  if (in.shades.size() == in.positions.size() && !in.positions.empty()) {
    for (float s : in.shades)
      out.shades.push_back(static_cast<std::int16_t>(std::lround(std::clamp(std::isfinite(s) ? s : 0.0f, 0.0f, 1.0f) * 0x1FFF)));
    return;
  }
  bool given = !recompute && in.normals.size() == in.positions.size();
  for (const auto& n : in.normals) given &= std::isfinite(n.x) && std::isfinite(n.y) && std::isfinite(n.z);
  for (std::size_t i = 0; given && i < in.normals.size(); ++i) {
    const auto& n = in.normals[i];
    double l = std::sqrt(double(n.x) * n.x + double(n.y) * n.y + double(n.z) * n.z);
    if (!(given = l >= 1e-9)) break;
    double k = ops::kNormalLength / l;
    out.normals.push_back({static_cast<std::int16_t>(std::lround(n.x * k)), static_cast<std::int16_t>(std::lround(n.y * k)),
                           static_cast<std::int16_t>(std::lround(n.z * k))});
  }
  if (given) return;
  out.normals = ops::computeNormals(out);
}

}  // namespace

std::string number(double v, int precision) {
  std::ostringstream s;
  s.precision(precision);
  s << v;
  return s.str();
}

std::int16_t toUnits(double v, const std::string& where, const std::string& what) {
  if (!std::isfinite(v)) throw BuildError(where + ": " + what + " is not a number");
  const double r = std::round(v);
  if (r < -32768 || r > 32767)
    throw BuildError(where + ": " + what + " = " + number(v, 6) +
                     " is outside TR's 16-bit range (-32768..32767): choose a smaller scale");
  return static_cast<std::int16_t>(r);
}

Mesh buildMesh(const imported::Model& model, const imported::Mesh& in, const std::string& where, SampleBook& book,
               const BuildOptions& options, ModelReport& report) {
  Mesh out;
  addVertices(in, where, out);
  FaceBuilder(model, in, where, book, report).addAll(out);
  addLighting(in, options.recomputeNormals, out);
  const auto sphere = ops::boundingSphere(out.vertices);
  out.center = sphere.center;
  out.radius = sphere.radius;
  report.vertices += out.vertices.size();
  report.faces += out.polygons.size();
  return out;
}

}  // namespace wadsmith::import
