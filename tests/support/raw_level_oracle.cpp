#include "tests/support/raw_level_oracle.h"

#include <zlib.h>

#include <cmath>
#include <cstring>
#include <stdexcept>
#include <string>

namespace wadsmith::test {
namespace {

struct Cursor {
  const std::vector<std::uint8_t>& b;
  std::size_t p = 0;
  void need(std::size_t n) const {
    if (p + n > b.size()) throw std::runtime_error("oracle: the level ends at byte " + std::to_string(p));
  }
  std::uint32_t u(int bytes) {
    need(static_cast<std::size_t>(bytes));
    std::uint32_t v = 0;
    for (int i = 0; i < bytes; ++i) v |= std::uint32_t{b[p + static_cast<std::size_t>(i)]} << (8 * i);
    p += static_cast<std::size_t>(bytes);
    return v;
  }
  std::uint8_t u8() { return static_cast<std::uint8_t>(u(1)); }
  std::uint16_t u16() { return static_cast<std::uint16_t>(u(2)); }
  std::int16_t i16() { return static_cast<std::int16_t>(u(2)); }
  std::uint32_t u32() { return u(4); }
  void skip(std::size_t n) {
    need(n);
    p += n;
  }
  std::vector<std::uint8_t> take(std::size_t n) {
    need(n);
    std::vector<std::uint8_t> out(b.begin() + static_cast<long>(p), b.begin() + static_cast<long>(p + n));
    p += n;
    return out;
  }
};

// A TR1-3 room: info, data words, portals, sectors, the ambient fields, lights, statics, flags.
void skipClassicRoom(Cursor& c, int game) {
  c.skip(16);
  c.skip(2 * std::size_t{c.u32()});
  c.skip(32 * std::size_t{c.u16()});
  const std::size_t z = c.u16(), x = c.u16();
  c.skip(8 * z * x);
  c.skip(game == 1 ? 2 : game == 2 ? 6 : 4);
  c.skip((game == 1 ? 18 : 24) * std::size_t{c.u16()});
  c.skip((game == 1 ? 18 : 20) * std::size_t{c.u16()});
  c.skip(4 + (game == 3 ? 3 : 0));
}

std::vector<std::uint8_t> inflateAll(const std::vector<std::uint8_t>& in, std::size_t size) {
  std::vector<std::uint8_t> out(size);
  uLongf n = static_cast<uLongf>(size);
  if (uncompress(out.data(), &n, in.data(), static_cast<uLong>(in.size())) != Z_OK || n != size)
    throw std::runtime_error("oracle: a texture chunk does not inflate");
  return out;
}

RawObjectTexture objectTexture(Cursor& c, int game) {
  RawObjectTexture t;
  t.attribute = c.u16();
  t.tile = c.u16() & 0x7FFF;
  if (game == 5) c.skip(2);  // new flags
  for (auto& uv : t.uv)
    for (auto& v : uv) {
      const int fraction = c.u8();
      v = c.u8() + fraction / 256.0;
    }
  if (game == 5) c.skip(16 + 2);
  return t;
}

// Keyframes of `size` words: box, offset, then per mesh one word (one axis: the angle under
// `mask`, times `scale` in TR4's units) or two (three 10-bit angles).
std::vector<RawKeyframe> decodeKeyframes(const std::vector<std::uint16_t>& words, std::size_t size, std::size_t meshes,
                                         unsigned mask, int scale) {
  std::vector<RawKeyframe> out;
  for (std::size_t at = 0; size && at + size <= words.size(); at += size) {
    RawKeyframe k;
    for (std::size_t i = 0; i < 9; ++i) k.boxAndOffset[i] = static_cast<std::int16_t>(words[at + i]);
    for (std::size_t m = 0, p = at + 9; m < meshes && p < at + size; ++m) {
      const std::uint16_t w = words[p];
      if ((w & 0xC000) == 0) {
        const std::uint32_t v = (std::uint32_t{w} << 16) | words[p + 1];
        k.rotations.push_back({0, {int((v >> 20) & 0x3FF), int((v >> 10) & 0x3FF), int(v & 0x3FF)}});
        p += 2;
      } else {
        k.rotations.push_back({w >> 14, {scale * int(w & mask), 0, 0}});
        ++p;
      }
    }
    out.push_back(std::move(k));
  }
  return out;
}

std::uint8_t full(int value, int bits) {
  return static_cast<std::uint8_t>(std::lround(value * 255.0 / ((1 << bits) - 1)));
}

}  // namespace

RawLevel parseRawLevel(const std::vector<std::uint8_t>& file) {
  RawLevel l;
  Cursor c{file};
  const std::uint32_t version = c.u32();
  l.game = version == 0x20 ? 1 : version == 0x2D ? 2 : (version == 0xFF180038 || version == 0xFF080038) ? 3
         : version == 0x00345254 ? 5 : 0;
  if (l.game == 0) throw std::runtime_error("oracle: not a TR1-3 or TR5 level");
  std::vector<std::uint8_t> levelBytes;
  if (l.game == 5) {
    c.skip(6);
    std::uint32_t size32 = c.u32(), packed = c.u32();
    l.tiles32 = inflateAll(c.take(packed), size32);
    for (int i = 0; i < 2; ++i) {
      c.u32();
      c.skip(c.u32());
    }
    c.skip(4 + 28);
    const std::uint32_t size = c.u32();
    c.u32();
    levelBytes = c.take(size);
  } else {
    if (l.game != 1) {
      l.palette = c.take(768);
      l.palette16 = c.take(1024);
    }
    const std::size_t tiles = c.u32();
    l.tiles8 = c.take(tiles * 65536);
    if (l.game != 1) l.tiles16 = c.take(tiles * 131072);
    levelBytes = c.take(file.size() - c.p);
  }
  Cursor d{levelBytes};
  d.u32();
  if (l.game == 5) {
    for (std::size_t n = d.u32(), i = 0; i < n; ++i) {
      d.skip(4);
      d.skip(d.u32());
    }
  } else {
    for (std::size_t n = d.u16(), i = 0; i < n; ++i) skipClassicRoom(d, l.game);
  }
  d.skip(2 * std::size_t{d.u32()});  // floor data
  l.meshData = d.take(2 * std::size_t{d.u32()});
  for (std::size_t n = d.u32(), i = 0; i < n; ++i) l.meshPointers.push_back(d.u32());
  for (std::size_t n = d.u32(), i = 0; i < n; ++i) {
    RawAnimation a;
    a.frameOffset = d.u32();
    a.frameRate = d.u8();
    a.frameSize = d.u8();
    a.stateId = d.u16();
    a.speed = static_cast<std::int32_t>(d.u32());
    a.accel = static_cast<std::int32_t>(d.u32());
    if (l.game == 5) d.skip(8);
    a.frameStart = d.u16();
    a.frameEnd = d.u16();
    d.skip(12);
    l.animations.push_back(a);
  }
  d.skip(6 * std::size_t{d.u32()});
  d.skip(8 * std::size_t{d.u32()});
  d.skip(2 * std::size_t{d.u32()});
  d.skip(4 * std::size_t{d.u32()});
  for (std::size_t n = d.u32(), i = 0; i < n; ++i) l.frames.push_back(d.u16());
  for (std::size_t n = d.u32(), i = 0; i < n; ++i) {
    RawModel m;
    m.id = d.u32();
    m.meshes = d.u16();
    m.firstMesh = d.u16();
    d.u32();
    m.frameOffset = d.u32();
    m.animation = d.u16();
    if (l.game == 5) d.skip(2);
    l.models.push_back(m);
  }
  for (std::size_t n = d.u32(), i = 0; i < n; ++i) {
    const std::uint32_t id = d.u32();
    l.statics.emplace_back(id, d.u16());
    d.skip(26);
  }
  auto textures = [&] {
    for (std::size_t n = d.u32(), i = 0; i < n; ++i) l.objectTextures.push_back(objectTexture(d, l.game));
  };
  if (l.game == 1 || l.game == 2) textures();
  if (l.game == 2) return l;
  if (l.game == 5) d.skip(4);  // "SPR\0"
  d.skip(16 * std::size_t{d.u32()});
  d.skip(8 * std::size_t{d.u32()});
  d.skip(16 * std::size_t{d.u32()});
  if (l.game == 5) d.skip(40 * std::size_t{d.u32()});
  d.skip(16 * std::size_t{d.u32()});
  const std::size_t boxes = d.u32();
  d.skip((l.game == 1 ? 20 : 8) * boxes);
  d.skip(2 * std::size_t{d.u32()});
  d.skip((l.game == 1 ? 12 : 20) * boxes);
  d.skip(2 * std::size_t{d.u32()});
  if (l.game == 5) d.skip(1 + 4);  // UV rotate count, "TEX\0"
  if (l.game == 1) {  // TR1's palette: after the entities and the light map
    d.skip(22 * std::size_t{d.u32()});
    d.skip(8192);
    l.palette = d.take(768);
    return l;
  }
  textures();
  return l;
}

RawMesh RawLevel::mesh(std::uint32_t pointerIndex) const {
  Cursor c{meshData, meshPointers.at(pointerIndex)};
  RawMesh m;
  c.skip(10);
  auto triple = [&] { return std::array<std::int16_t, 3>{c.i16(), c.i16(), c.i16()}; };
  for (int n = c.i16(), i = 0; i < n; ++i) m.vertices.push_back(triple());
  const int lights = c.i16();
  for (int i = 0; i < lights; ++i) m.normals.push_back(triple());
  for (int i = 0; i < -lights; ++i) m.shades.push_back(c.i16());
  const int groups = game == 5 ? 2 : 4;  // TR1-3 also list coloured quads and triangles
  for (int g = 0; g < groups; ++g)
    for (int n = c.i16(), i = 0; i < n; ++i) {
      RawFace f;
      f.quad = g % 2 == 0;
      f.coloured = g >= 2;
      for (int k = 0; k < (f.quad ? 4 : 3); ++k) f.vertices[static_cast<std::size_t>(k)] = c.u16();
      f.texture = c.u16();
      if (game == 5) f.effects = c.u16();
      m.faces.push_back(f);
    }
  return m;
}

std::array<std::uint8_t, 3> RawLevel::texel(int tile, int x, int y) const {
  const std::size_t at = static_cast<std::size_t>(tile) * 65536 + static_cast<std::size_t>(y) * 256 + static_cast<std::size_t>(x);
  const std::array<std::uint8_t, 3> magenta{255, 0, 255};
  if (game == 5) {
    const std::uint8_t* p = &tiles32.at(4 * at);
    return p[3] < 128 ? magenta : std::array<std::uint8_t, 3>{p[2], p[1], p[0]};
  }
  if (game == 1) {
    const int index = tiles8.at(at);
    if (index == 0) return magenta;  // TR1's transparent colour
    return faceColour(static_cast<std::uint16_t>(index));
  }
  const unsigned v = tiles16.at(2 * at) | (tiles16.at(2 * at + 1) << 8);
  if (!(v & 0x8000)) return magenta;
  return {full((v >> 10) & 31, 5), full((v >> 5) & 31, 5), full(v & 31, 5)};
}

std::array<std::uint8_t, 3> RawLevel::faceColour(std::uint16_t texture) const {
  if (game == 1) {  // the 8-bit palette; 6-bit components unless one is larger
    bool sixBit = true;
    for (auto c : palette) sixBit &= c <= 63;
    const std::size_t at = 3 * std::size_t{static_cast<std::uint8_t>(texture & 0xFF)};
    if (!sixBit) return {palette.at(at), palette.at(at + 1), palette.at(at + 2)};
    return {full(palette.at(at), 6), full(palette.at(at + 1), 6), full(palette.at(at + 2), 6)};
  }
  const std::size_t at = 4 * std::size_t{static_cast<std::uint8_t>(texture >> 8)};
  return {palette16.at(at), palette16.at(at + 1), palette16.at(at + 2)};
}

std::pair<std::size_t, std::size_t> RawLevel::animationsOf(std::size_t model) const {
  const std::size_t first = models[model].animation;
  if (first == 0xFFFF || first >= animations.size()) return {0, 0};
  std::size_t end = animations.size();
  for (std::size_t m = model + 1; m < models.size(); ++m)
    if (models[m].animation != 0xFFFF) {
      end = models[m].animation;
      break;
    }
  return {first, std::max(first, end)};
}

std::vector<RawKeyframe> RawLevel::keyframes(std::size_t animation, std::size_t meshes) const {
  std::vector<RawKeyframe> out;
  const std::size_t start = animations[animation].frameOffset / 2;
  const std::size_t end = animation + 1 < animations.size() ? animations[animation + 1].frameOffset / 2 : frames.size();
  auto three = [](std::uint32_t v) { return RawRotation{0, {int((v >> 20) & 0x3FF), int((v >> 10) & 0x3FF), int(v & 0x3FF)}}; };
  if (game == 1) {  // each keyframe: box, offset, its rotation count, rotations low word first
    for (std::size_t at = start; at + 10 <= end;) {
      const std::size_t stored = frames[at + 9];
      if (at + 10 + 2 * stored > end) break;
      RawKeyframe k;
      for (std::size_t i = 0; i < 9; ++i) k.boxAndOffset[i] = static_cast<std::int16_t>(frames[at + i]);
      for (std::size_t m = 0; m < meshes; ++m)
        k.rotations.push_back(m < stored ? three((std::uint32_t{frames[at + 11 + 2 * m]} << 16) | frames[at + 10 + 2 * m])
                                         : RawRotation{});
      out.push_back(std::move(k));
      at += 10 + 2 * stored;
    }
    return out;
  }
  const std::size_t size = animations[animation].frameSize;
  if (size == 0 || end <= start) return out;
  const std::vector<std::uint16_t> words(frames.begin() + static_cast<long>(start), frames.begin() + static_cast<long>(end));
  // One-axis angles: TR5's are TR4's 12 bits; TR2/3's 10 bits, 1024 a turn, are 4 x in TR4's 4096.
  return game == 5 ? decodeTr4Keyframes(words, size, meshes) : decodeKeyframes(words, size, meshes, 0x3FF, 4);
}

std::vector<RawKeyframe> decodeTr4Keyframes(const std::vector<std::uint16_t>& words, std::size_t size, std::size_t meshes) {
  return decodeKeyframes(words, size, meshes, 0x0FFF, 1);
}

}  // namespace wadsmith::test
