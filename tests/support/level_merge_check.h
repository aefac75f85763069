// Merging into a TR4 or TR5 level, checked: the merged level written and read back (it must
// round-trip byte for byte), and each merged object extracted back out of it compared with its
// source, every face corner against the texel the source face shows there.
#pragma once
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <string>
#include <vector>

#include "io/document_io.h"
#include "io/level_codec.h"
#include "io/samples_folder.h"
#include "io/wad_files.h"
#include "model/merge/level_extract.h"
#include "model/merge/level_merge.h"
#include "model/object_view.h"
#include "model/texture_mapping.h"
#include "model/texture_word.h"
#include "tests/support/object_signature.h"
#include "tests/support/test_support.h"

namespace wadsmith::test {

struct Merged {
  LevelDocument before, after;
  merge::LevelMerge result;
};

// A corpus WAD with its samples' WAV bytes (TRLE's samples folder in the corpus), as the CLI
// reads them for a level destination.
inline WadDocument wadWithSamples(const std::filesystem::path& wad) {
  auto w = loadWad(wad);
  w.sounds = withSampleBytes(w.sounds, SampleFolder(corpusFile("samples")));
  return w;
}

inline Merged mergeInto(const LevelDocument& level, const WadDocument& src, const merge::Request& req) {
  Merged m;
  m.before = level;
  const auto t32 = chunkPayload(m.before.tiles32), t16 = chunkPayload(m.before.tiles16);
  m.result = merge::mergeIntoLevel(m.before, {t32, t16}, src, req);
  const auto bytes = writeLevel(m.result.doc);
  m.after = readLevel(bytes, "merged level");
  EXPECT_EQ(firstDifference(writeLevel(m.after), bytes), -1) << "the merged level does not round-trip";
  return m;
}
inline Merged mergeInto(const std::filesystem::path& level, const WadDocument& src, const merge::Request& req) {
  return mergeInto(std::get<LevelDocument>(loadDocument(level)), src, req);
}

// A signature without its faces (a level lists quads first, and extraction may name another
// corner mapping for the same look: texelsOfFaces checks those) and mesh filler words.
inline std::vector<std::string> withoutFaces(const std::vector<std::string>& sig) {
  std::vector<std::string> out;
  for (auto line : sig) {
    if (line.find(" face ") != std::string::npos) continue;
    if (auto p = line.find(" pad "); p != std::string::npos) line.erase(p, line.find(" v", p + 5) - p);
    out.push_back(line);
  }
  return out;
}

inline std::array<std::uint8_t, 3> wadTexel(const WadDocument& w, int page, int x, int y) {
  const auto& p = w.pixels->pages[static_cast<std::size_t>(page)];
  const std::size_t at = (static_cast<std::size_t>(y) * 256 + x) * 3;
  return {p.data()[at], p.data()[at + 1], p.data()[at + 2]};
}

inline std::array<std::uint8_t, 3> tileTexel(const std::vector<std::uint8_t>& tiles, int tile, int x, int y) {
  const std::size_t at = ((static_cast<std::size_t>(tile) * 256 + y) * 256 + x) * 4;
  if (tiles[at + 3] < 128) return {255, 0, 255};
  return {tiles[at + 2], tiles[at + 1], tiles[at]};
}

// Every face of the merged object's meshes, in the level: the same vertices (quads first), and
// under each corner of its object texture the texel the source face shows at that vertex.
inline std::size_t texelsOfFaces(const Merged& m, const WadDocument& src, const merge::MergedObject& o) {
  const auto tiles = chunkPayload(m.after.tiles32);
  const ObjectView sv(src.objects), lv(m.after.data->objects);
  auto meshesOf = [](const ObjectView& v, const ObjectRef& k) {
    std::vector<std::size_t> out;
    if (k.movable())
      for (const auto& s : v.movableMeshes(*v.findMovable(k.slot))) out.push_back(s.pointerIndex);
    else
      out.push_back(v.runRange(v.statics()[*v.findStatic(k.slot)].pointer).first);
    return out;
  };
  const auto sp = meshesOf(sv, o.source()), lp = meshesOf(lv, o.target());
  EXPECT_EQ(sp.size(), lp.size());
  std::size_t corners = 0;
  for (std::size_t i = 0; i < std::min(sp.size(), lp.size()); ++i) {
    const Mesh* a = sv.pointerMesh(sp[i]).mesh;
    const Mesh* b = lv.pointerMesh(lp[i]).mesh;
    if (!a || !b) continue;
    auto faces = a->polygons;
    std::stable_partition(faces.begin(), faces.end(), [](const Polygon& p) { return p.quad; });
    EXPECT_EQ(faces.size(), b->polygons.size());
    for (std::size_t f = 0; f < std::min(faces.size(), b->polygons.size()); ++f) {
      const Polygon &p = faces[f], &q = b->polygons[f];
      EXPECT_EQ(p.vertices, q.vertices);
      const auto w = WadTextureWord::decode(p.texture, p.quad);
      const auto& sample = (*src.samples)[w.sample];
      const auto pixels = wadFaceCornerPixels(p, sample);
      const ObjectTexture& t = (*m.after.data->objectTextures)[q.texture & 0x7FFF];
      for (int c = 0; c < p.corners(); ++c, ++corners)
        if (wadTexel(src, sample.page, pixels[c][0], pixels[c][1]) !=
            tileTexel(tiles, t.tile(), t.corners[c].xPixel, t.corners[c].yPixel)) {
          ADD_FAILURE() << merge::describe(o.target()) << " mesh " << i << " face " << f << " corner " << c;
          return corners;
        }
    }
  }
  return corners;
}

// Each merged object extracted from the written level is its source object (its faces
// compared texel by texel).
inline void expectSameObjects(const Merged& m, const WadDocument& src) {
  const auto tiles = chunkPayload(m.after.tiles32);
  const auto back = merge::extractLevelObjects(m.after, tiles);
  for (const auto& o : m.result.report.merged) {
    auto diff = signatureDifference(withoutFaces(objectSignature(src, o.source())),
                                          withoutFaces(objectSignature(back.wad, o.target())));
    EXPECT_EQ(diff, "") << merge::describe(o.source()) << " -> " << merge::describe(o.target());
    EXPECT_GT(texelsOfFaces(m, src, o), 0u) << merge::describe(o.target());
  }
}

// A level near the object texture limit: its table filled with copies of a record no face shows.
inline LevelDocument nearTheObjectTextureLimit(LevelDocument doc) {
  LevelData data = *doc.data;
  auto textures = *data.objectTextures;
  ObjectTexture filler;
  filler.tileAndFlag = static_cast<std::uint16_t>(doc.numRoomTiles);
  textures.resize(merge::kMaxLevelObjectTextures - 3, filler);
  data.objectTextures = share<std::vector<ObjectTexture>>(std::move(textures));
  doc.data = share<LevelData>(std::move(data));
  return doc;
}

}  // namespace wadsmith::test
