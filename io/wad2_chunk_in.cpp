#include "io/wad2_chunk_in.h"

#include <cstring>

namespace wadsmith::wad2io {

// Real ids are at most 40 bytes ("W2AnimatedTextureSetTenUvRotateDirection").
constexpr std::int64_t kMaxIdBytes = 255;

In In::chunk(const Source& src, IdScope& ids, std::size_t begin, std::size_t end, std::string_view& id) {
  In outer(src, ids, begin, end, nullptr, "");
  std::int64_t idLength = 0;
  outer.leb(idLength);
  std::size_t size = 0;
  id = outer.header(begin, idLength, "chunk id", size);
  return In(src, ids, outer.pos_, outer.pos_ + size, nullptr, id);
}

std::string_view In::header(std::size_t at, std::int64_t idLength, const char* what, std::size_t& size) {
  if (idLength <= 0 || idLength > kMaxIdBytes) fail("bad chunk id length " + std::to_string(idLength), at);
  const auto* p = take(static_cast<std::size_t>(idLength), what);
  const std::string_view id(reinterpret_cast<const char*>(p), static_cast<std::size_t>(idLength));
  std::int64_t n = 0;
  leb(n);
  if (n < 0 || static_cast<std::uint64_t>(n) > remaining())
    fail(printable(id) + " claims " + std::to_string(n) + " bytes, " + std::to_string(remaining()) + " left",
         at);
  size = static_cast<std::size_t>(n);
  return id;
}

std::string In::chain() const {
  std::string out = parent_ ? parent_->chain() : std::string();
  if (!id_.empty()) out += (out.empty() ? "" : "/") + std::string(id_);
  return out;
}

std::string In::path() const {
  std::string out = chain();
  return out.empty() ? "chunk stream" : out;
}

void In::fail(const std::string& what, std::size_t at) const { throw ParseError(src_.file, path(), at, what + src_.where); }

const std::uint8_t* In::take(std::size_t n, const char* what) {
  if (n > remaining())
    fail(std::string("unexpected end of the chunk reading ") + what + ": need " + std::to_string(n) + " bytes, " +
             std::to_string(remaining()) + " left",
         pos_);
  const auto* p = src_.bytes.data() + pos_;
  pos_ += n;
  return p;
}

void In::leb(std::int64_t& v) {
  const int width = decodeLeb(src_.bytes.data() + pos_, remaining(), v);
  if (width == 0) fail("unexpected end of the chunk inside a LEB128 number", pos_);
  if (width < 0) fail("LEB128 number longer than 64 bits", pos_);
  pos_ += static_cast<std::size_t>(width);
}

void In::f32(float& v) { std::memcpy(&v, take(4, "a float"), 4); }

void In::u8(std::uint8_t& v) { v = *take(1, "a byte"); }

void In::i32(std::int32_t& v) { v = static_cast<std::int32_t>(u32At({take(4, "a 32-bit number"), 4})); }

void In::string32(std::string& v) {
  const std::size_t at = pos_;
  std::int32_t n = 0;
  i32(n);
  if (n < 0 || static_cast<std::size_t>(n) > remaining())
    fail("string of " + std::to_string(n) + " bytes, " + std::to_string(remaining()) + " left", at);
  const auto* p = take(static_cast<std::size_t>(n), "a string");
  v.assign(reinterpret_cast<const char*>(p), static_cast<std::size_t>(n));
}

void In::ref(wad2::Ref& r, List list) {
  std::int64_t v = 0;
  leb(v);
  const auto& ids = ids_.list(list);
  r = v >= 0 && static_cast<std::uint64_t>(v) < ids.size() && ids[static_cast<std::size_t>(v)] != 0
          ? wad2::Ref::to(ids[static_cast<std::size_t>(v)])
          : wad2::Ref::rawValue(v);
}

void In::refs(std::string_view id, std::vector<wad2::Ref>& out, List list) {
  forKinds({id}, [&](Entry& e, int) { child(e).ref(out.emplace_back(), list); });
}

void In::value(std::string& v) {
  const std::size_t n = remaining();
  v.assign(reinterpret_cast<const char*>(take(n, "a string")), n);
}

void In::value(SharedBytes& v) {
  v = src_.bytes.slice(pos_, remaining());
  pos_ = end_;
}

void In::value(wad2::Real& v) {
  if (remaining() >= 8) {
    std::memcpy(&v.value, take(8, "a double"), 8);
  } else {
    float f = 0;
    f32(f);
    v.value = f;
  }
}

void In::openStream() {
  entries_.clear();
  for (;;) {
    const std::size_t at = pos_;
    std::int64_t idLength = 0;
    if (remaining() == 0) fail("the child chunks run to the end of the chunk without an end marker", at);
    leb(idLength);
    if (idLength == 0) return;
    std::size_t size = 0;
    const std::string_view id = header(at, idLength, "a chunk id", size);
    entries_.push_back({id, at, pos_, pos_ + size, false});
    pos_ += size;
  }
}

In::Entry* In::find(std::string_view id) {
  for (auto& e : entries_)
    if (!e.taken && e.id == id) {
      e.taken = true;
      return &e;
    }
  return nullptr;
}

In In::child(Entry& e) {
  e.taken = true;
  return In(src_, ids_, e.payload, e.end, this, e.id);
}

void In::keepUnknown(wad2::Keep& keep) {
  for (std::size_t i = 0; i < entries_.size(); ++i)
    if (!entries_[i].taken)
      keep.unknown.push_back({static_cast<std::uint32_t>(i),
                              src_.bytes.slice(entries_[i].begin, entries_[i].end - entries_[i].begin)});
}

}  // namespace wadsmith::wad2io
