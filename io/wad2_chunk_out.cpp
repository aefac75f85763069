#include "io/wad2_chunk_out.h"

#include <cstring>

namespace wadsmith::wad2io {
namespace {

// The size width TombLib's writer gives a chunk: containers reserve 4 bytes (W2Textures 5,
// W2AnimatedTextureSets 10, W2Frame 2) and W2SprSides is written as one; leaves take the fewest.
int reservedWidth(std::string_view id, bool leaf) {
  if (id == "W2Textures") return 5;
  if (id == "W2AnimatedTextureSets") return 10;
  if (id == "W2Frame") return 2;
  if (id == "W2SprSides") return 4;
  return leaf ? 1 : 4;
}

}  // namespace

void Out::string32(const std::string& v) {
  if (v.size() > 0x7FFFFFFF) throw WriteError("wad2: a string of " + std::to_string(v.size()) + " bytes");
  i32(static_cast<std::int32_t>(v.size()));
  value(v);
}

void Out::value(const wad2::Real& v) {
  std::uint8_t b[8];
  std::memcpy(b, &v.value, 8);
  buf_.insert(buf_.end(), b, b + 8);
}

void Out::ref(const wad2::Ref& r, List list) {
  if (!r.isRecord()) return leb(r.raw);
  const auto& at = scope_.index(list);
  auto it = at.find(r.id);
  if (it == at.end())
    throw WriteError(std::string("wad2: a reference to a ") +
                     (list == List::Textures ? "texture" : list == List::Sprites ? "sprite" : "animation") +
                     " that is not in the document");
  leb(it->second);
}

void Out::refs(std::string_view id, const std::vector<wad2::Ref>& v, List list) {
  for (const auto& r : v) {
    const Open o = open(id, true);
    ref(r, list);
    close(o);
  }
}

void Out::before() {
  if (unknown_)
    while (next_ < unknown_->size() && (*unknown_)[next_].position <= index_) {
      bytes((*unknown_)[next_++].bytes);
      ++index_;
    }
  ++index_;
}

Out::Open Out::open(std::string_view id, bool leaf) {
  before();
  appendLeb(buf_, static_cast<std::int64_t>(id.size()));
  buf_.insert(buf_.end(), id.begin(), id.end());
  Open o{buf_.size(), reservedWidth(id, leaf)};
  buf_.resize(buf_.size() + static_cast<std::size_t>(o.width));
  return o;
}

void Out::close(Open o) {
  const auto size = static_cast<std::int64_t>(buf_.size() - o.at - static_cast<std::size_t>(o.width));
  const int need = minimalLebWidth(size);
  if (need > o.width) {  // past what TombLib reserves: the size takes more bytes
    buf_.insert(buf_.begin() + static_cast<std::ptrdiff_t>(o.at) + o.width, static_cast<std::size_t>(need - o.width), 0);
    o.width = need;
  }
  putLeb(buf_.data() + o.at, size, o.width);
}

}  // namespace wadsmith::wad2io
