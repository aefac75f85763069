// The visitor that fills records from bytes (io/record_io.h): bounds-checked reads, counts
// checked against the bytes left before anything is allocated, errors naming the section.
#pragma once
#include "io/byte_reader.h"
#include "io/record_io.h"

namespace wadsmith {

class RecordReader : public EveryFieldAlike<RecordReader> {
 public:
  static constexpr bool kReads = true;
  // `source` (the bytes `r` reads) lets blobs be slices of it; `nextId` numbers object records.
  RecordReader(ByteReader& r, const LevelLayout& l, const char* prefix = "", const SharedBytes* source = nullptr,
               Id* nextId = nullptr)
      : layout(l), r_(r), prefix_(prefix), source_(source), nextId_(nextId) {}
  const LevelLayout& layout;
  ByteReader& reader() { return r_; }
  // Notes each section's extent (the span report of a file).
  void recordSpans(std::vector<SectionSpan>* spans) { spans_ = spans; }

  template <class V>
  void number(V& v) { v = num<V>(); }
  template <class S, class V>
  void stored(V& v) { v = static_cast<V>(num<S>()); }

  template <class Count, class T, class Each = TransferRecord>
  void list(Stored<Count>, const ListName& n, std::vector<T>& v, Each each = {}) {
    counted(n, v, num<Count>(), each);
  }
  template <class T, class Each = TransferRecord>
  void counted(const ListName& n, std::vector<T>& v, std::uint64_t count, Each each = {}) {
    v.resize(r_.count(count, leastSize<T>(layout, each), what(n)));
    for (auto& x : v) each(*this, x);
  }
  template <class Body>
  void block(const BlockName& b, Body body) {
    const std::size_t size = r_.count(r_.u32(), b.unit, b.what) * b.unit;
    if (size < b.least)
      r_.fail(std::string(b.shownAs) + " of " + std::to_string(size) + " bytes is shorter than the " +
              std::to_string(b.least) + "-byte " + b.leastWhat);
    const std::uint64_t at = r_.absolute();
    ByteReader inner(r_.bytes(size), r_.fileName(), at);
    inner.section(r_.sectionName());
    RecordReader io(inner, layout);
    body(io);
  }
  // `parse` fills a copy of `record`; when the bytes do not fit it, they stay as `rest` (and so
  // do the bytes after a parsed part).
  template <class T, class W, class Parse>
  void parseOr(const ListName&, T& record, bool& parsed, std::vector<W>& rest, Parse parse) {
    const std::size_t at = r_.pos();
    T trial = record;
    try {
      parse(*this, trial);
      record = std::move(trial);
      parsed = true;
    } catch (const ParseError&) {
      r_.seek(at);
      parsed = false;
    }
    fixedWords(ListName{"rest"}, rest, r_.remaining() / sizeof(W));
  }
  void marker(std::string_view text, const char* noun) {
    const std::size_t at = r_.pos();
    const auto b = r_.bytes(text.size());
    if (!std::equal(b.begin(), b.end(), text.begin()))
      r_.fail("expected the \"" + std::string(text.substr(0, text.find('\0'))) + "\" " + noun, at);
  }
  void check(bool holds, const std::string& what) {
    if (!holds) r_.fail(what);
  }

  void section(const char* name) {
    if (spans_ && current_) spans_->push_back({current_, start_, r_.absolute()});
    current_ = name;
    start_ = r_.absolute();
    if (name) r_.section(std::string(prefix_) + name);
  }
  void finish() { section(nullptr); }
  template <class Count, class T>
  void words(Stored<Count>, const ListName& n, std::vector<T>& v) {
    fixedWords(n, v, num<Count>());
  }
  template <class T>
  void fixedWords(const ListName& n, std::vector<T>& v, std::uint64_t count) {
    const std::size_t k = r_.count(count, sizeof(T), what(n));
    const auto b = r_.bytes(k * sizeof(T));
    if constexpr (sizeof(T) == 1) v.assign(b.begin(), b.end());
    else v = decodeLittleEndian<T>(b.data(), k);
  }
  template <class Count>
  void blob(Stored<Count>, const ListName& n, SharedBytes& b) {
    slice(n, b, r_.count(num<Count>(), 1, what(n)));
  }
  // A fixed-size area of bytes.
  void area(const ListName&, std::vector<std::uint8_t>& v, std::size_t n) { v = r_.copy(n); }
  void rest(const ListName& n, std::vector<std::uint8_t>& v) { fixedWords(n, v, r_.remaining()); }
  // Stored parts of a file: slices of it (`source`), never copies.
  void slice(const ListName&, SharedBytes& b, std::size_t n) {
    const std::size_t at = r_.pos();
    const auto bytes = r_.bytes(n);
    b = source_ ? source_->slice(at, n) : SharedBytes(std::vector<std::uint8_t>(bytes.begin(), bytes.end()));
  }
  void rest(const ListName& n, SharedBytes& b) { slice(n, b, r_.remaining()); }
  // A u32 count of what follows, checked against the bytes left.
  void countField(const char*, std::uint32_t& v, std::size_t recordSize, const char* what) {
    v = static_cast<std::uint32_t>(r_.count(r_.u32(), recordSize, what));
  }
  // The object tables; the span report walks only their counts (io/object_tables.h).
  void objects(ObjectTables& t, const ObjectTableFormat& f) {
    if (!spans_) {
      t = readObjectTables(r_, f, *nextId_, source_);
      return;
    }
    section(nullptr);
    objectTableSpans(r_, f, *spans_);
  }

 private:
  template <class T>
  T num() {
    if constexpr (sizeof(T) == 1) return static_cast<T>(r_.u8());
    else if constexpr (sizeof(T) == 2) return static_cast<T>(r_.u16());
    else return static_cast<T>(r_.u32());
  }
  std::string_view what(const ListName& n) const { return n.what ? std::string_view(n.what) : r_.sectionName(); }

  ByteReader& r_;
  const char* prefix_;
  const SharedBytes* source_;
  Id* nextId_;
  std::vector<SectionSpan>* spans_ = nullptr;
  const char* current_ = nullptr;
  std::uint64_t start_ = 0;
};

// One record read on its own (by default as the WADs' game stores it).
template <class T>
T readRecord(ByteReader& r, const LevelLayout& l = levelLayout(kWadGame)) {
  T t{};
  RecordReader io(r, l);
  transfer(io, t);
  return t;
}

// The section spans of a file: `walk(io, doc)` reads a Document of the layout's game with the
// reader recording where each section lies; the bytes after a section that does not parse are
// reported "(unreadable)". Used by `info --spans` and the dump for every format walked this way.
template <class Document, class Walk>
std::vector<SectionSpan> walkSectionSpans(std::span<const std::uint8_t> bytes, const LevelLayout& layout, Walk walk) {
  std::vector<SectionSpan> spans;
  ByteReader r(bytes, "");
  const auto view = SharedBytes::ownedBy(nullptr, bytes.data(), bytes.size());  // the walk copies nothing
  RecordReader io(r, layout, "", &view);
  io.recordSpans(&spans);
  try {
    Document doc;
    walk(io, doc);
    io.finish();
  } catch (const ParseError&) {
    io.finish();
    spans.push_back({"(unreadable)", r.pos(), bytes.size()});
  }
  return spans;
}

}  // namespace wadsmith
