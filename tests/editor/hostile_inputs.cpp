#include "tests/editor/hostile_inputs.h"

#include <zlib.h>

#include <algorithm>
#include <random>
#include <set>

#include "fixtures/generator/raw_wad.h"
#include "io/level_codec.h"
#include "io/level_data.h"
#include "io/wad_codec.h"
#include "tests/support/test_support.h"

namespace wadsmith::test {
namespace {

// A count or first-index field of a record: its table (by section name, without a "level
// data: " prefix), record size, offset and width. The WAD and the TR4 level data lay these
// records out alike.
struct Field {
  const char* section;
  const char* name;
  std::size_t recordSize, offset, width;
};
const Field kFields[] = {
    {"mesh pointers", "offset", 4, 0, 4},
    {"animations", "keyframe offset", 40, 0, 4},
    {"animations", "frame duration", 40, 4, 1},
    {"animations", "keyframe size", 40, 5, 1},
    {"animations", "frame start", 40, 24, 2},
    {"animations", "frame end", 40, 26, 2},
    {"animations", "next animation", 40, 28, 2},
    {"animations", "next frame", 40, 30, 2},
    {"animations", "state change count", 40, 32, 2},
    {"animations", "first state change", 40, 34, 2},
    {"animations", "command count", 40, 36, 2},
    {"animations", "command offset", 40, 38, 2},
    {"state changes", "dispatch count", 6, 2, 2},
    {"state changes", "first dispatch", 6, 4, 2},
    {"dispatches", "in", 8, 0, 2},
    {"dispatches", "out", 8, 2, 2},
    {"dispatches", "next animation", 8, 4, 2},
    {"dispatches", "next frame", 8, 6, 2},
    {"movables", "mesh count", 18, 4, 2},
    {"movables", "first mesh pointer", 18, 6, 2},
    {"movables", "links index", 18, 8, 4},
    {"movables", "keyframe offset", 18, 12, 4},
    {"movables", "first animation", 18, 16, 2},
    {"models", "mesh count", 18, 4, 2},
    {"models", "first mesh pointer", 18, 6, 2},
    {"models", "mesh tree index", 18, 8, 4},
    {"models", "frame offset", 18, 12, 4},
    {"models", "first animation", 18, 16, 2},
    {"statics", "mesh pointer", 32, 4, 2},
    {"static meshes", "mesh", 32, 4, 2},
};

void put(std::vector<std::uint8_t>& b, std::size_t at, std::size_t width, std::uint64_t v) {
  for (std::size_t i = 0; i < width && at + i < b.size(); ++i) b[at + i] = static_cast<std::uint8_t>(v >> (8 * i));
}
std::uint64_t get(const std::vector<std::uint8_t>& b, std::size_t at, std::size_t width) {
  std::uint64_t v = 0;
  for (std::size_t i = 0; i < width && at + i < b.size(); ++i) v |= std::uint64_t{b[at + i]} << (8 * i);
  return v;
}

std::string baseName(const std::string& section) {
  const std::string prefix = "level data: ";
  return section.rfind(prefix, 0) == 0 ? section.substr(prefix.size()) : section;
}

// A table's records: where the first starts and how many the count says.
struct Table {
  std::size_t records = 0, count = 0;
};
std::optional<Table> table(const std::vector<std::uint8_t>& b, const std::vector<SectionSpan>& spans, const std::string& name,
                           std::size_t recordSize) {
  for (const auto& s : spans)
    if (baseName(s.name) == name && s.end >= s.begin + 4) {
      Table t{s.begin + 4, static_cast<std::size_t>(get(b, s.begin, 4))};
      if (t.records + t.count * recordSize > b.size()) return std::nullopt;
      return t;
    }
  return std::nullopt;
}

// Under the sanitizers a large file's case costs ten times as much (28 s for karnak.WAD): the
// sample there keeps the runs that multiply work, the fixtures cover every other kind in full.
#if defined(WADSMITH_UNDER_ASAN)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif

// The sample of a large file: one of each kind, the ones most likely to multiply work.
bool sampled(const std::string& name) {
  static const std::vector<const char*> kept =
      kSanitized ? std::vector<const char*>{"animations 0 state change count 65535", "every animations overlapping state changes",
                                            "every state changes repeating dispatches", "every animations overlapping commands"}
                 : std::vector<const char*>{"animations count 4294967295", "state changes count 0", "animations 0 state change count 65535",
                                            "movables 0 mesh count 65535", "models 0 mesh count 65535",
                                            "state changes 0 dispatch count 65535", "animations 0 command count 65535",
                                            "every animations overlapping state changes", "every state changes repeating dispatches",
                                            "every animations overlapping commands", "keyframe offsets back and forth"};
  for (const char* k : kept)
    if (name.size() >= std::string(k).size() && name.compare(name.size() - std::string(k).size(), std::string::npos, k) == 0)
      return true;
  return false;
}

// The record-table mutations shared by WADs and level data: counts, fields, overlapping runs.
void tableMutants(const std::vector<std::uint8_t>& b, const std::vector<SectionSpan>& spans, Depth depth,
                  const std::string& prefix, std::vector<Mutant>& out) {
  auto want = [&](const std::string& name) { return depth == Depth::Full || sampled(name); };
  auto add = [&](std::string name, std::vector<std::uint8_t> bytes) { out.push_back({prefix + name, std::move(bytes)}); };
  // Table counts.
  for (std::size_t i = 0; i < spans.size(); ++i) {
    const auto& s = spans[i];
    if (s.end < s.begin + 4 || s.name == "header" || s.name == "trailer") continue;
    const auto count = get(b, s.begin, 4);
    for (std::uint64_t v : {std::uint64_t{0}, std::uint64_t{1}, count + 1, std::uint64_t{0xFFFFFFFF}}) {
      if (!want(s.name + " count " + std::to_string(v))) continue;
      auto m = b;
      put(m, s.begin, 4, v);
      add(s.name + " count " + std::to_string(v), std::move(m));
    }
  }
  // Fields of the first, middle and last record.
  for (const auto& f : kFields) {
    auto t = table(b, spans, f.section, f.recordSize);
    if (!t || t->count == 0) continue;
    std::set<std::size_t> records{0};
    if (depth == Depth::Full) records.insert({t->count / 2, t->count - 1});
    const std::uint64_t max = f.width == 1 ? 0xFF : f.width == 2 ? 0xFFFF : 0xFFFFFFFF;
    for (auto r : records)
      for (std::uint64_t v : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{0x7FFF}, max}) {
        if (f.width == 1 && v == 0x7FFF) continue;
        if (!want(std::string(f.section) + " " + std::to_string(r) + " " + f.name + " " + std::to_string(v))) continue;
        auto m = b;
        put(m, t->records + r * f.recordSize + f.offset, f.width, v);
        add(std::string(f.section) + " " + std::to_string(r) + " " + f.name + " " + std::to_string(v), std::move(m));
      }
  }
  // Every owner claiming the whole next table from index 0, or from its own index: runs that
  // repeat and runs that overlap.
  struct Run {
    const char* owners;
    std::size_t recordSize, countAt, firstAt;
    const char* owned;
    std::size_t ownedSize;
  };
  const Run runs[] = {{"animations", 40, 32, 34, "state changes", 6},
                      {"state changes", 6, 2, 4, "dispatches", 8},
                      {"animations", 40, 36, 38, "commands", 2},
                      {"movables", 18, 4, 6, "mesh pointers", 4},
                      {"models", 18, 4, 6, "mesh pointers", 4}};
  for (const auto& r : runs) {
    auto owners = table(b, spans, r.owners, r.recordSize);
    auto owned = table(b, spans, r.owned, r.ownedSize);
    if (!owners || !owned || owners->count == 0) continue;
    const std::size_t n = std::min<std::size_t>(owned->count, 0xFFFF);
    for (bool overlap : {false, true}) {
      if (!want(std::string("every ") + r.owners + (overlap ? " overlapping " : " repeating ") + r.owned)) continue;
      auto m = b;
      for (std::size_t i = 0; i < owners->count; ++i) {
        const std::size_t first = overlap ? std::min(i, n) : 0;
        put(m, owners->records + i * r.recordSize + r.firstAt, 2, first);
        put(m, owners->records + i * r.recordSize + r.countAt, 2, n - first);
      }
      add(std::string("every ") + r.owners + (overlap ? " overlapping " : " repeating ") + r.owned, std::move(m));
    }
  }
  // Keyframe offsets that go back and forth: each animation's keyframes run to the next one's.
  if (auto anims = table(b, spans, "animations", 40); anims && anims->count > 1 && want("keyframe offsets back and forth")) {
    auto m = b;
    const auto last = get(b, anims->records + (anims->count - 1) * 40, 4);
    for (std::size_t i = 0; i < anims->count; ++i) put(m, anims->records + i * 40, 4, i % 2 ? last : 0);
    add("keyframe offsets back and forth", std::move(m));
  }
}

void truncations(const std::vector<std::uint8_t>& b, const std::vector<SectionSpan>& spans, Depth depth,
                 std::vector<Mutant>& out) {
  std::set<std::size_t> cuts{0, 1};
  for (std::size_t i = 0; i < spans.size(); ++i) {
    if (depth == Depth::Sampled && (kSanitized || i != spans.size() / 2)) continue;  // the middle section's edges
    for (std::size_t at : {spans[i].begin, spans[i].begin + 1, spans[i].begin + 4, spans[i].end - 1})
      if (at > 0 && at < b.size()) cuts.insert(at);
  }
  for (auto at : cuts) out.push_back({"truncated at byte " + std::to_string(at), {b.begin(), b.begin() + static_cast<long>(at)}});
}

void bitFlips(const std::vector<std::uint8_t>& b, Depth depth, std::vector<Mutant>& out) {
  std::mt19937 rng(static_cast<std::uint32_t>(b.size()));  // the same mutants every run
  const int patterns = depth == Depth::Full ? 48 : kSanitized ? 0 : 2;
  for (int p = 0; p < patterns; ++p) {
    auto m = b;
    std::string what;
    const int flips = 1 + p % 8;
    for (int k = 0; k < flips; ++k) {
      const std::size_t at = rng() % b.size();
      const int bit = static_cast<int>(rng() % 8);
      m[at] ^= static_cast<std::uint8_t>(1 << bit);
      what += " " + std::to_string(at) + "." + std::to_string(bit);
    }
    out.push_back({"bits flipped at" + what, std::move(m)});
  }
}

std::vector<std::uint8_t> deflateZeros(std::size_t bytes) {
  z_stream s{};
  deflateInit(&s, 9);
  const std::vector<std::uint8_t> zero(1 << 20, 0);
  std::vector<std::uint8_t> out, buf(1 << 16);
  for (std::size_t done = 0; done < bytes;) {
    const std::size_t n = std::min(zero.size(), bytes - done);
    done += n;
    s.next_in = const_cast<Bytef*>(zero.data());
    s.avail_in = static_cast<uInt>(n);
    do {
      s.next_out = buf.data();
      s.avail_out = static_cast<uInt>(buf.size());
      deflate(&s, done == bytes ? Z_FINISH : Z_NO_FLUSH);
      out.insert(out.end(), buf.begin(), buf.end() - s.avail_out);
    } while (s.avail_out == 0);
  }
  deflateEnd(&s);
  return out;
}

}  // namespace

