#include "io/gs_mdl_reader.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <utility>

#include "io/byte_reader.h"

namespace wadsmith::gs {

bool looksLikeMdl(std::span<const std::uint8_t> b) {
  return b.size() >= 4 && b[0] == 'M' && b[1] == 'D' && b[2] == 'L' && (b[3] == '3' || b[3] == '4' || b[3] == '5');
}

namespace {

MdlFrameVertex frameVertex(ByteReader& r, bool words) {
  MdlFrameVertex v;
  for (auto& c : v.raw) c = words ? r.u16() : r.u8();
  v.normal = r.u8();
  if (words) v.bone = r.u8();
  return v;
}

// The header's counts, each checked not negative (and the vertex counts small enough for the
// triangles' 16-bit indices) before anything is sized by them.
struct MdlCounts {
  std::int32_t skins = 0, vertices = 0, triangles = 0, frames = 0, skinVertices = 0;
};

MdlCounts readMdlHeader(ByteReader& r, MdlModel& m) {
  r.section("header");
  auto magic = r.bytes(4);
  if (magic[0] != 'M' || magic[1] != 'D' || magic[2] != 'L' || magic[3] < '3' || magic[3] > '5') {
    if (magic[0] == 'M' && magic[1] == 'D' && magic[2] == 'L')
      r.fail(std::string("version \"MDL") + static_cast<char>(magic[3]) + "\" is not supported (MDL3, MDL4, MDL5)", 0);
    r.fail("not a 3D GameStudio model (no \"MDL3\"/\"MDL4\")", 0);
  }
  m.version = magic[3] - '0';
  r.u32();  // the "final" word
  for (auto& c : m.scale) c = r.f32();
  for (auto& c : m.offset) c = r.f32();
  for (int k = 0; k < 3; ++k)  // every vertex position depends on them
    if (!std::isfinite(m.scale[k]) || !std::isfinite(m.offset[k]))
      r.fail("vertex scale or offset is not a finite number", 8 + 4 * static_cast<std::size_t>(k));
  for (int k = 0; k < 4; ++k) r.f32();  // "pad" (the bounding radius in MDL4 files), the eye position
  MdlCounts n;
  n.skins = r.i32();
  const std::int32_t width = r.i32(), height = r.i32();
  n.vertices = r.i32(), n.triangles = r.i32(), n.frames = r.i32(), n.skinVertices = r.i32();
  r.u32();  // flags (1: terrain model)
  m.boneCount = r.u32();
  const std::pair<std::int32_t, const char*> counts[] = {{n.skins, "skin count"},         {width, "skin width"},
                                                          {height, "skin height"},        {n.vertices, "vertex count"},
                                                          {n.triangles, "triangle count"}, {n.frames, "frame count"},
                                                          {n.skinVertices, "skin vertex count"}};
  for (std::size_t k = 0; k < std::size(counts); ++k)
    if (counts[k].first < 0)
      r.fail(std::string(counts[k].second) + " " + std::to_string(counts[k].first) + " is negative", 48 + 4 * k);
  if (n.vertices > 65536) r.fail("vertex count " + std::to_string(n.vertices) + " is more than triangles can index", 60);
  if (n.skinVertices > 65536)
    r.fail("skin vertex count " + std::to_string(n.skinVertices) + " is more than triangles can index", 72);
  m.skinWidth = width;
  m.skinHeight = height;
  return n;
}

void readSkins(ByteReader& r, const MdlCounts& n, MdlModel& m) {
  const std::uint64_t pixels = static_cast<std::uint64_t>(m.skinWidth) * static_cast<std::uint64_t>(m.skinHeight);
  for (std::int32_t i = 0; i < n.skins; ++i) {
    r.section("skin " + std::to_string(i));
    std::size_t at = r.pos();
    MdlSkin s;
    s.type = r.i32();
    if (s.type != 0 && s.type != 2 && s.type != 3)
      r.fail("skin type " + std::to_string(s.type) + " is not supported (0: 8-bit, 2: 5-6-5, 3: 4-4-4-4)", at);
    s.pixels = r.copy(r.count(pixels, static_cast<std::size_t>(s.bytesPerPixel()), "skin pixel") * s.bytesPerPixel());
    m.skins.push_back(std::move(s));
  }
  r.section("skin vertices");
  m.skinVertices = r.records(static_cast<std::uint32_t>(n.skinVertices), 4, "skin vertex",
                             [&] { return MdlSkinVertex{r.i16(), r.i16()}; });
}

void readTriangles(ByteReader& r, const MdlCounts& n, MdlModel& m) {
  r.section("triangles");
  r.count(static_cast<std::uint32_t>(n.triangles), 12, "triangle");
  m.triangles.resize(static_cast<std::size_t>(n.triangles));
  auto index = [&](std::size_t t, std::int32_t count, const char* what) {
    const std::uint16_t v = r.u16();
    if (v >= count)
      r.fail("triangle " + std::to_string(t) + " names " + what + std::to_string(v) + " of " + std::to_string(count), r.pos() - 2);
    return v;
  };
  for (std::size_t t = 0; t < m.triangles.size(); ++t) {
    for (auto& v : m.triangles[t].vertices) v = index(t, n.vertices, "vertex ");
    for (auto& v : m.triangles[t].skinVertices) v = index(t, n.skinVertices, "skin vertex ");
  }
}

// Frames: a type word, then the box and the vertices packed the way the type says.
void readFrames(ByteReader& r, const MdlCounts& n, MdlModel& m) {
  r.count(static_cast<std::uint32_t>(n.frames), 20 + 4 * (static_cast<std::size_t>(n.vertices) + 2), "frame");
  m.frames.reserve(static_cast<std::size_t>(n.frames));
  for (std::int32_t f = 0; f < n.frames; ++f) {
    r.section("frame " + std::to_string(f));
    MdlFrame fr;
    fr.type = r.i32();
    if (fr.type != 0 && fr.type != 2)
      r.fail("frame type " + std::to_string(fr.type) + " is neither 0 (byte-packed) nor 2 (word-packed)", r.pos() - 4);
    bool words = fr.type == 2;
    if (words && m.version == 3) r.fail("word-packed frame in an MDL3 file (MDL3 frames are byte-packed)", r.pos() - 4);
    r.count(static_cast<std::uint32_t>(n.vertices) + 2, words ? 8 : 4, "frame vertex");
    for (int k = 0; k < 2; ++k) frameVertex(r, words);  // the bounding box's corners
    auto name = r.bytes(16);
    fr.name.assign(name.begin(), std::find(name.begin(), name.end(), 0));
    fr.vertices.resize(static_cast<std::size_t>(n.vertices));
    for (auto& v : fr.vertices) v = frameVertex(r, words);
    m.frames.push_back(std::move(fr));
  }
}

}  // namespace

MdlModel readMdl(std::span<const std::uint8_t> bytes, const std::string& file) {
  ByteReader r(bytes, file);
  MdlModel m;
  const MdlCounts n = readMdlHeader(r, m);
  readSkins(r, n, m);
  readTriangles(r, n, m);
  readFrames(r, n, m);
  r.section("bones");
  m.trailing = r.copy(r.remaining());
  return m;
}

}  // namespace wadsmith::gs
