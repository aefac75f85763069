// `dump --json` of a level of any game: its file walked part by part and section by section in
// the game's order (io/level_file.h), every record shown under the keys of its one description
// (io/level_record_io.h); pixels, sample bytes and other large arrays as counts and hashes.
#include <bit>

#include "editor/cli/cli.h"
#include "editor/cli/dump_json.h"
#include "editor/usecases/documents.h"
#include "editor/words.h"
#include "model/bytes.h"
#include "io/level_file.h"
#include "model/catalog.h"

namespace wadsmith::cli {

using nlohmann::ordered_json;

namespace {

ordered_json sized(std::span<const std::uint8_t> b) {
  return {{"count", b.size()}, {"fnv1a", fnv1aHex(b)}};
}

float bitsToFloat(std::uint32_t bits) { return std::bit_cast<float>(bits); }

// The dump's visitor (io/record_io.h): writes each field under its key.
class JsonDumper {
 public:
  static constexpr bool kReads = false;
  JsonDumper(ordered_json& out, const LevelLayout& l) : layout(l), out_(out) {}
  const LevelLayout& layout;
  ordered_json& json() { return out_; }

  template <class V>
  void operator()(const char* k, V& v) { out_[k] = value(v); }
  template <class S, class V>
  void operator()(const char* k, V& v, Stored<S>) { out_[k] = v; }
  template <class... V>
  void vec(const char* k, V&... v) { out_[k] = ordered_json::array({value(v)...}); }
  template <class S, class... V>
  void vec(const char* k, Stored<S>, V&... v) { out_[k] = ordered_json::array({ordered_json(v)...}); }
  void floats(const char* k, std::uint32_t& bits) { out_[k] = bitsToFloat(bits); }
  template <std::size_t N>
  void floats(const char* k, std::array<std::uint32_t, N>& a) { out_[k] = jsonArray(a, bitsToFloat); }
  template <class A, class B>
  void halves(const char* k, A& low, B& high) {
    out_[k] = static_cast<std::uint8_t>(low) | static_cast<std::uint8_t>(high) << 8;
  }
  void fixed(const char* k, std::uint8_t& fraction, std::uint8_t& whole) { out_[k] = whole + fraction / 256.0; }
  template <class Count, class T, class Each = TransferRecord>
  void list(Stored<Count>, const ListName& n, std::vector<T>& v, Each each = {}) {
    out_[n.key] = show(n.show, v, each);
  }
  template <class T, class Each = TransferRecord>
  void counted(const ListName& n, std::vector<T>& v, std::uint64_t, Each each = {}) {
    out_[n.key] = show(n.show, v, each);
  }
  template <class Body>
  void block(const BlockName& b, Body body) {
    if (!b.key) return body(*this);
    ordered_json inner = ordered_json::object();
    JsonDumper d(inner, layout);
    body(d);
    out_[b.key] = std::move(inner);
  }
  template <class T, class W, class Parse>
  void parseOr(const ListName& n, T& record, bool& parsed, std::vector<W>& rest, Parse parse) {
    out_["parsed"] = parsed;
    if (parsed) parse(*this, record);
    out_[n.key] = words(n.show, rest);
  }
  void marker(std::string_view, const char*) {}
  void check(bool, const std::string&) {}
  void section(const char*) {}
  template <class Count, class T>
  void words(Stored<Count>, const ListName& n, std::vector<T>& v) { out_[n.key] = words(n.show, v); }
  template <class T>
  void fixedWords(const ListName& n, std::vector<T>& v, std::uint64_t) { out_[n.key] = words(n.show, v); }
  void area(const ListName& n, std::vector<std::uint8_t>& v, std::size_t) { out_[n.key] = words(n.show, v); }
  void rest(const ListName& n, std::vector<std::uint8_t>& v) { out_[n.key] = words(n.show, v); }
  template <class Count>
  void blob(Stored<Count>, const ListName& n, SharedBytes& b) { out_[n.key] = sized(b); }
  void slice(const ListName& n, SharedBytes& b, std::size_t) { out_[n.key] = sized(b); }
  void rest(const ListName& n, SharedBytes& b) { out_[n.key] = sized(b); }
  void countField(const char* k, std::uint32_t& v, std::size_t, const char*) { out_[k] = v; }
  void objects(ObjectTables& t, const ObjectTableFormat&) {
    dumpObjects(out_, t, false, usecases::catalogNames(t, layout.game));
  }

 private:
  template <class V>
  ordered_json value(V& v) {
    if constexpr (std::is_integral_v<V>) return v;
    else if constexpr (std::is_same_v<V, Vec3s>) return ordered_json::array({v.x, v.y, v.z});
    else if constexpr (IsStdArray<V>::value) {
      ordered_json a = ordered_json::array();
      for (auto& x : v) a.push_back(value(x));
      return a;
    } else {
      TransferRecord each;
      return record(v, each);
    }
  }
  template <class T, class Each>
  ordered_json record(T& x, Each& each) {
    ordered_json j = ordered_json::object();
    JsonDumper d(j, layout);
    each(d, x);
    annotate(j, x);
    return j;
  }
  // Names from the game's catalog beside the stored slot ids.
  template <class T>
  void annotate(ordered_json&, const T&) {}
  void annotate(ordered_json& j, const Entity& e) {
    j["name"] = catalog::movableLabel(static_cast<std::uint16_t>(e.typeId), layout.game);
  }
  template <class T, class Each>
  ordered_json show(Show s, std::vector<T>& v, Each each) {
    if (s == Show::Sized) {  // the stored bytes' hash
      std::vector<std::uint8_t> bytes;
      ByteWriter w(bytes);
      RecordWriter io(w, layout);
      for (auto& x : v) each(io, x);
      return {{"count", v.size()}, {"fnv1a", fnv1aHex(bytes)}};
    }
    ordered_json out = ordered_json::array();
    for (auto& x : v) out.push_back(record(x, each));
    if (s == Show::Full) return out;
    // One row of values per record under one line of keys.
    T probe{};
    const ordered_json keys = record(probe, each);
    std::string fields;
    for (const auto& [k, unused] : keys.items()) fields += (fields.empty() ? "" : ", ") + k;
    for (auto& row : out) {
      ordered_json values = ordered_json::array();
      for (auto& [k, v] : row.items()) values.push_back(v);
      row = std::move(values);
    }
    return {{"fields", fields}, {"rows", std::move(out)}};
  }
  template <class T>
  static ordered_json words(Show s, const std::vector<T>& v) {
    if (s != Show::Sized) return v;
    return sized(std::span(reinterpret_cast<const std::uint8_t*>(v.data()), v.size() * sizeof(T)));
  }

  ordered_json& out_;
};

// Chunks as their sizes and a hash, under the names the reader's errors give them.
void transferChunk(JsonDumper& io, StoredChunk& c, const char* name, ChunkStore) {
  io.json()["chunks"][name] = {{"uncompressed", c.uncompressedSize}, {"stored", sized(c.compressed)}};
}

void transferLevelDataPart(JsonDumper& io, LevelDocument& doc) {
  if (doc.levelChunk.store != ChunkStore::Rest) transferChunk(io, doc.levelChunk, doc.levelChunk.section.c_str(), {});
  transferLevelData(io, const_cast<LevelData&>(*doc.data));
}

}  // namespace

ordered_json dumpLevel(const LevelDocument& doc) {
  ordered_json j{{"format", traits(doc.game()).format}};
  JsonDumper io(j, levelLayout(doc.game()));
  transferFile(io, const_cast<LevelDocument&>(doc));  // the dump only reads
  return j;
}

}  // namespace wadsmith::cli
