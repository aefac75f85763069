// The visitor that writes records (io/record_io.h): counts derived from the lists, a list
// whose count is stored elsewhere checked against it, each section's span noted.
#pragma once
#include "io/byte_rope.h"
#include "io/byte_writer.h"
#include "io/record_io.h"
#include "io/table_io.h"

namespace wadsmith {

class RecordWriter : public EveryFieldAlike<RecordWriter> {
 public:
  static constexpr bool kReads = false;
  // `spans` (optional) receives each section's extent; `idLimit` bounds the object records' ids.
  RecordWriter(ByteWriter& w, const LevelLayout& l, Id idLimit = 0, std::vector<SectionSpan>* spans = nullptr)
      : layout(l), w_(w), idLimit_(idLimit), spans_(spans) {}
  // Writing a file into `rope`: its stored parts are appended, not copied. With `verify`, parts
  // kept as stored while unchanged are serialized again, and their stored bytes reused only if
  // the serialization matches them (the round-trip check).
  RecordWriter(ByteRope& rope, const LevelLayout& l, bool verify, Id idLimit = 0)
      : layout(l), w_(rope.writer()), idLimit_(idLimit), spans_(nullptr), rope_(&rope), verify_(verify) {}
  const LevelLayout& layout;
  bool verifying() const { return verify_; }
  void stored(const SharedBytes& b) {
    if (rope_) rope_->append(b);
    else w_.bytes(b);
  }

  template <class V>
  void number(V& v) { num(v); }
  template <class S, class V>
  void stored(V& v) { num(static_cast<S>(v)); }

  template <class Count, class T, class Each = TransferRecord>
  void list(Stored<Count>, const ListName& n, std::vector<T>& v, Each each = {}) {
    num(fit<Count>(v.size(), n));
    for (auto& x : v) each(*this, x);
  }
  template <class T, class Each = TransferRecord>
  void counted(const ListName& n, std::vector<T>& v, std::uint64_t count, Each each = {}) {
    if (v.size() != count)
      throw WriteError(std::to_string(v.size()) + " " + key(n) + " where " + std::to_string(count) + " are counted");
    for (auto& x : v) each(*this, x);
  }
  template <class Body>
  void block(const BlockName& b, Body body) {
    const std::size_t at = w_.pos();
    w_.u32(0);
    ++blocks_;  // a block's size is patched in place: its bytes stay in one piece
    body(*this);
    --blocks_;
    w_.patchU32(at, static_cast<std::uint32_t>((w_.pos() - at - 4) / b.unit));
  }
  template <class T, class W, class Parse>
  void parseOr(const ListName&, T& record, bool& parsed, std::vector<W>& rest, Parse parse) {
    if (parsed) parse(*this, record);
    for (auto v : rest) num(v);
  }
  void marker(std::string_view text, const char*) {
    w_.bytes(std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()));
  }
  void check(bool holds, const std::string& what) {
    if (!holds) throw WriteError(what);
  }

  void section(const char* name) {
    if (spans_ && current_) spans_->push_back({current_, start_, w_.pos()});
    current_ = name;
    start_ = w_.pos();
  }
  // Closes the last section's span.
  void finish() { section(nullptr); }
  template <class Count, class T>
  void words(Stored<Count>, const ListName& n, std::vector<T>& v) {
    num(fit<Count>(v.size(), n));
    appendWords<T>(w_, v);
  }
  template <class T>
  void fixedWords(const ListName& n, std::vector<T>& v, std::uint64_t count) {
    counted(n, v, count, [](auto&, auto&) {});
    appendWords<T>(w_, v);
  }
  template <class Count>
  void blob(Stored<Count>, const ListName& n, SharedBytes& b) {
    num(fit<Count>(b.size(), n));
    stored(b);
  }
  void slice(const ListName& n, SharedBytes& b, std::size_t size) {
    if (b.size() != size)
      throw WriteError(std::to_string(b.size()) + " bytes of " + key(n) + " where " + std::to_string(size) + " belong");
    stored(b);
  }
  void rest(const ListName&, SharedBytes& b) { stored(b); }
  void countField(const char*, std::uint32_t& v, std::size_t, const char*) { w_.u32(v); }
  void area(const ListName& n, std::vector<std::uint8_t>& v, std::size_t size) { fixedWords(n, v, size); }
  void rest(const ListName&, std::vector<std::uint8_t>& v) { w_.bytes(v); }
  void objects(ObjectTables& t, const ObjectTableFormat& f) {
    writeObjectTables(w_, t, f, idLimit_, [this](const char* s) { section(s); }, blocks_ ? nullptr : rope_);
  }

 private:
  template <class T>
  void num(T v) {
    if constexpr (sizeof(T) == 1) w_.u8(static_cast<std::uint8_t>(v));
    else if constexpr (sizeof(T) == 2) w_.u16(static_cast<std::uint16_t>(v));
    else w_.u32(static_cast<std::uint32_t>(v));
  }
  template <class Count>
  Count fit(std::size_t n, const ListName& name) {
    if (n > static_cast<std::size_t>(static_cast<std::make_unsigned_t<Count>>(-1)))
      throw WriteError(std::string(key(name)) + " count " + std::to_string(n) + " does not fit " +
                       std::to_string(8 * sizeof(Count)) + " bits");
    return static_cast<Count>(n);
  }
  static std::string key(const ListName& n) { return n.what ? n.what : n.key; }

  ByteWriter& w_;
  Id idLimit_;
  std::vector<SectionSpan>* spans_;
  ByteRope* rope_ = nullptr;
  bool verify_ = false;
  int blocks_ = 0;
  const char* current_ = nullptr;
  std::size_t start_ = 0;
};

// One record written on its own (by default as the WADs' game stores it).
template <class T>
void writeRecord(ByteWriter& w, const T& t, const LevelLayout& l = levelLayout(kWadGame)) {
  RecordWriter io(w, l);
  transfer(io, const_cast<T&>(t));  // the writer only reads
}

}  // namespace wadsmith
