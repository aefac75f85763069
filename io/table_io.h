// Count-prefixed tables and packages, shared by the WAD and level codecs.
#pragma once
#include <cstdint>
#include <vector>

#include "io/byte_reader.h"
#include "io/byte_writer.h"
#include "io/layout.h"
#include "model/package.h"

namespace wadsmith {

// A u32 count, then records read by `read`. Sets the reader's section first.
template <class T, class ReadFn>
std::vector<T> readTable(ByteReader& r, const char* section, std::size_t recordSize, ReadFn read) {
  r.section(section);
  std::size_t n = r.count(r.u32(), recordSize, section);
  std::vector<T> out;
  out.reserve(n);
  for (std::size_t i = 0; i < n; ++i) out.push_back(read(r));
  return out;
}
template <class T, class WriteFn>
void writeTable(ByteWriter& w, const std::vector<T>& records, WriteFn write) {
  w.u32(static_cast<std::uint32_t>(records.size()));
  for (const auto& rec : records) write(w, rec);
}

// A u32 count of 16- or 32-bit words, then the words.
template <class T>
std::vector<T> readWords(ByteReader& r, const char* section) {
  r.section(section);
  std::size_t n = r.count(r.u32(), sizeof(T), section);
  std::vector<T> out(n);
  for (auto& v : out) v = static_cast<T>(sizeof(T) == 2 ? r.u16() : r.u32());
  return out;
}
template <class T>
void writeWords(ByteWriter& w, const std::vector<T>& words) {
  w.u32(static_cast<std::uint32_t>(words.size()));
  for (auto v : words) {
    if constexpr (sizeof(T) == 2)
      w.u16(static_cast<std::uint16_t>(v));
    else
      w.u32(static_cast<std::uint32_t>(v));
  }
}

// A package: the count of all elements, then each segment in order; records segment starts.
template <class T>
void writePackage(ByteWriter& w, const Package<T>& p, Positions& at) {
  w.u32(static_cast<std::uint32_t>(p.size()));
  std::uint32_t off = 0;
  for (const auto& s : p.segments) {
    at.set(s.id, off);
    off += static_cast<std::uint32_t>(s.size());
    for (auto v : *s.items) {
      if constexpr (sizeof(T) == 2)
        w.u16(static_cast<std::uint16_t>(v));
      else
        w.u32(static_cast<std::uint32_t>(v));
    }
  }
}

template <class T>
void setPositions(Positions& at, const std::vector<T>& records) {
  for (std::size_t i = 0; i < records.size(); ++i) at.set(records[i].id, static_cast<std::uint32_t>(i));
}

}  // namespace wadsmith
