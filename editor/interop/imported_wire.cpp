#include "editor/interop/imported_wire.h"

#include <cstring>
#include <type_traits>

#include "io/byte_reader.h"
#include "io/byte_writer.h"

namespace wadsmith::interop {
namespace {

constexpr std::uint32_t kMagic = 0x31495357;  // "WSI1"

// One description of the form, run by the writer and the reader: numbers as their bytes
// (little-endian), strings and lists as a count then the elements.
struct WireOut {
  ByteWriter& w;
  template <class T>
  void num(T& v) {
    static_assert(std::is_arithmetic_v<T>);
    std::uint8_t b[sizeof(T)];
    std::memcpy(b, &v, sizeof(T));
    w.bytes(b);
  }
  void num(bool& v) { w.u8(v ? 1 : 0); }
  void str(std::string& s) {
    w.u32(static_cast<std::uint32_t>(s.size()));
    w.bytes({reinterpret_cast<const std::uint8_t*>(s.data()), s.size()});
  }
  template <class T, class F>
  void list(std::vector<T>& v, std::size_t, F&& each) {
    w.u32(static_cast<std::uint32_t>(v.size()));
    for (auto& e : v) each(e);
  }
};

struct WireIn {
  ByteReader& r;
  template <class T>
  void num(T& v) {
    static_assert(std::is_arithmetic_v<T>);
    std::memcpy(&v, r.bytes(sizeof(T)).data(), sizeof(T));
  }
  void num(bool& v) { v = r.u8() != 0; }
  void str(std::string& s) {
    const auto n = r.count(r.u32(), 1, "string");
    const auto b = r.bytes(n);
    s.assign(b.begin(), b.end());
  }
  // `least`: the fewest bytes an element takes, which bounds a count against what is left.
  template <class T, class F>
  void list(std::vector<T>& v, std::size_t least, F&& each) {
    v.resize(r.count(r.u32(), least, "list"));
    for (auto& e : v) each(e);
  }
};

template <class IO>
void vec(IO& io, geometry::Vec3& v) { io.num(v.x), io.num(v.y), io.num(v.z); }

template <class IO>
void transfer(IO& io, imported::Mesh& m) {
  io.str(m.name);
  io.list(m.positions, 12, [&](auto& p) { vec(io, p); });
  io.list(m.normals, 12, [&](auto& n) { vec(io, n); });
  io.list(m.shades, 4, [&](auto& s) { io.num(s); });
  io.list(m.faces, 60, [&](imported::Face& f) {
    io.num(f.corners), io.num(f.image), io.num(f.translucent), io.num(f.doubleSided);
    for (auto& v : f.vertices) io.num(v);
    for (auto& uv : f.uv) io.num(uv.u), io.num(uv.v);
    for (auto& c : f.color) io.num(c);
  });
}

template <class IO>
void transfer(IO& io, imported::Model& m) {
  io.str(m.name);
  io.num(m.movable);
  io.list(m.meshes, 20, [&](auto& x) { transfer(io, x); });
  io.list(m.bones, 20, [&](imported::Bone& b) { io.str(b.name), io.num(b.parent), vec(io, b.offset); });
  io.list(m.animations, 16, [&](imported::Animation& a) {
    io.str(a.name);
    io.num(a.framesPerSecond);
    io.list(a.frames, 16, [&](imported::Frame& f) {
      vec(io, f.offset);
      io.list(f.rotations, 16, [&](auto& q) { io.num(q.w), io.num(q.x), io.num(q.y), io.num(q.z); });
    });
    io.list(a.frameResiduals, 4, [&](auto& x) { io.num(x); });
  });
  io.list(m.images, 16, [&](imported::Image& i) {
    io.str(i.name);
    io.num(i.width), io.num(i.height);
    io.list(i.rgba, 1, [&](auto& b) { io.num(b); });
  });
  io.list(m.notes, 4, [&](auto& s) { io.str(s); });
}

}  // namespace

std::vector<std::uint8_t> encodeImported(std::vector<imported::Model> models) {
  std::vector<std::uint8_t> out;
  ByteWriter w(out);
  w.u32(kMagic);
  WireOut io{w};
  io.list(models, 0, [&](auto& m) { transfer(io, m); });
  return out;
}

std::vector<imported::Model> decodeImported(std::span<const std::uint8_t> bytes, const std::string& from) {
  ByteReader r(bytes, from);
  r.section("imported models");
  if (r.u32() != kMagic) r.fail("not the importer's answer");
  WireIn io{r};
  std::vector<imported::Model> out;
  io.list(out, 20, [&](auto& m) { transfer(io, m); });
  if (!r.atEnd()) r.fail("bytes after the models");
  return out;
}

}  // namespace wadsmith::interop
