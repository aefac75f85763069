// Writing wad2 chunks: the counterpart of In (io/wad2_chunk_in.h) with the same calls, so one
// record description (io/wad2_records.cpp) reads and writes. A record whose value equals what
// its kept chunk reads back as is written as those bytes; any other is written as TombLib's
// writer does: fields as minimal LEB128, sizes patched into the width TombLib reserves (4
// bytes for containers, 5 for W2Textures, 10 for W2AnimatedTextureSets, 2 for W2Frame, the
// fewest for leaves, 4 for W2SprSides), the unknown chunks it kept in their places.
#pragma once
#include <algorithm>
#include <unordered_map>

#include "io/byte_writer.h"
#include "io/wad2_chunk_in.h"

namespace wadsmith::wad2io {

struct WriteScope {
  Id unusedNext = 0;
  IdScope read{&unusedNext, true, {}, {}, {}, {}};  // for unchanged checks: the ids lists have now
  std::unordered_map<Id, std::int64_t> textures, sprites, animations;  // id -> position

  std::unordered_map<Id, std::int64_t>& index(List l) {
    return l == List::Textures ? textures : l == List::Sprites ? sprites : animations;
  }
  void setList(List l, std::vector<Id> ids) {
    auto& at = index(l);
    at.clear();
    for (std::size_t i = 0; i < ids.size(); ++i) at.emplace(ids[i], static_cast<std::int64_t>(i));
    read.list(l) = std::move(ids);
  }
};

// A record that owns the list its references point into sets it before it is checked or written.
template <class T>
std::vector<Id> idsOf(const std::vector<Shared<T>>& parts) {
  std::vector<Id> out;
  for (const auto& p : parts) {
    if constexpr (requires { p->id; })
      out.push_back(p ? p->id : 0);
    else
      out.push_back(0);
  }
  return out;
}
inline void enter(WriteScope& s, const wad2::Movable& m) { s.setList(List::Animations, idsOf(m.animations)); }
template <class T>
void enter(WriteScope&, const T&) {}

class Out {
 public:
  static constexpr bool reading = false;
  Out(std::vector<std::uint8_t>& buf, WriteScope& scope) : buf_(buf), scope_(scope) {}

  void leb(std::int64_t v) { appendLeb(buf_, v); }
  void f32(float v) { ByteWriter(buf_).f32(v); }
  void vec(const wad2::Vec2& v) { f32(v.x), f32(v.y); }
  void vec(const wad2::Vec3& v) { f32(v.x), f32(v.y), f32(v.z); }
  void vec(const wad2::Vec4& v) { f32(v.x), f32(v.y), f32(v.z), f32(v.w); }
  void u8(std::uint8_t v) { buf_.push_back(v); }
  void i32(std::int32_t v) { ByteWriter(buf_).i32(v); }
  void string32(const std::string& v);
  void ref(const wad2::Ref& r, List list);

  template <class F>
  void children(const wad2::Keep* keep, F&& body) {
    unknown_ = keep ? &keep->unknown : nullptr;
    body();
    if (unknown_)
      for (; next_ < unknown_->size(); ++next_) bytes((*unknown_)[next_].bytes);
    buf_.push_back(0);
  }

  template <class T>
  void leaf(std::string_view id, const T& v) {
    const Open o = open(id, true);
    value(v);
    close(o);
  }
  template <class T>
  void leaf(std::string_view id, const std::optional<T>& v) {
    if (v) leaf(id, *v);
  }
  template <class T>
  void leaves(std::string_view id, const std::vector<T>& v) {
    for (const auto& x : v) leaf(id, x);
  }
  void refs(std::string_view id, const std::vector<wad2::Ref>& v, List list);

  template <class F>
  void group(std::string_view id, F&& body) {
    const Open o = open(id, false);
    Out sub(buf_, scope_);
    body(sub);
    close(o);
  }
  template <class T, class F>
  void optGroup(std::string_view id, const std::optional<T>& v, F&& body) {
    if (v) group(id, [&](Out& sub) { body(sub, *v); });
  }
  template <class T, class F>
  void each(std::string_view id, const std::vector<T>& v, F&& body) {
    for (const auto& x : v) group(id, [&](Out& sub) { body(sub, x); });
  }
  template <class T, class F>
  void records(Kinds kinds, const std::vector<T>& v, F&& body) {
    for (const auto& x : v) writeRecord(kinds, x, body);
  }
  template <class T, class F>
  void record(std::string_view id, const T& t, F&& body) {
    writeRecord({id}, t, body);
  }
  template <class T, class F>
  void parts(Kinds kinds, const std::vector<Shared<T>>& v, F&& body, std::optional<List> list = std::nullopt) {
    if (list) scope_.setList(*list, idsOf(v));
    for (const auto& p : v)
      if (p) writeRecord(kinds, *p, body);
  }
  template <class T, class F>
  void part(Kinds kinds, const Shared<T>& p, F&& body) {
    if (p) writeRecord(kinds, *p, body);
  }

  // The value a record's kept chunk reads back as, with the ids the scope has now.
  template <class T, class F>
  static std::optional<T> reread(Kinds kinds, const T& x, WriteScope& scope, F& body);

 private:
  struct Open {
    std::size_t at = 0;
    int width = 0;
  };
  Open open(std::string_view id, bool leaf);
  void close(Open o);
  void before();  // writes the kept unknown chunks due before the next child
  void bytes(const SharedBytes& b) { buf_.insert(buf_.end(), b.begin(), b.end()); }

  void value(std::int64_t v) { leb(v); }
  void value(const std::string& v) { buf_.insert(buf_.end(), v.begin(), v.end()); }
  void value(const SharedBytes& v) { bytes(v); }
  void value(const wad2::Vec2& v) { vec(v); }
  void value(const wad2::Vec3& v) { vec(v); }
  void value(const wad2::Vec4& v) { vec(v); }
  void value(const wad2::Real& v);
  void value(std::uint8_t v) { u8(v); }
  void value(const std::array<std::int32_t, 4>& v) {
    for (auto x : v) i32(x);
  }
  void value(const std::array<std::int64_t, 3>& v) {
    for (auto x : v) leb(x);
  }

  template <class T, class F>
  void writeRecord(Kinds kinds, const T& x, F& body) {
    enter(scope_, x);
    if (!x.keep.source.empty()) {
      auto back = reread(kinds, x, scope_, body);
      if (back && *back == x) {
        before();
        bytes(x.keep.source);
        return;
      }
    }
    const int v = variantOf(x);
    group(kinds.begin()[v], [&](Out& sub) { body(sub, x, v); });
  }

  std::vector<std::uint8_t>& buf_;
  WriteScope& scope_;
  const std::vector<wad2::Unknown>* unknown_ = nullptr;
  std::size_t next_ = 0;   // next unknown chunk to write
  std::uint32_t index_ = 0;  // children written so far, unknown ones included
};

template <class T, class F>
std::optional<T> Out::reread(Kinds kinds, const T& x, WriteScope& scope, F& body) {
  const Source src{x.keep.source, "(a kept chunk)", ""};
  try {
    std::string_view id;
    In in = In::chunk(src, scope.read, 0, src.bytes.size(), id);
    if (in.end() != src.bytes.size()) return std::nullopt;
    const int v = static_cast<int>(std::find(kinds.begin(), kinds.end(), id) - kinds.begin());
    if (v != variantOf(x)) return std::nullopt;
    T d{};
    setVariant(d, v);
    body(in, d, v);
    if constexpr (requires { d.id; }) d.id = x.id;
    return d;
  } catch (const ParseError&) {
    return std::nullopt;
  }
}

}  // namespace wadsmith::wad2io
