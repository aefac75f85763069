// Immutable bytes shared between documents without copying: a slice of a buffer (typically the
// file as read) that stays alive while any slice of it is used.
#pragma once
#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <vector>

namespace wadsmith {

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
  friend bool operator==(const SharedBytes& a, const SharedBytes& b) {
    return a.size_ == b.size_ && (a.size_ == 0 || std::memcmp(a.data(), b.data(), a.size_) == 0);
  }

 private:
  std::shared_ptr<const void> owner_;
  const std::uint8_t* data_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace wadsmith
