#include "io/gs_mdl_reader.h"

#include <cmath>

#include "io/byte_reader.h"

namespace wadsmith::gs {

namespace {

MdlFrameVertex frameVertex(ByteReader& r, bool words) {
  MdlFrameVertex v;
  for (auto& c : v.raw) c = words ? r.u16() : r.u8();
  v.normal = r.u8();
  if (words) v.bone = r.u8();
  return v;
}

}  // namespace

bool looksLikeMdl(std::span<const std::uint8_t> b) {
  return b.size() >= 4 && b[0] == 'M' && b[1] == 'D' && b[2] == 'L' && (b[3] == '3' || b[3] == '4' || b[3] == '5');
}

MdlModel readMdl(std::span<const std::uint8_t> bytes, const std::string& file) {
  ByteReader r(bytes, file);
  MdlModel m;
  r.section("header");
  auto magic = r.bytes(4);
  if (magic[0] != 'M' || magic[1] != 'D' || magic[2] != 'L' || magic[3] < '3' || magic[3] > '5') {
    if (magic[0] == 'M' && magic[1] == 'D' && magic[2] == 'L')
      r.fail(std::string("version \"MDL") + static_cast<char>(magic[3]) + "\" is not supported (MDL3, MDL4, MDL5)", 0);
    r.fail("not a 3D GameStudio model (no \"MDL3\"/\"MDL4\")", 0);
  }
  m.version = magic[3] - '0';
  m.finalWord = r.u32();
  for (auto& c : m.scale) c = r.f32();
  for (auto& c : m.offset) c = r.f32();
  for (int k = 0; k < 3; ++k)  // every vertex position depends on them
    if (!std::isfinite(m.scale[k]) || !std::isfinite(m.offset[k]))
      r.fail("vertex scale or offset is not a finite number", 8 + 4 * static_cast<std::size_t>(k));
  m.pad = r.f32();
  for (auto& c : m.eye) c = r.f32();
  std::int32_t numSkins = r.i32(), width = r.i32(), height = r.i32(), numVerts = r.i32(), numTris = r.i32();
  std::int32_t numFrames = r.i32(), numSkinVerts = r.i32();
  m.flags = r.u32();
  m.boneCount = r.u32();
  auto negative = [&](std::int32_t v, const char* what, std::size_t at) {
    if (v < 0) r.fail(std::string(what) + " " + std::to_string(v) + " is negative", at);
  };
  negative(numSkins, "skin count", 48);
  negative(width, "skin width", 52);
  negative(height, "skin height", 56);
  negative(numVerts, "vertex count", 60);
  negative(numTris, "triangle count", 64);
  negative(numFrames, "frame count", 68);
  negative(numSkinVerts, "skin vertex count", 72);
  if (numVerts > 65536) r.fail("vertex count " + std::to_string(numVerts) + " is more than triangles can index", 60);
  if (numSkinVerts > 65536) r.fail("skin vertex count " + std::to_string(numSkinVerts) + " is more than triangles can index", 72);
  m.skinWidth = width;
  m.skinHeight = height;
  std::uint64_t pixels = static_cast<std::uint64_t>(width) * static_cast<std::uint64_t>(height);
  for (std::int32_t i = 0; i < numSkins; ++i) {
    r.section("skin " + std::to_string(i));
    std::size_t at = r.pos();
    MdlSkin s;
    s.type = r.i32();
    if (s.type != 0 && s.type != 2 && s.type != 3)
      r.fail("skin type " + std::to_string(s.type) + " is not supported (0: 8-bit, 2: 5-6-5, 3: 4-4-4-4)", at);
    auto px = r.bytes(r.count(pixels, static_cast<std::size_t>(s.bytesPerPixel()), "skin pixel") * s.bytesPerPixel());
    s.pixels.assign(px.begin(), px.end());
    m.skins.push_back(std::move(s));
  }
  r.section("skin vertices");
  r.count(static_cast<std::uint32_t>(numSkinVerts), 4, "skin vertex");
  m.skinVertices.resize(static_cast<std::size_t>(numSkinVerts));
  for (auto& v : m.skinVertices) {
    v.u = r.i16();
    v.v = r.i16();
  }
  r.section("triangles");
  r.count(static_cast<std::uint32_t>(numTris), 12, "triangle");
  m.triangles.resize(static_cast<std::size_t>(numTris));
  for (std::size_t t = 0; t < m.triangles.size(); ++t) {
    auto& tri = m.triangles[t];
    for (auto& v : tri.vertices) {
      v = r.u16();
      if (v >= numVerts)
        r.fail("triangle " + std::to_string(t) + " names vertex " + std::to_string(v) + " of " + std::to_string(numVerts),
               r.pos() - 2);
    }
    for (auto& v : tri.skinVertices) {
      v = r.u16();
      if (v >= numSkinVerts)
        r.fail("triangle " + std::to_string(t) + " names skin vertex " + std::to_string(v) + " of " +
                   std::to_string(numSkinVerts),
               r.pos() - 2);
    }
  }
  // Frames: a type word, then the box and the vertices packed the way the type says.
  r.count(static_cast<std::uint32_t>(numFrames), 20 + 4 * (static_cast<std::size_t>(numVerts) + 2), "frame");
  m.frames.reserve(static_cast<std::size_t>(numFrames));
  for (std::int32_t f = 0; f < numFrames; ++f) {
    r.section("frame " + std::to_string(f));
    MdlFrame fr;
    fr.offset = r.absolute();
    fr.type = r.i32();
    if (fr.type != 0 && fr.type != 2)
      r.fail("frame type " + std::to_string(fr.type) + " is neither 0 (byte-packed) nor 2 (word-packed)", r.pos() - 4);
    bool words = fr.type == 2;
    if (words && m.version == 3) r.fail("word-packed frame in an MDL3 file (MDL3 frames are byte-packed)", r.pos() - 4);
    r.count(static_cast<std::uint32_t>(numVerts) + 2, words ? 8 : 4, "frame vertex");
    fr.boxMin = frameVertex(r, words);
    fr.boxMax = frameVertex(r, words);
    auto name = r.bytes(16);
    for (auto c : name) {
      if (c == 0) break;
      fr.name.push_back(static_cast<char>(c));
    }
    fr.vertices.resize(static_cast<std::size_t>(numVerts));
    for (auto& v : fr.vertices) v = frameVertex(r, words);
    m.frames.push_back(std::move(fr));
  }
  r.section("bones");
  auto rest = r.bytes(r.remaining());
  m.trailing.assign(rest.begin(), rest.end());
  return m;
}

}  // namespace wadsmith::gs
