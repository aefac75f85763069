// Bounds-checked little-endian cursor over a byte span. Every read checks the span; a failed
// read throws ParseError with the file, the current section and the absolute byte offset.
#pragma once
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "io/parse_error.h"
#include "model/bytes.h"

namespace wadsmith {


class ByteReader {
 public:
  // `base` is the absolute offset of bytes[0] in the file, for error messages.
  ByteReader(std::span<const std::uint8_t> bytes, std::string file, std::uint64_t base = 0)
      : bytes_(bytes), file_(std::move(file)), base_(base) {}

  void section(std::string_view name) { section_ = name; }
  const std::string& sectionName() const { return section_; }
  const std::string& fileName() const { return file_; }

  std::size_t pos() const { return pos_; }
  std::uint64_t absolute() const { return base_ + pos_; }
  std::uint64_t absolute(std::size_t at) const { return base_ + at; }
  std::size_t size() const { return bytes_.size(); }
  std::size_t remaining() const { return bytes_.size() - pos_; }
  bool atEnd() const { return pos_ == bytes_.size(); }
  std::span<const std::uint8_t> all() const { return bytes_; }

  void seek(std::size_t at) {
    if (at > bytes_.size()) fail("seek to " + std::to_string(at) + " past the end", pos_);
    pos_ = at;
  }

  std::uint8_t u8() { return *take(1); }
  std::int8_t i8() { return static_cast<std::int8_t>(u8()); }
  std::uint16_t u16() {
    const auto* p = take(2);
    return static_cast<std::uint16_t>(p[0] | (p[1] << 8));
  }
  std::int16_t i16() { return static_cast<std::int16_t>(u16()); }
  std::uint32_t u32() { return u32At({take(4), 4}); }
  std::int32_t i32() { return static_cast<std::int32_t>(u32()); }
  float f32() {
    std::uint32_t v = u32();
    float f;
    std::memcpy(&f, &v, 4);
    return f;
  }
  std::span<const std::uint8_t> bytes(std::size_t n) {
    const auto* p = take(n);
    return {p, n};
  }
  std::vector<std::uint8_t> copy(std::size_t n) {
    const auto b = bytes(n);
    return {b.begin(), b.end()};
  }

  // Checks that `count` records of `recordSize` bytes fit in what is left, before anything is
  // allocated for them; a corrupt count then fails here instead of allocating gigabytes.
  std::size_t count(std::uint64_t count, std::size_t recordSize, std::string_view what) {
    if (recordSize != 0 && count > remaining() / recordSize)
      fail(std::string(what) + " count " + std::to_string(count) + " needs " +
               std::to_string(count * recordSize) + " bytes, only " + std::to_string(remaining()) + " left",
           pos_);
    return static_cast<std::size_t>(count);
  }
  // `n` records of at least `recordSize` bytes, the count checked first, each the next `read()`.
  template <class Read>
  auto records(std::uint64_t n, std::size_t recordSize, std::string_view what, Read read) {
    std::vector<decltype(read())> out(count(n, recordSize, what));
    for (auto& x : out) x = read();
    return out;
  }

  [[noreturn]] void fail(const std::string& what) const { fail(what, pos_); }
  [[noreturn]] void fail(const std::string& what, std::size_t at) const {
    throw ParseError(file_, section_.empty() ? "?" : section_, base_ + at, what);
  }

 private:
  const std::uint8_t* take(std::size_t n) {
    if (n > remaining()) [[unlikely]]
      failShort(n);
    const auto* p = bytes_.data() + pos_;
    pos_ += n;
    return p;
  }
  // Kept out of line so the checked reads stay small enough to inline.
  [[noreturn, gnu::noinline, gnu::cold]] void failShort(std::size_t n) const {
    fail("unexpected end of data: need " + std::to_string(n) + " bytes, " + std::to_string(remaining()) + " left");
  }

  std::span<const std::uint8_t> bytes_;
  std::string file_;
  std::uint64_t base_ = 0;
  std::size_t pos_ = 0;
  std::string section_;
};

}  // namespace wadsmith
