#include "tests/io/wad2_test_support.h"

#include "io/wad2_leb128.h"
#include "tests/support/test_support.h"

namespace wadsmith::test {
namespace {

struct Chunk {
  std::string id;
  std::size_t begin = 0, payload = 0, end = 0;
};

// The chunks of a stream at [p, end), or none when the bytes are not one.
std::vector<Chunk> chunksAt(const std::vector<std::uint8_t>& b, std::size_t p, std::size_t end) {
  std::vector<Chunk> out;
  while (p < end) {
    std::int64_t n = 0, size = 0;
    const std::size_t begin = p;
    int w = wad2io::decodeLeb(b.data() + p, end - p, n);
    if (w <= 0 || n < 0 || n > 64) return {};
    p += static_cast<std::size_t>(w);
    if (n == 0) return out;
    if (static_cast<std::size_t>(n) > end - p) return {};
    std::string id(b.begin() + static_cast<long>(p), b.begin() + static_cast<long>(p + static_cast<std::size_t>(n)));
    if (id.rfind("W2", 0) != 0) return {};
    p += static_cast<std::size_t>(n);
    w = wad2io::decodeLeb(b.data() + p, end - p, size);
    if (w <= 0 || size < 0 || static_cast<std::size_t>(size) > end - p - static_cast<std::size_t>(w)) return {};
    p += static_cast<std::size_t>(w);
    out.push_back({id, begin, p, p + static_cast<std::size_t>(size)});
    p += static_cast<std::size_t>(size);
  }
  return {};
}

template <class T>
Shared<T> forgotten(const Shared<T>& p, void (*f)(T&)) {
  if (!p) return p;
  T t = *p;
  t.keep.source = {};
  f(t);
  return share<T>(std::move(t));
}
void forgetMesh(wad2::Mesh& m) {
  for (auto& p : m.polygons) p.keep.source = {};
}
void forgetAnimation(wad2::Animation& a) {
  for (auto& k : a.keyframes) k.keep.source = {};
  for (auto& s : a.stateChanges) {
    s.keep.source = {};
    for (auto& d : s.dispatches) d.keep.source = {};
  }
  for (auto& c : a.commands) c.keep.source = {};
}
void forgetMovable(wad2::Movable& m) {
  for (auto& x : m.meshes) x = forgotten(x, forgetMesh);
  m.skin = forgotten(m.skin, forgetMesh);
  for (auto& b : m.bones) b.keep.source = {};
  for (auto& a : m.animations) a = forgotten(a, forgetAnimation);
}
void forgetStatic(wad2::Static& s) { s.mesh = forgotten(s.mesh, forgetMesh); }
template <class T>
void nothing(T&) {}

}  // namespace

std::vector<std::filesystem::path> wad2Files() {
  auto files = corpusFiles("wad2", {".wad2"});
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(fixturesDir(), ec))
    if (e.path().extension() == ".wad2") files.push_back(e.path());
  return files;
}

std::string testName(const std::filesystem::path& p) {
  std::string n = p.filename().string();
  for (auto& c : n)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return n;
}

std::string wad2ChunkAt(const std::vector<std::uint8_t>& bytes, long at) {
  if (at < 0) return "";
  std::string path;
  std::size_t begin = 8, end = bytes.size(), chunk = 0;
  for (int depth = 0; depth < 12; ++depth) {
    const Chunk* hit = nullptr;
    std::vector<Chunk> found;
    // Fields come before a container's children: try the first bytes of the payload.
    for (std::size_t skip = 0; skip < 24 && begin + skip < end && !hit; ++skip) {
      found = chunksAt(bytes, begin + skip, end);
      for (const auto& c : found)
        if (static_cast<std::size_t>(at) >= c.begin && static_cast<std::size_t>(at) < c.end) hit = &c;
    }
    if (!hit) break;
    path += (path.empty() ? "" : "/") + hit->id;
    begin = hit->payload, end = hit->end, chunk = hit->begin;
  }
  if (path.empty()) return "header";
  return path + " +" + std::to_string(static_cast<std::size_t>(at) - chunk) + " from its start";
}

void forgetKeptBytes(wad2::Document& doc) {
  doc.keep.source = {};
  doc.compressedBody = {};
  for (auto& t : doc.textures) t = forgotten(t, nothing<wad2::Texture>);
  for (auto& s : doc.sprites) s = forgotten(s, nothing<wad2::Sprite>);
  for (auto& s : doc.sequences) s.keep.source = {};
  for (auto& m : doc.movables) m = forgotten(m, forgetMovable);
  for (auto& s : doc.statics) s = forgotten(s, forgetStatic);
  doc.metadata.keep.source = {};
  if (doc.animatedTextures)
    for (auto& s : *doc.animatedTextures) s.keep.source = {};
}

}  // namespace wadsmith::test
