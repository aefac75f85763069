// Immutable bytes shared between documents without copying: a slice of a buffer (typically the
// file as read) that stays alive while any slice of it is used.
#pragma once
#include <bit>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace wadsmith {

// The little-endian u32 at `b[at]`, bounds already checked.
inline std::uint32_t u32At(std::span<const std::uint8_t> b, std::size_t at = 0) {
  return b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (static_cast<std::uint32_t>(b[at + 3]) << 24);
}

// 64-bit FNV-1a of `bytes` (a string or bytes) as 16 hex digits: a large byte array's stand-in
// in a dump, the check of a line of a journal (the crash journal, the file set's).
template <class Bytes>
std::string fnv1aHex(const Bytes& bytes) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char b : bytes) h = (h ^ b) * 0x100000001b3ull;
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(h));
  return hex;
}

// A word as messages and listings show it: "0x", upper case, at least `width` digits ("0x36").
inline std::string hexText(std::uint32_t v, int width = 2) {
  char b[16];
  std::snprintf(b, sizeof b, "0x%0*X", width, v);
  return b;
}

// Decodes `count` little-endian 16- or 32-bit values from bytes already bounds-checked.
template <class T>
std::vector<T> decodeLittleEndian(const std::uint8_t* p, std::size_t count) {
  static_assert(sizeof(T) == 2 || sizeof(T) == 4);
  std::vector<T> out(count);
  if constexpr (std::endian::native == std::endian::little) {  // the file's order: one copy
    if (count) std::memcpy(out.data(), p, count * sizeof(T));
    return out;
  }
  for (std::size_t i = 0; i < count; ++i, p += sizeof(T)) {
    if constexpr (sizeof(T) == 2)
      out[i] = static_cast<T>(p[0] | (p[1] << 8));
    else
      out[i] = static_cast<T>(u32At({p, 4}));
  }
  return out;
}

class SharedBytes {
 public:
  SharedBytes() = default;
  explicit SharedBytes(std::vector<std::uint8_t> bytes) {
    auto v = std::make_shared<const std::vector<std::uint8_t>>(std::move(bytes));
    data_ = v->data();
    size_ = v->size();
    owner_ = std::move(v);
  }
  SharedBytes(std::shared_ptr<const std::vector<std::uint8_t>> owner, std::size_t offset, std::size_t size)
      : owner_(owner), data_(owner ? owner->data() + offset : nullptr), size_(size) {}
  // Bytes some other object owns (kept alive by `owner`).
  static SharedBytes ownedBy(std::shared_ptr<const void> owner, const std::uint8_t* data, std::size_t size) {
    SharedBytes b;
    b.owner_ = std::move(owner);
    b.data_ = data;
    b.size_ = size;
    return b;
  }

  const std::uint8_t* data() const { return data_; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const std::uint8_t* begin() const { return data_; }
  const std::uint8_t* end() const { return data_ + size_; }
  std::uint8_t operator[](std::size_t i) const { return data_[i]; }
  std::span<const std::uint8_t> span() const { return {data_, size_}; }
  operator std::span<const std::uint8_t>() const { return span(); }
  std::vector<std::uint8_t> copy() const { return {begin(), end()}; }
  // A part of these bytes, sharing the same owner.
  SharedBytes slice(std::size_t offset, std::size_t size) const { return ownedBy(owner_, data_ + offset, size); }
  // What keeps the bytes alive (null for bytes nobody shares).
  const std::shared_ptr<const void>& owner() const { return owner_; }
  bool contains(std::span<const std::uint8_t> part) const {
    return part.data() >= data_ && part.data() + part.size() <= data_ + size_;
  }
  friend bool operator==(const SharedBytes& a, const SharedBytes& b) {
    return a.size_ == b.size_ && (a.size_ == 0 || std::memcmp(a.data(), b.data(), a.size_) == 0);
  }

 private:
  std::shared_ptr<const void> owner_;
  const std::uint8_t* data_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace wadsmith
