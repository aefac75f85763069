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
  explicit SharedBytes(std::vector<std::uint8_t> bytes)
      : owner_(std::make_shared<const std::vector<std::uint8_t>>(std::move(bytes))), size_(owner_->size()) {}
  SharedBytes(std::shared_ptr<const std::vector<std::uint8_t>> owner, std::size_t offset, std::size_t size)
      : owner_(std::move(owner)), offset_(offset), size_(size) {}

  const std::uint8_t* data() const { return owner_ ? owner_->data() + offset_ : nullptr; }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const std::uint8_t* begin() const { return data(); }
  const std::uint8_t* end() const { return data() + size_; }
  std::uint8_t operator[](std::size_t i) const { return data()[i]; }
  std::span<const std::uint8_t> span() const { return {data(), size_}; }
  operator std::span<const std::uint8_t>() const { return span(); }
  std::vector<std::uint8_t> copy() const { return {begin(), end()}; }
  friend bool operator==(const SharedBytes& a, const SharedBytes& b) {
    return a.size_ == b.size_ && (a.size_ == 0 || std::memcmp(a.data(), b.data(), a.size_) == 0);
  }

 private:
  std::shared_ptr<const std::vector<std::uint8_t>> owner_;
  std::size_t offset_ = 0;
  std::size_t size_ = 0;
};

}  // namespace wadsmith
