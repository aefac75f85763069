// Reading one wad2 chunk: its own fields (LEB128 numbers, floats, strings) from a cursor, then
// its child chunks, which the reader takes by id in whatever order they come. Children no one
// takes are the record's unknown chunks (kept with their place). The record descriptions in
// io/wad2_records.cpp run on this and on Out (io/wad2_chunk_out.h) alike.
//
// Bounded: every size, id length and LEB128 number is checked against what is left before
// anything is allocated; a child stream ends at a zero id length inside its parent; nesting
// follows the record descriptions, so its depth is fixed (unknown chunks are not opened).
#pragma once
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "io/parse_error.h"
#include "io/wad2_leb128.h"
#include "model/wad2/document.h"

namespace wadsmith::wad2io {

using Kinds = std::initializer_list<std::string_view>;

// The bytes being read: the file, or its inflated body.
struct Source {
  SharedBytes bytes;
  std::string file;
  std::string where;  // appended to errors: "" or " of the inflated body"
};

// The lists references point into.
enum class List { Textures, Sprites, Animations };

// Ids of those lists while reading. A file's records get new ids; the writer's check that a
// record is unchanged reads its chunk again with the ids the record has (`positional`).
struct IdScope {
  Id* next = nullptr;
  bool positional = false;
  std::vector<Id> textures, sprites, animations;
  // Positional: each movable's animation ids, for reading back a whole stream.
  std::vector<std::vector<Id>> movableAnimations;
  std::vector<Id>& list(List l) { return l == List::Textures ? textures : l == List::Sprites ? sprites : animations; }
};

// Which chunk variant a record is (the index in its Kinds), for records read from several ids.
inline int variantOf(const wad2::Polygon& p) { return (p.version == 1 ? 0 : 2) + (p.quad ? 1 : 0); }
inline void setVariant(wad2::Polygon& p, int v) { p.quad = (v & 1) != 0, p.version = v < 2 ? 1 : 2; }
inline int variantOf(const wad2::Animation& a) { return a.version; }
inline void setVariant(wad2::Animation& a, int v) { a.version = v; }
inline int variantOf(const wad2::Dispatch& d) { return d.version - 1; }
inline void setVariant(wad2::Dispatch& d, int v) { d.version = v + 1; }
inline int variantOf(const wad2::Command& c) { return c.version - 1; }
inline void setVariant(wad2::Command& c, int v) { c.version = v + 1; }
inline int variantOf(const wad2::Static& s) { return s.version - 1; }
inline void setVariant(wad2::Static& s, int v) { s.version = v + 1; }
template <class T>
int variantOf(const T&) {
  return 0;
}
template <class T>
void setVariant(T&, int) {}

class In {
 public:
  static constexpr bool reading = true;
  // The payload [begin, end) of chunk `id` inside src.bytes.
  In(const Source& src, IdScope& ids, std::size_t begin, std::size_t end, const In* parent, std::string_view id)
      : src_(src), ids_(ids), pos_(begin), end_(end), parent_(parent), id_(id) {}

  // A whole chunk (header and payload) at `begin`: its id and its payload's reader.
  static In chunk(const Source& src, IdScope& ids, std::size_t begin, std::size_t end, std::string_view& id);

  IdScope& ids() { return ids_; }
  std::size_t pos() const { return pos_; }
  std::size_t end() const { return end_; }
  std::size_t remaining() const { return end_ - pos_; }

  // Fields, in order from the cursor.
  void leb(std::int64_t& v);
  void f32(float& v);
  void vec(wad2::Vec2& v) { f32(v.x), f32(v.y); }
  void vec(wad2::Vec3& v) { f32(v.x), f32(v.y), f32(v.z); }
  void vec(wad2::Vec4& v) { f32(v.x), f32(v.y), f32(v.z), f32(v.w); }
  void u8(std::uint8_t& v);
  void i32(std::int32_t& v);
  void string32(std::string& v);  // i32 length, then UTF-8 bytes
  void ref(wad2::Ref& r, List list);

  // The child chunks after the fields; `body` takes them. Unknown ones go to `keep`.
  template <class F>
  void children(wad2::Keep* keep, F&& body) {
    openStream();
    body();
    if (keep) keepUnknown(*keep);
  }

  // One leaf chunk's payload as a value (absent: v is left as it is).
  template <class T>
  void leaf(std::string_view id, T& v) {
    if (Entry* e = find(id)) child(*e).value(v);
  }
  template <class T>
  void leaf(std::string_view id, std::optional<T>& v) {
    if (Entry* e = find(id)) {
      T t{};
      child(*e).value(t);
      v = std::move(t);
    }
  }
  // Every leaf chunk with this id, in order.
  template <class T>
  void leaves(std::string_view id, std::vector<T>& out) {
    forKinds({id}, [&](Entry& e, int) { child(e).value(out.emplace_back()); });
  }
  void refs(std::string_view id, std::vector<wad2::Ref>& out, List list);

