#include "editor/view/geometry.h"

#include <algorithm>

#include "model/level_textures.h"
#include "model/ops/mesh_ops.h"
#include "model/texture_word.h"

namespace wadsmith::view {

TextureResolver wadTextures(const WadDocument& doc) {
  return [samples = doc.samples](const Polygon& p) {
    FaceTexture t;
    auto word = WadTextureWord::decode(p.texture, p.quad);
    if (word.sample >= samples->size()) return t;
    const TextureSample& s = (*samples)[word.sample];
    t.page = s.page;
    t.uv = wadFaceUVs(p, s);
    return t;
  };
}

TextureResolver documentTextures(const Document& doc) {
  if (const auto* w = std::get_if<WadDocument>(&doc)) return wadTextures(*w);
  const auto& level = std::get<LevelDocument>(doc);
  // TR1-3 coloured faces: the middle of their colour's block on the page after the tiles.
  const int colourPage = static_cast<int>(level.tileCount());
  const Game game = level.game();
  return [textures = level.data->objectTextures, colourPage, game](const Polygon& p) {
    FaceTexture t;
    if (p.coloured) {
      const int c = colourIndex(game, p.texture);
      t.page = colourPage;
      t.uv.fill({static_cast<float>((c % 16) * 16 + 8), static_cast<float>((c / 16) * 16 + 8)});
      return t;
    }
    std::size_t index = p.texture & 0x7FFF;
    if (index >= textures->size()) return t;
    const ObjectTexture& ot = (*textures)[index];
    t.page = ot.tile();
    t.uv = objectTextureUVs(ot);
    return t;
  };
}

MeshGeometry buildGeometry(const Mesh& m, const TextureResolver& textures, float normalLength) {
  MeshGeometry g;
  const bool shaded = m.usesShades();
  for (const Polygon& p : m.polygons) {
    const auto corners = p.vertices.begin() + p.corners();
    if (std::any_of(p.vertices.begin(), corners, [&](std::uint16_t v) { return v >= m.vertices.size(); })) continue;
    FaceTexture tex = textures(p);
    auto vertex = [&](int c) {
      RenderVertex v{};
      std::uint16_t i = p.vertices[c];
      Vec3 pos = toVec(m.vertices[i]);
      v.position[0] = pos.x, v.position[1] = pos.y, v.position[2] = pos.z;
      if (!shaded && i < m.normals.size()) {
        Vec3 n = normalize(toVec(m.normals[i]));
        v.normal[0] = n.x, v.normal[1] = n.y, v.normal[2] = n.z;
      }
      v.shade = shaded && i < m.shades.size() ? 1.0f - std::clamp(m.shades[i], std::int16_t(0), std::int16_t(0x1FFF)) / 8191.0f : 1.0f;
      v.uv[0] = tex.uv[c].u / 256.0f, v.uv[1] = tex.uv[c].v / 256.0f;
      v.page = float(tex.page);
      v.shine = (p.attributes & attr::kShine) ? std::max(attr::intensity(p.attributes), 1) / 31.0f : 0.0f;
      return v;
    };
    auto& out = (p.attributes & attr::kTranslucent) ? g.additive : g.opaque;
    for (int c = 1; c + 1 < p.corners(); ++c) out.insert(out.end(), {vertex(0), vertex(c), vertex(c + 1)});
    for (int c = 0; c < p.corners(); ++c) {
      g.wireframe.push_back(toVec(m.vertices[p.vertices[c]]));
      g.wireframe.push_back(toVec(m.vertices[p.vertices[(c + 1) % p.corners()]]));
    }
  }
  for (std::size_t i = 0; i < m.vertices.size() && i < m.normals.size(); ++i) {
    const Vec3 pos = toVec(m.vertices[i]);
    g.normalLines.insert(g.normalLines.end(), {pos, pos + normalize(toVec(m.normals[i])) * normalLength});
  }
  return g;
}

float normalLineLength(const Mesh& mesh) {
  const BoundingBox b = ops::boundingBox(mesh.vertices);
  const Vec3 size{float(b.maxX - b.minX), float(b.maxY - b.minY), float(b.maxZ - b.minZ)};
  return 0.15f * std::max(length(size) * 0.5f, 64.0f);
}

}  // namespace wadsmith::view
