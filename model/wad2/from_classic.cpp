#include "model/wad2/from_classic.h"

#include <algorithm>

#include "model/object_view.h"
#include "model/ops/mesh_ops.h"
#include "model/texture_mapping.h"
#include "model/texture_word.h"

namespace wadsmith::wad2 {
namespace {

Vec3 yUp(const Vec3s& v) { return {float(v.x), float(-v.y), float(v.z)}; }

// An RGB page (or part of one) as BGRA, magenta transparent (what TombLib's reader makes of it).
SharedBytes bgra(const TexturePages& pages, int page, int x0, int y0, int w, int h) {
  std::vector<std::uint8_t> out(static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 4, 0);
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      const std::uint8_t* p = pages.pixel(page, x0 + x, y0 + y);
      if (!p || isMagenta(p)) continue;
      std::uint8_t* o = &out[(static_cast<std::size_t>(y) * static_cast<std::size_t>(w) + static_cast<std::size_t>(x)) * 4];
      o[0] = p[2], o[1] = p[1], o[2] = p[0], o[3] = 255;
    }
  return SharedBytes(std::move(out));
}

std::vector<Shared<Texture>> pageTextures(const WadDocument& wad, const std::string& name, Id& nextId) {
  std::vector<Shared<Texture>> out;
  if (!wad.pixels) return out;
  for (std::size_t i = 0; i < wad.pixels->pages.size(); ++i) {
    Texture t;
    t.id = nextId++;
    t.width = t.height = kPageSize;
    t.name = name + "_Page_" + std::to_string(i);
    t.relativePath = std::string();
    t.pixels = bgra(*wad.pixels, static_cast<int>(i), 0, 0, kPageSize, kPageSize);
    out.push_back(share<Texture>(std::move(t)));
  }
  return out;
}

Polygon convertPolygon(const detail::ClassicContext& c, const wadsmith::Polygon& p) {
  Polygon out;
  out.quad = p.quad;
  out.version = 2;
  for (int i = 0; i < p.corners(); ++i) out.vertices[static_cast<std::size_t>(i)] = p.vertices[static_cast<std::size_t>(i)];
  out.shine = (p.attributes & 0x7C) >> 2;
  out.blendMode = (p.attributes & attr::kTranslucent) ? blend::kAdditive : blend::kNormal;
  const auto sample = WadTextureWord::decode(p.texture, p.quad).sample;
  const auto& samples = *c.wad.samples;
  if (sample >= samples.size() || samples[sample].page >= c.pageIds.size()) {
    c.notes.push_back("a face names texture sample " + std::to_string(sample) + ", past the samples or pages");
    out.texture = Ref::rawValue(-1);
    return out;
  }
  out.texture = Ref::to(c.pageIds[samples[sample].page]);
  const auto uv = wadFaceUVs(p, samples[sample]);
  for (int i = 0; i < p.corners(); ++i) out.uv[static_cast<std::size_t>(i)] = {uv[static_cast<std::size_t>(i)].u, uv[static_cast<std::size_t>(i)].v};
  return out;
}

Static convertStatic(const detail::ClassicContext& c, const ObjectView& view, std::size_t i) {
  const auto& s = view.statics()[i];
  Static out;
  out.objectId = s.objectId;
  out.flags = s.flags;
  out.ambientLight = 128;  // WadTool's default
  out.shatter = static_cast<std::uint8_t>(s.objectId >= 50 && s.objectId <= 59);  // TR4's SHATTER0-9
  out.shatterSound = -1;
  if (auto slot = view.staticMesh(i); slot && slot->mesh)
    out.mesh = detail::convertMesh(c, *slot->mesh, "Mesh-" + std::to_string(s.objectId) + "-" + std::to_string(slot->entryIndex));
  auto corner = [](std::int16_t x, std::int16_t y, std::int16_t z) { return Vec3{float(x), float(-y), float(z)}; };
  out.visibilityMin = corner(s.visibility.minX, s.visibility.minY, s.visibility.minZ);
  out.visibilityMax = corner(s.visibility.maxX, s.visibility.maxY, s.visibility.maxZ);
  out.collisionMin = corner(s.collision.minX, s.collision.minY, s.collision.minZ);
  out.collisionMax = corner(s.collision.maxX, s.collision.maxY, s.collision.maxZ);
  return out;
}

void convertSprites(const SpriteFile& swd, Document& doc) {
  for (const auto& seq : swd.sequences) {
    SpriteSequence out;
    out.objectId = seq.spriteId;
    for (int k = 0; k < sequenceLength(seq); ++k) {
      const auto at = static_cast<std::size_t>(seq.offset + k);
      if (at >= swd.textures.size()) break;
      const auto& t = swd.textures[at];
      Sprite s;
      s.id = doc.nextId++;
      s.width = spriteWidth(t), s.height = spriteHeight(t);
      s.index = static_cast<std::int64_t>(doc.sprites.size());
      s.pixels = bgra(swd.pages, t.tile, t.x, t.y, spriteWidth(t), spriteHeight(t));
      s.sides = std::array<std::int32_t, 4>{t.left, t.top, t.right, t.bottom};
      out.sprites.push_back(Ref::to(s.id));
      doc.sprites.push_back(share<Sprite>(std::move(s)));
    }
    doc.sequences.push_back(std::move(out));
  }
}

}  // namespace

