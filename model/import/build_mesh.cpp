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

std::string number(double v) {
  std::ostringstream s;
  s << v;
  return s.str();
}

}  // namespace

std::int16_t toUnits(double v, const std::string& where, const std::string& what) {
  if (!std::isfinite(v)) throw BuildError(where + ": " + what + " is not a number");
  const double r = std::round(v);
  if (r < -32768 || r > 32767)
    throw BuildError(where + ": " + what + " = " + number(v) +
                     " is outside TR's 16-bit range (-32768..32767): choose a smaller scale");
  return static_cast<std::int16_t>(r);
}

Mesh buildMesh(const imported::Model& model, const imported::Mesh& in, const std::string& where, SampleBook& book,
               int sampleBase, const BuildOptions& options, ModelReport& report) {
  Mesh out;
  if (in.positions.size() > kMaxVertices)
    throw BuildError(where + ": " + std::to_string(in.positions.size()) + " vertices; a TR mesh holds at most " +
                     std::to_string(kMaxVertices) + " (split the model into more meshes)");
  out.vertices.reserve(in.positions.size());
  for (std::size_t v = 0; v < in.positions.size(); ++v) {
    const auto& p = in.positions[v];
    const std::string at = "vertex " + std::to_string(v);
    out.vertices.push_back({toUnits(p.x, where, at + " x"), toUnits(p.y, where, at + " y"), toUnits(p.z, where, at + " z")});
  }

  auto addFace = [&](const imported::Face& f, std::size_t index) {
    const int n = f.corners == 4 ? 4 : 3;
    for (int k = 0; k < n; ++k)
      if (f.vertices[k] < 0 || static_cast<std::size_t>(f.vertices[k]) >= in.positions.size())
        throw BuildError(where + ": face " + std::to_string(index) + " names vertex " + std::to_string(f.vertices[k]) +
                         " of " + std::to_string(in.positions.size()));
    const FaceTexture t = book.add(f, model.images);
    Polygon p;
    p.quad = n == 4;
    for (int j = 0; j < n; ++j) p.vertices[j] = static_cast<std::uint16_t>(f.vertices[(j + t.rotation) % n]);
    WadTextureWord w;
    const int sample = t.sample + sampleBase;
    if (sample > (p.quad ? 0x7FFF : 0x0FFF))
      throw BuildError(where + ": face " + std::to_string(index) + " needs texture sample " + std::to_string(sample) +
                       ", past what a WAD " + (p.quad ? "quad" : "triangle") + " can name (" +
                       std::to_string(p.quad ? 0x7FFF : 0x0FFF) + "): the model has too many distinct textured faces");
    w.sample = static_cast<std::uint16_t>(sample);
    w.flipped = t.flipped;
    w.corner = t.corner;
    p.texture = w.encode(p.quad);
    if (f.translucent) p.attributes |= attr::kTranslucent;
    out.polygons.push_back(p);
    switch (t.kind) {
      case FaceTexture::Kind::Cut: ++report.facesCut; break;
      case FaceTexture::Kind::Resampled: ++report.facesResampled; break;
      case FaceTexture::Kind::Solid: ++report.facesSolid; break;
    }
  };
  for (std::size_t i = 0; i < in.faces.size(); ++i) {
    const auto& f = in.faces[i];
    if (f.corners != 3 && f.corners != 4)
      throw BuildError(where + ": face " + std::to_string(i) + " has " + std::to_string(f.corners) +
                       " corners; TR faces have 3 or 4");
    addFace(f, i);
    if (f.doubleSided && options.duplicateDoubleSided) {
      // The same corners in the other order: the back face shows the same picture.
      imported::Face back = f;
      const int n = f.corners;
      for (int k = 1; k < n; ++k) {
        back.vertices[k] = f.vertices[n - k];
        back.uv[k] = f.uv[n - k];
      }
      addFace(back, i);
      ++report.facesBackAdded;
    }
  }
  if (out.polygons.size() > kMaxFaces)
    throw BuildError(where + ": " + std::to_string(out.polygons.size()) + " faces; a TR mesh holds at most " +
                     std::to_string(kMaxFaces));

  if (in.shades.size() == in.positions.size() && !in.positions.empty()) {
    for (float s : in.shades)
      out.shades.push_back(static_cast<std::int16_t>(std::lround(std::clamp(std::isfinite(s) ? s : 0.0f, 0.0f, 1.0f) * 0x1FFF)));
  } else {
    bool given = !options.recomputeNormals && in.normals.size() == in.positions.size();
    for (const auto& n : in.normals) given &= std::isfinite(n.x) && std::isfinite(n.y) && std::isfinite(n.z);
    if (given) {
      for (const auto& n : in.normals) {
        double l = std::sqrt(double(n.x) * n.x + double(n.y) * n.y + double(n.z) * n.z);
        if (l < 1e-9) {
          given = false;
          break;
        }
        double k = ops::kNormalLength / l;
        out.normals.push_back({static_cast<std::int16_t>(std::lround(n.x * k)), static_cast<std::int16_t>(std::lround(n.y * k)),
                               static_cast<std::int16_t>(std::lround(n.z * k))});
      }
    }
    if (!given) {
      out.normals.clear();
      out.normals = ops::computeNormals(out);
    }
  }
  const auto sphere = ops::boundingSphere(out.vertices);
  out.center = sphere.center;
  out.radius = sphere.radius;
  report.vertices += out.vertices.size();
  report.faces += out.polygons.size();
  return out;
}

}  // namespace wadsmith::import
