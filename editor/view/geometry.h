// Render-ready triangles of a mesh, in model space: quads split in two, texture coordinates on
// their page from the WAD samples (or a level's object textures), opaque and additive faces
// apart, and the lines the viewport overlays (wireframe, vertex normals).
#pragma once
#include <array>
#include <functional>
#include <vector>

#include "model/geometry/poser.h"
#include "model/document.h"
#include "model/texture_mapping.h"

namespace wadsmith::view {

using geometry::Vec3, geometry::toVec;

struct RenderVertex {
  float position[3];
  float normal[3];   // zero when the mesh uses shades
  float uv[2];       // 0-1 on the page
  float page;        // texture array layer, -1 = untextured
  float shade;       // brightness from shades (1 = lightest), 1 when the mesh uses normals
  float shine;       // 0-1 shine intensity, 0 when the face does not shine
};

struct MeshGeometry {
  std::vector<RenderVertex> opaque, additive;
  std::vector<Vec3> wireframe;    // line pairs
  std::vector<Vec3> normalLines;  // line pairs, from each vertex along its normal
};

struct FaceTexture {
  int page = -1;
  std::array<Texel, 4> uv{};  // page pixel coordinates per corner
};
using TextureResolver = std::function<FaceTexture(const Polygon&)>;

// WAD: samples and the WAD mapping rules. Level: object textures on their tiles.
TextureResolver wadTextures(const WadDocument& doc);
TextureResolver documentTextures(const Document& doc);

MeshGeometry buildGeometry(const Mesh& mesh, const TextureResolver& textures, float normalLength);
// How long the viewport draws a mesh's vertex normals: a short fraction of the mesh's own size
// (its vertices' extent; the stored sphere radius is no guide: Lara's meshes in the original
// WADs store radii 30 to 60 times their size).
float normalLineLength(const Mesh& mesh);

}  // namespace wadsmith::view
