// Count-prefixed tables and packages, shared by the WAD and level codecs.
#pragma once
#include <bit>
#include <cstdint>
#include <span>
#include <type_traits>
#include <vector>

#include "io/byte_reader.h"
#include "io/byte_rope.h"
#include "io/byte_writer.h"
#include "io/layout.h"
#include "model/package.h"

namespace wadsmith {

// A u32 count, then records read by `read`. Sets the reader's section first.
template <class T, class ReadFn>
std::vector<T> readTable(ByteReader& r, const char* section, std::size_t recordSize, ReadFn read) {
  r.section(section);
  return r.records(r.u32(), recordSize, section, [&] { return T(read(r)); });
}
template <class T, class WriteFn>
void writeTable(ByteWriter& w, const std::vector<T>& records, WriteFn write) {
  w.u32(static_cast<std::uint32_t>(records.size()));
  for (const auto& rec : records) write(w, rec);
}

// A u32 count of 16- or 32-bit words, then the words: their bytes, bounds-checked once and not
// decoded (a package cut straight into segments), or decoded.
template <class T>
std::span<const std::uint8_t> readWordBytes(ByteReader& r, const char* section) {
  r.section(section);
  return r.bytes(r.count(r.u32(), sizeof(T), section) * sizeof(T));
}
template <class T>
std::vector<T> readWords(ByteReader& r, const char* section) {
  const auto bytes = readWordBytes<T>(r, section);
  return decodeLittleEndian<T>(bytes.data(), bytes.size() / sizeof(T));
}
// Appends words little-endian in one resize (writers of big packages call this).
template <class T>
void appendWords(ByteWriter& w, std::span<const T> words) {
  auto& out = w.buffer();
  if constexpr (std::endian::native == std::endian::little) {  // the file's order: one copy
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(words.data());
    out.insert(out.end(), bytes, bytes + words.size() * sizeof(T));
    return;
  }
  std::size_t at = out.size();
  out.resize(at + words.size() * sizeof(T));
  std::uint8_t* p = out.data() + at;
  for (auto v : words) {
    auto u = static_cast<std::uint32_t>(static_cast<std::make_unsigned_t<T>>(v));
    for (std::size_t k = 0; k < sizeof(T); ++k) *p++ = static_cast<std::uint8_t>(u >> (8 * k));
  }
}

// Where each segment of a package starts and ends, known before anything is written.
template <class T>
void setSegmentPositions(Positions& at, const Package<T>& p) {
  std::uint32_t off = 0;
  for (const auto& s : p.segments) {
    const auto n = static_cast<std::uint32_t>(s.size());
    at.set(s.id, off, off + n);
    off += n;
  }
}
// A package: the count of all elements, then each segment in order.
template <class T>
void writePackage(ByteWriter& w, const Package<T>& p) {
  w.u32(static_cast<std::uint32_t>(p.size()));
  for (const auto& s : p.segments) appendWords<T>(w, s.items);
}
// The same into a rope: on little-endian hosts a segment's words are the file's bytes, so large
// segments become pieces that share the words (Lara's keyframes: a megabyte not copied; a view
// of the file read is compared with it unread).
template <class T>
void writePackage(ByteRope& rope, const Package<T>& p) {
  constexpr std::size_t kShareFrom = 256;  // bytes; smaller segments are cheaper copied
  rope.writer().u32(static_cast<std::uint32_t>(p.size()));
  for (const auto& s : p.segments) {
    const std::size_t bytes = s.size() * sizeof(T);
    if (std::endian::native == std::endian::little && bytes >= kShareFrom)
      rope.append(SharedBytes::ownedBy(s.items.owner(), reinterpret_cast<const std::uint8_t*>(s.items.data()), bytes));
    else
      appendWords<T>(rope.writer(), s.items);
  }
}

}  // namespace wadsmith