std::vector<Mutant> wadMutants(const std::vector<std::uint8_t>& wad, Depth depth) {
  std::vector<Mutant> out;
  const auto spans = wadSectionSpans(wad);
  truncations(wad, spans, depth, out);
  tableMutants(wad, spans, depth, "", out);
  bitFlips(wad, depth, out);
  return out;
}

std::vector<Mutant> levelMutants(const std::vector<std::uint8_t>& bytes, Depth depth) {
  std::vector<Mutant> out;
  const auto spans = levelSectionSpans(bytes);
  truncations(bytes, spans, depth, out);
  // Chunk sizes, and the level data chunk as a bomb.
  for (const auto& s : spans) {
    if (s.name.find("chunk") == std::string::npos) continue;
    const auto compressed = get(bytes, s.begin + 4, 4);
    for (std::uint64_t v : {std::uint64_t{0}, std::uint64_t{1}, compressed * 1030, std::uint64_t{0xFFFFFFFF}}) {
      if (depth == Depth::Sampled && (kSanitized || s.name != "level data chunk" || v != compressed * 1030)) continue;
      auto m = bytes;
      put(m, s.begin, 4, v);
      out.push_back({s.name + " declared " + std::to_string(v) + " bytes", std::move(m)});
    }
    if (s.name != "level data chunk") continue;
    // 64 MiB of zeros in ~64 KB, declared as what the chunk held: inflating must stop there.
    const auto bomb = deflateZeros(64u << 20);
    std::vector<std::uint8_t> m(bytes.begin(), bytes.begin() + static_cast<long>(s.begin));
    m.resize(m.size() + 8);
    put(m, s.begin, 4, get(bytes, s.begin, 4));
    put(m, s.begin + 4, 4, bomb.size());
    m.insert(m.end(), bomb.begin(), bomb.end());
    m.insert(m.end(), bytes.begin() + static_cast<long>(s.end), bytes.end());
    out.push_back({"level data chunk replaced by a zlib bomb", std::move(m)});
  }
  // The level data's tables, deflated again.
  try {
    auto level = readLevel(bytes, "base.tr4");
    std::vector<SectionSpan> dataSpans;
    const auto data = writeLevelData(*level.data, level.nextId, &dataSpans);
    std::vector<Mutant> inner;
    tableMutants(data, dataSpans, depth, "level data: ", inner);
    for (auto& m : inner) {
      auto l = level;
      l.levelChunk.payload = std::make_shared<const std::vector<std::uint8_t>>(std::move(m.bytes));
      out.push_back({m.name, writeLevel(l)});
    }
  } catch (const std::exception&) {
    // A base the reader refuses has no tables to mutate.
  }
  bitFlips(bytes, depth, out);
  return out;
}

