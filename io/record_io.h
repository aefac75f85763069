// Each record described once. A record type R has `template <class IO> void transfer(IO&, R&)`
// naming its fields in file order (io/level_record_io.h), and every visitor runs it:
// RecordReader fills a record from bytes, RecordWriter writes it back (and notes where each
// section starts: the span report), RecordSizer counts the bytes of a record whose lists are
// empty (the least a record takes, for count checks), and the JSON dump (editor/cli/dump_level.cpp)
// shows it under the same keys. Where games store a record differently, the description asks
// the visitor's layout (io/level_layout.h).
//
// What a description says:
//   io(key, field)               a number, a Vec3s, an array of them or a record
//   io(key, field, as<T>)        a number stored as T (a byte in an int field)
//   io.vec(key, a, b, ...)       numbers shown together as one array
//   io.floats / halves / fixed   numbers a dump shows as IEEE floats, one 16-bit value, 8.8 fixed
//   io.list(as<Count>, name, v)  a count, then the records (`counted`: the count is stored elsewhere)
//   io.block / parseOr           a size-prefixed block; a part kept as words when it does not parse
//   io.marker(text, noun)        bytes that must be there
//   io.check(holds, what)        a condition the bytes must meet
// and, for the sections of a file (io/level_file.h, io/level_data.h): section, words, fixedWords,
// area, blob, slice, rest, countField, objects. The reader and the writer: io/record_reader.h,
// io/record_writer.h; a new visitor (another format's dump, a field table) implements the same.
#pragma once
#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "io/level_layout.h"
#include "io/object_tables.h"
#include "model/bytes.h"
#include "model/mesh.h"

namespace wadsmith {

template <class T>
struct Stored {};
template <class T>
inline constexpr Stored<T> as{};

// How a dump shows a list (readers and writers ignore it): each record, one row of values per
// record under a line of field names, or a count and a hash.
enum class Show : std::uint8_t { Full, Rows, Sized };

// A list's dump key and the noun its count errors use ("room vertex count 7 needs..."); no noun:
// the list is its section, and errors name the section.
struct ListName {
  const char* key;
  const char* what = nullptr;
  Show show = Show::Full;
};

// A size-prefixed block (u32): what its size counts, in units of `unit` bytes, and the least
// it holds ("room data of 20 bytes is shorter than the 208-byte room header").
struct BlockName {
  const char* what;
  std::size_t unit = 1;
  std::size_t least = 0;
  const char* shownAs = "";
  const char* leastWhat = "";
  const char* key = nullptr;  // a dump shows the block's fields under this key (none: in place)
};

// A list's default element description: the record's own transfer.
struct TransferRecord {
  template <class IO, class R>
  void operator()(IO& io, R& r) const {
    transfer(io, r);
  }
};

template <class T>
struct IsStdArray : std::false_type {};
template <class T, std::size_t N>
struct IsStdArray<std::array<T, N>> : std::true_type {};

// A shared part, filled (read) or visited in place (written, dumped: never changed; a part
// never set is visited empty).
template <class IO, class T, class F>
void inShared(IO& io, Shared<T>& part, F f) {
  if constexpr (IO::kReads) {
    T v;
    f(v);
    part = share<T>(std::move(v));
  } else {
    T none;
    f(part ? const_cast<T&>(*part) : none);
  }
}

// The fields of a visitor that takes every number alike however a dump shows it (the reader,
// the writer, the sizer): each has `number(v)` for a number and `stored<S>(v)` for a number
// stored as S; arrays, Vec3s and records are walked down to their numbers here.
template <class Self>
class EveryFieldAlike {
 public:
  template <class V>
  void field(V& v) {
    if constexpr (std::is_integral_v<V>) self().number(v);
    else if constexpr (IsStdArray<V>::value) for (auto& x : v) field(x);
    else if constexpr (std::is_same_v<V, Vec3s>) field(v.x), field(v.y), field(v.z);
    else transfer(self(), v);
  }
  template <class V>
  void operator()(const char*, V& v) { field(v); }
  template <class S, class V>
  void operator()(const char*, V& v, Stored<S>) { self().template stored<S>(v); }
  template <class... V>
  void vec(const char*, V&... v) { (field(v), ...); }
  template <class S, class... V>
  void vec(const char*, Stored<S>, V&... v) { (self().template stored<S>(v), ...); }
  template <class V>
  void floats(const char*, V& v) { field(v); }
  template <class A, class B>
  void halves(const char*, A& a, B& b) { field(a), field(b); }
  void fixed(const char*, std::uint8_t& fraction, std::uint8_t& whole) { field(fraction), field(whole); }

 private:
  Self& self() { return static_cast<Self&>(*this); }
};

// The least bytes of a record with empty lists.
class RecordSizer : public EveryFieldAlike<RecordSizer> {
 public:
  static constexpr bool kReads = false;
  explicit RecordSizer(const LevelLayout& l) : layout(l) {}
  const LevelLayout& layout;
  std::size_t bytes() const { return bytes_; }

  template <class V>
  void number(V&) { bytes_ += sizeof(V); }
  template <class S, class V>
  void stored(V&) { bytes_ += sizeof(S); }
  template <class Count, class T, class Each = TransferRecord>
  void list(Stored<Count>, const ListName&, std::vector<T>&, Each = {}) { bytes_ += sizeof(Count); }
  template <class T, class Each = TransferRecord>
  void counted(const ListName&, std::vector<T>&, std::uint64_t, Each = {}) {}
  template <class Count>
  void blob(Stored<Count>, const ListName&, SharedBytes&) { bytes_ += sizeof(Count); }
  template <class Body>
  void block(const BlockName&, Body body) {
    bytes_ += 4;
    body(*this);
  }
  template <class T, class W, class Parse>
  void parseOr(const ListName&, T&, bool&, std::vector<W>&, Parse) {}
  void marker(std::string_view text, const char*) { bytes_ += text.size(); }
  void check(bool, const std::string&) {}

 private:
  std::size_t bytes_ = 0;
};

// An element description whose records differ in size names the least as `kLeastBytes`.
template <class T, class Each = TransferRecord>
std::size_t leastSize(const LevelLayout& l, Each each = {}) {
  if constexpr (requires { Each::kLeastBytes; }) return Each::kLeastBytes;
  RecordSizer s(l);
  T t{};
  each(s, t);
  return std::max<std::size_t>(s.bytes(), 1);
}

}  // namespace wadsmith