Shared<Mesh> detail::convertMesh(const ClassicContext& c, const wadsmith::Mesh& m, const std::string& name) {
  Mesh out;
  out.index = 0;
  out.name = name;
  out.hidden = 0;
  out.sphereCenter = yUp(m.center);
  out.sphereRadius.value = m.radius;
  for (const auto& v : m.vertices) out.positions.push_back(yUp(v));
  // WAD meshes with shades store no normals: TombLib computes them.
  for (const auto& n : m.normals.empty() ? ops::computeNormals(m) : m.normals) out.normals.push_back(yUp(n));
  for (auto s : m.shades) {
    const float g = (8191.0f - float(s)) / 8191.0f;
    out.colors.push_back({g, g, g});
  }
  out.lightingType = m.normals.empty() ? 1 : 0;
  if (!out.positions.empty()) {
    out.boxMin = out.boxMax = out.positions.front();
    for (const auto& p : out.positions) {
      out.boxMin = {std::min(out.boxMin.x, p.x), std::min(out.boxMin.y, p.y), std::min(out.boxMin.z, p.z)};
      out.boxMax = {std::max(out.boxMax.x, p.x), std::max(out.boxMax.y, p.y), std::max(out.boxMax.z, p.z)};
    }
  }
  for (const auto& p : m.polygons) out.polygons.push_back(convertPolygon(c, p));
  return share<Mesh>(std::move(out));
}

Document fromClassic(const WadDocument& wad, const FromClassicOptions& options, std::vector<std::string>* notes) {
  std::vector<std::string> ignored;
  Document doc;
  doc.game = game::kTR4;
  doc.soundSystem = 1;
  doc.nextId = options.firstId;
  doc.textures = pageTextures(wad, options.name, doc.nextId);
  std::vector<Id> pageIds;
  for (const auto& t : doc.textures) pageIds.push_back(t->id);
  const detail::ClassicContext c{wad, pageIds, doc.nextId, notes ? *notes : ignored};
  doc.movables = detail::convertMovables(c);
  const ObjectView view(wad.objects);
  for (std::size_t i = 0; i < view.statics().size(); ++i) doc.statics.push_back(share<Static>(convertStatic(c, view, i)));
  if (wad.sprites) convertSprites(*wad.sprites, doc);
  doc.metadata.timestamp = options.timestamp;
  doc.animatedTextures.emplace();
  return doc;
}

}  // namespace wadsmith::wad2
