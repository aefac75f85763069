// Little-endian appender; the counterpart of ByteReader.
#pragma once
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

namespace wadsmith {

class ByteWriter {
 public:
  explicit ByteWriter(std::vector<std::uint8_t>& out) : out_(out) {}
  std::size_t pos() const { return out_.size(); }
  // The small writes are forced inline: writers call them per field, millions of times.
  [[gnu::always_inline]] void u8(std::uint8_t v) { out_.push_back(v); }
  void i8(std::int8_t v) { u8(static_cast<std::uint8_t>(v)); }
  [[gnu::always_inline]] void u16(std::uint16_t v) {
    out_.push_back(static_cast<std::uint8_t>(v));
    out_.push_back(static_cast<std::uint8_t>(v >> 8));
  }
  void i16(std::int16_t v) { u16(static_cast<std::uint16_t>(v)); }
  void u32(std::uint32_t v) {
    std::uint8_t b[4] = {static_cast<std::uint8_t>(v), static_cast<std::uint8_t>(v >> 8),
                         static_cast<std::uint8_t>(v >> 16), static_cast<std::uint8_t>(v >> 24)};
    out_.insert(out_.end(), b, b + 4);
  }
  void i32(std::int32_t v) { u32(static_cast<std::uint32_t>(v)); }
  void f32(float f) {
    std::uint32_t v;
    std::memcpy(&v, &f, 4);
    u32(v);
  }
  void bytes(std::span<const std::uint8_t> b) { out_.insert(out_.end(), b.begin(), b.end()); }
  // Appends `n` bytes for the caller to fill with store16 (bulk writers: one capacity check,
  // not one per byte).
  std::uint8_t* extend(std::size_t n) {
    const std::size_t at = out_.size();
    out_.resize(at + n);
    return out_.data() + at;
  }
  static void store16(std::uint8_t*& p, std::uint16_t v) {
    p[0] = static_cast<std::uint8_t>(v);
    p[1] = static_cast<std::uint8_t>(v >> 8);
    p += 2;
  }
  // Overwrite a u32 written earlier (for counts known only after the records).
  void patchU32(std::size_t at, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) out_[at + i] = static_cast<std::uint8_t>(v >> (8 * i));
  }
  std::vector<std::uint8_t>& buffer() { return out_; }

 private:
  std::vector<std::uint8_t>& out_;
};

}  // namespace wadsmith