  // A container chunk without a record of its own.
  template <class F>
  void group(std::string_view id, F&& body) {
    if (Entry* e = find(id)) {
      In sub = child(*e);
      body(sub);
    }
  }
  template <class T, class F>
  void optGroup(std::string_view id, std::optional<T>& v, F&& body) {
    if (Entry* e = find(id)) {
      v.emplace();
      In sub = child(*e);
      body(sub, *v);
    }
  }
  // Every chunk with this id as a list element (no record of its own).
  template <class T, class F>
  void each(std::string_view id, std::vector<T>& out, F&& body) {
    forKinds({id}, [&](Entry& e, int) {
      T t{};
      In sub = child(e);
      body(sub, t);
      out.push_back(std::move(t));
    });
  }

  // Records: every chunk with one of the ids, in order; each keeps its chunk.
  template <class T, class F>
  void records(Kinds kinds, std::vector<T>& out, F&& body) {
    forKinds(kinds, [&](Entry& e, int v) { out.push_back(readRecord<T>(e, v, body)); });
  }
  template <class T, class F>
  void record(std::string_view id, T& t, F&& body) {
    if (Entry* e = find(id)) t = readRecord<T>(*e, 0, body);
  }
  // Records held as shared parts; ids of a referenced list are given here (see IdScope).
  template <class T, class F>
  void parts(Kinds kinds, std::vector<Shared<T>>& out, F&& body, std::optional<List> list = std::nullopt) {
    std::vector<Id>* ids = list ? &ids_.list(*list) : nullptr;
    if (ids && !ids_.positional) {
      ids->clear();
      forKinds(kinds, [&](Entry&, int) { ids->push_back((*ids_.next)++); }, false);
    }
    std::size_t n = 0;
    forKinds(kinds, [&](Entry& e, int v) {
      if constexpr (std::is_same_v<T, wad2::Movable>)
        if (ids_.positional && n < ids_.movableAnimations.size()) ids_.animations = ids_.movableAnimations[n];
      T t = readRecord<T>(e, v, body);
      if constexpr (requires { t.id; })
        if (ids) t.id = n < ids->size() ? (*ids)[n] : 0;
      ++n;
      out.push_back(share<T>(std::move(t)));
    });
  }
  template <class T, class F>
  void part(Kinds kinds, Shared<T>& p, F&& body) {
    std::vector<Shared<T>> one;
    parts(kinds, one, body);
    if (!one.empty()) p = one.front();
  }

  [[noreturn]] void fail(const std::string& what, std::size_t at) const;

 private:
  struct Entry {
    std::string_view id;
    std::size_t begin = 0, payload = 0, end = 0;  // header, payload and end offsets
    bool taken = false;
  };
  Entry* find(std::string_view id);
  In child(Entry& e);
  void openStream();
  // The rest of a chunk header whose id length (read at `at`) is `idLength`: the id, and the
  // payload's size checked against what is left.
  std::string_view header(std::size_t at, std::int64_t idLength, const char* what, std::size_t& size);
  void keepUnknown(wad2::Keep& keep);
  std::string path() const;   // "W2Moveables/W2Moveable/W2Mesh", for errors
  std::string chain() const;
  const std::uint8_t* take(std::size_t n, const char* what);

  void value(std::int64_t& v) { leb(v); }
  void value(std::string& v);
  void value(SharedBytes& v);
  void value(wad2::Vec2& v) { vec(v); }
  void value(wad2::Vec3& v) { vec(v); }
  void value(wad2::Vec4& v) { vec(v); }
  void value(wad2::Real& v);
  void value(std::uint8_t& v) { u8(v); }
  void value(std::array<std::int32_t, 4>& v) {
    for (auto& x : v) i32(x);
  }
  void value(std::array<std::int64_t, 3>& v) {
    for (auto& x : v) leb(x);
  }

  template <class G>
  void forKinds(Kinds kinds, G&& each, bool take = true) {
    for (auto& e : entries_) {
      if (e.taken) continue;
      int v = 0;
      for (auto k : kinds) {
        if (e.id == k) {
          e.taken = take;
          each(e, v);
          break;
        }
        ++v;
      }
    }
  }
  template <class T, class F>
  T readRecord(Entry& e, int variant, F& body) {
    T t{};
    setVariant(t, variant);
    t.keep.source = src_.bytes.slice(e.begin, e.end - e.begin);
    In sub = child(e);
    body(sub, t, variant);
    return t;
  }

  const Source& src_;
  IdScope& ids_;
  std::size_t pos_, end_;
  const In* parent_;
  std::string_view id_;
  std::vector<Entry> entries_;
};

}  // namespace wadsmith::wad2io
