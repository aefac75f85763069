#include "io/eq_wld_fragments.h"

#include "io/eq_wld_reader.h"

namespace wadsmith::eq {

namespace {

std::string readEncodedName(ByteReader& r) {
  std::uint16_t len = r.u16();
  auto decoded = decodeWldString(r.bytes(len));
  std::string s(decoded.begin(), decoded.end());
  while (!s.empty() && s.back() == '\0') s.pop_back();
  return s;
}

// `n` words nothing reads, each read on its own (so a short body fails where the field is).
void skipWords(ByteReader& r, int n) {
  for (int k = 0; k < n; ++k) r.u32();
}

std::vector<FragmentRef> readRefs(ByteReader& r, std::uint32_t n, const char* what) {
  return r.records(n, 4, what, [&] { return FragmentRef{r.i32()}; });
}

BitmapNames bitmapNames(ByteReader& r) {
  // Every corpus fragment stores 0 and one name; a count above 1 is taken as the name count.
  const std::uint32_t count = r.u32();
  return {r.records(count == 0 ? 1 : count, 2, "bitmap name", [&] { return readEncodedName(r); })};
}

BitmapInfo bitmapInfo(ByteReader& r) {
  const std::uint32_t flags = r.u32();
  std::uint32_t n = r.u32();
  // The reference's bit 4 "Params2" is set on every corpus fragment and adds nothing; bit 3
  // (animated) adds the delay, milliseconds per bitmap.
  if (flags & 0x08) skipWords(r, 1);
  return {readRefs(r, n, "bitmap reference")};
}

Reference reference(ByteReader& r) { return {r.i32(), r.u32()}; }  // braces read in order

Material material(ByteReader& r) {
  Material m;
  const std::uint32_t flags = r.u32();
  m.renderMethod = r.u32();
  skipWords(r, 3);  // the colour (0x00RRGGBB), brightness and scaled ambient
  m.bitmapInfo = r.i32();
  if (flags & 0x02) skipWords(r, 2);  // a pair of words
  return m;
}

MaterialList materialList(ByteReader& r) {
  skipWords(r, 1);  // flags
  std::uint32_t n = r.u32();
  return {readRefs(r, n, "material reference")};
}

Skeleton skeleton(ByteReader& r, const World& w) {
  Skeleton s;
  const std::uint32_t flags = r.u32();
  std::uint32_t n = r.u32();
  skipWords(r, 1);  // the polygon animation reference
  if (flags & 0x01) skipWords(r, 3);  // params1
  if (flags & 0x02) s.boundingRadius = r.f32();
  r.count(n, 20, "skeleton piece");
  s.pieces.resize(n);
  for (auto& p : s.pieces) {
    const std::int32_t nameRef = r.i32();
    p.name = nameRef < 0 ? w.stringAt(-static_cast<std::int64_t>(nameRef)) : std::string();
    skipWords(r, 1);  // flags
    p.track = r.i32();
    p.mesh = r.i32();
    p.children = r.records(r.u32(), 4, "child piece", [&] {
      const std::int32_t child = r.i32();
      if (child < 0 || static_cast<std::uint32_t>(child) >= n)
        r.fail("piece " + p.name + " names child " + std::to_string(child) + " of " + std::to_string(n) + " pieces",
               r.pos() - 4);
      return child;
    });
  }
  if (flags & 0x200) {  // the mesh list, then a parameter word per mesh
    std::uint32_t m = r.u32();
    s.meshes = readRefs(r, m, "skeleton mesh reference");
    r.bytes(r.count(m, 4, "skeleton mesh parameter") * 4);
  }
  return s;
}

TrackDef trackDef(ByteReader& r) {
  skipWords(r, 1);  // flags
  std::uint32_t n = r.u32();
  return {r.records(n, 16, "track frame", [&] {
    return TrackFrame{r.i16(), r.i16(), r.i16(), r.i16(), r.i16(), r.i16(), r.i16(), r.i16()};
  })};
}

Track track(ByteReader& r) {
  Track t;
  t.trackDef = r.i32();
  const std::uint32_t flags = r.u32();
  if (flags & 0x01) t.frameMs = r.u32();
  return t;
}

ActorDef actorDef(ByteReader& r) {
  const std::uint32_t flags = r.u32();
  skipWords(r, 1);  // the callback: a string, at -callback of the hash ("SPRITECALLBACK")
  std::uint32_t actions = r.u32();
  std::uint32_t models = r.u32();
  skipWords(r, 1);  // the bounds reference
  if (flags & 0x01) skipWords(r, 1);  // params1
  if (flags & 0x02) skipWords(r, 7);  // params2
  // Each action: a level-of-detail count, a word, then that many distances (the reference's
  // "count + DATAPAIRs" reads the same bytes when the count is 1, as in every corpus file).
  r.count(actions, 8, "actor action");
  for (std::uint32_t i = 0; i < actions; ++i) {
    std::uint32_t lods = r.u32();
    skipWords(r, 1);
    r.bytes(r.count(lods, 4, "level of detail") * 4);
  }
  ActorDef a{readRefs(r, models, "actor model reference")};
  std::uint32_t n3 = r.u32();
  r.bytes(r.count(n3, 1, "actor name byte"));  // the name as stored
  return a;
}

std::vector<Run> runs(ByteReader& r, std::uint16_t n, const char* what) {
  return r.records(n, 4, what, [&] { return Run{r.u16(), r.u16()}; });
}

Mesh mesh(ByteReader& r, const World& w) {
  Mesh m;
  skipWords(r, 1);  // flags
  m.materialList = r.i32();
  m.animatedVertices = r.i32();
  skipWords(r, 2);  // fragments 3 and 4
  for (auto& c : m.center) c = r.f32();
  skipWords(r, 10);  // params2 (3 words), the maximum distance, the bounding box's min and max
  std::uint16_t nv = r.u16(), nuv = r.u16(), nn = r.u16(), nc = r.u16(), np = r.u16();
  std::uint16_t npieces = r.u16(), nptex = r.u16(), nvtex = r.u16(), data9 = r.u16();
  m.scale = r.u16();
  if (m.scale > 30) r.fail("vertex scale 1 << " + std::to_string(m.scale) + " is out of range", r.pos() - 2);
  m.vertices = r.records(nv, 6, "vertex", [&] { return std::array{r.i16(), r.i16(), r.i16()}; });
  std::size_t uvSize = w.newFormat() ? 8 : 4;
  r.count(nuv, uvSize, "texture coordinate");
  m.uvs.resize(nuv);
  for (auto& uv : m.uvs)
    for (auto& c : uv) c = w.newFormat() ? r.i32() : r.i16();
  m.normals = r.records(nn, 3, "normal", [&] { return std::array{r.i8(), r.i8(), r.i8()}; });
  r.bytes(r.count(nc, 4, "vertex colour") * 4);
  r.count(np, 8, "polygon");
  m.polygons.resize(np);
  for (std::size_t i = 0; i < m.polygons.size(); ++i) {
    auto& p = m.polygons[i];
    r.u16();  // flags (0x10: passable, as leaves and water)
    for (auto& v : p.vertices) {
      v = r.u16();
      if (v >= nv)
        r.fail("polygon " + std::to_string(i) + " names vertex " + std::to_string(v) + " of " + std::to_string(nv),
               r.pos() - 2);
    }
  }
  std::size_t piecesAt = r.pos();
  m.vertexPieces = runs(r, npieces, "vertex piece");
  std::size_t total = 0;
  for (const auto& x : m.vertexPieces) total += x.count;
  if (total > nv) r.fail("vertex pieces cover " + std::to_string(total) + " vertices of " + std::to_string(nv), piecesAt);
  std::size_t materialsAt = r.pos();
  m.polygonMaterials = runs(r, nptex, "polygon material run");
  total = 0;
  for (const auto& x : m.polygonMaterials) total += x.count;
  if (total > np)
    r.fail("material runs cover " + std::to_string(total) + " polygons of " + std::to_string(np), materialsAt);
  r.bytes(r.count(nvtex, 4, "vertex material run") * 4);
  // Six bytes per data9 entry in the real files (the reference's layout does not add up).
  r.bytes(r.count(data9, 6, "data9 entry") * 6);
  return m;
}

}  // namespace

FragmentBody parseFragmentBody(std::uint32_t type, ByteReader& r, const World& world) {
  switch (type) {
    case 0x03: return bitmapNames(r);
    case 0x04: return bitmapInfo(r);
    case 0x05:
    case 0x07:
    case 0x09:
    case 0x11:
    case 0x1C:
    case 0x2D:
    case 0x2F:
    case 0x33: return reference(r);
    case 0x10: return skeleton(r, world);
    case 0x12: return trackDef(r);
    case 0x13: return track(r);
    case 0x14: return actorDef(r);
    case 0x30: return material(r);
    case 0x31: return materialList(r);
    case 0x36: return mesh(r, world);
    default: return std::monostate{};
  }
}

}  // namespace wadsmith::eq