std::vector<Mutant> genericMutants(const std::vector<std::uint8_t>& b) {
  std::vector<Mutant> out;
  std::set<std::size_t> cuts;
  for (std::size_t at = 1; at < b.size(); at *= 2) cuts.insert(at);
  for (std::size_t k = 0; k < 16; ++k) cuts.insert(b.size() * k / 16);
  for (auto at : cuts) out.push_back({"truncated at byte " + std::to_string(at), {b.begin(), b.begin() + static_cast<long>(at)}});
  for (std::size_t width : {2, 4})
    for (std::size_t at = 0; at + width <= std::min<std::size_t>(b.size(), 64); at += width)
      for (std::uint64_t v : {std::uint64_t{0}, std::uint64_t{1}, width == 2 ? std::uint64_t{0xFFFF} : std::uint64_t{0xFFFFFFFF}}) {
        auto m = b;
        put(m, at, width, v);
        out.push_back({std::to_string(width * 8) + "-bit word at byte " + std::to_string(at) + " set to " + std::to_string(v),
                       std::move(m)});
      }
  bitFlips(b, Depth::Full, out);
  return out;
}

std::vector<Mutant> multiplyingWads() {
  using namespace fixtures;
  auto base = [] {
    RawWad w;
    MeshWords m;
    m.sphere({0, 0, 0}, 10).vertex({0, 0, 0}).vertex({1, 0, 0}).vertex({0, 1, 0}).normals({{0, 0, 1}, {0, 0, 1}, {0, 0, 1}});
    m.triangle(0, 1, 2, 0);
    w.meshPointers.push_back(w.addMesh(m));
    RawMovable mv;
    mv.objectId = 5;
    mv.numPointers = 1;
    mv.animsIndex = 0;
    w.movables.push_back(mv);
    return w;
  };
  constexpr int N = 0xFFFF;
  std::vector<Mutant> out;
  {
    auto w = base();
    for (int a = 0; a < 64; ++a) {
      RawAnimation an;
      an.numStateChanges = N;
      w.animations.push_back(an);
    }
    w.stateChanges.assign(N, {1, N, 0});
    w.dispatches.assign(N, {0, 1, 0, 0});
    out.push_back({"64 animations each claiming the same 65,535 state changes of 65,535 dispatches", w.bytes()});
  }
  {
    auto w = base();
    for (int a = 0; a < 4096; ++a) {
      RawAnimation an;
      an.stateChangeIndex = static_cast<std::uint16_t>(a);
      an.numStateChanges = static_cast<std::uint16_t>(N - a);
      w.animations.push_back(an);
    }
    for (int j = 0; j < N; ++j) w.stateChanges.push_back({1, static_cast<std::uint16_t>(N - j), static_cast<std::uint16_t>(j)});
    w.dispatches.assign(N, {0, 1, 0, 0});
    out.push_back({"4,096 animations and 65,535 state changes claiming overlapping runs", w.bytes()});
  }
  {
    auto w = base();
    for (int a = 0; a < 8192; ++a) {
      RawAnimation an;
      an.commandOffset = static_cast<std::uint16_t>(a);
      an.numCommands = N;
      w.animations.push_back(an);
    }
    w.commands.assign(N, 3);  // "empty hands": one word each
    out.push_back({"8,192 animations each claiming 65,535 commands over the same words", w.bytes()});
  }
  {
    auto w = base();
    constexpr std::uint32_t words = 1 << 20;
    for (int a = 0; a < 8192; ++a) {
      RawAnimation an;
      an.keyframeSize = 10;
      an.keyframeOffset = a % 2 ? 2 * (words - 100) : 0;
      w.animations.push_back(an);
    }
    w.keyframes.assign(words, 0);
    out.push_back({"8,192 animations whose keyframe offsets go back and forth over 1 M words", w.bytes()});
  }
  {
    auto w = base();
    w.meshPointers.assign(N, w.meshPointers[0]);
    w.links.assign(4 * N, 0);
    w.movables.clear();
    for (int m = 0; m < 8192; ++m) {
      RawMovable mv;
      mv.objectId = static_cast<std::uint32_t>(m);
      mv.numPointers = N;
      w.movables.push_back(mv);
    }
    out.push_back({"8,192 movables each claiming the same 65,535 mesh pointers and link records", w.bytes()});
  }
  return out;
}

}  // namespace wadsmith::test
