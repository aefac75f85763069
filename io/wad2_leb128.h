// Signed LEB128 as TombLib writes it: 7 bits a byte, low bits first, bit 7 set on every byte
// but the last, the last byte's bit 6 the sign. A value can take more bytes than it needs
// (containers reserve 4, 5 or 10 bytes for their size and patch it in): the padding bytes are
// 0x80 (or 0xFF for a negative value) before a last 0x00 (0x7F).
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace wadsmith::wad2io {

constexpr int kMaxLebBytes = 10;  // 64 bits

// Decodes the number at p. Returns its width in bytes, 0 when the bytes run out first, -1 when
// it is longer than 10 bytes or carries bits past 64 that are not the sign's.
inline int decodeLeb(const std::uint8_t* p, std::size_t available, std::int64_t& out) {
  std::uint64_t r = 0;
  for (int i = 0; i < kMaxLebBytes; ++i) {
    if (static_cast<std::size_t>(i) >= available) return 0;
    const std::uint8_t b = p[i];
    const int shift = 7 * i;
    if (i == kMaxLebBytes - 1) {  // bit 63, then six copies of the sign
      const int low = b & 1;
      if ((b & 0x80) || ((b >> 1) & 0x3F) != (low ? 0x3F : 0)) return -1;
      out = static_cast<std::int64_t>(r | (static_cast<std::uint64_t>(low) << 63));
      return kMaxLebBytes;
    }
    r |= static_cast<std::uint64_t>(b & 0x7F) << shift;
    if (!(b & 0x80)) {
      if (b & 0x40) r |= ~std::uint64_t(0) << (shift + 7);
      out = static_cast<std::int64_t>(r);
      return i + 1;
    }
  }
  return -1;
}

// The fewest bytes that hold v.
inline int minimalLebWidth(std::int64_t v) {
  int n = 1;
  while (v < -64 || v > 63) {
    v >>= 7;
    ++n;
  }
  return n;
}

// v in exactly `width` bytes (width >= minimalLebWidth(v)).
inline void putLeb(std::uint8_t* at, std::int64_t v, int width) {
  for (int i = 0; i < width; ++i) {
    std::uint8_t b = static_cast<std::uint8_t>(v & 0x7F);
    v >>= 7;
    if (i + 1 < width) b |= 0x80;
    at[i] = b;
  }
}

inline void appendLeb(std::vector<std::uint8_t>& out, std::int64_t v, int width = 0) {
  if (width < minimalLebWidth(v)) width = minimalLebWidth(v);
  out.resize(out.size() + static_cast<std::size_t>(width));
  putLeb(out.data() + out.size() - static_cast<std::size_t>(width), v, width);
}

}  // namespace wadsmith::wad2io
