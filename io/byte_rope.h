// Bytes written as a list of pieces: the small parts a writer builds, and the large stored parts
// (compressed chunks, samples, trailers) it only points at. A no-edit level write then copies
// almost nothing; the pieces are flattened only when one buffer is wanted, and compared with
// the original in place for a round-trip check.
#pragma once
#include <algorithm>
#include <cstring>
#include <span>
#include <vector>

#include "io/byte_writer.h"
#include "model/bytes.h"

namespace wadsmith {

class ByteRope {
 public:
  // The piece being built; what is written here comes after the pieces appended so far.
  ByteWriter& writer() { return writer_; }
  // Appends shared bytes without copying them.
  void append(const SharedBytes& bytes) {
    close();
    if (!bytes.empty()) pieces_.push_back(bytes);
  }
  const std::vector<SharedBytes>& pieces() {
    close();
    return pieces_;
  }
  std::size_t size() {
    std::size_t n = 0;
    for (const auto& p : pieces()) n += p.size();
    return n;
  }
  std::vector<std::uint8_t> flatten() {
    std::vector<std::uint8_t> out;
    out.reserve(size());
    for (const auto& p : pieces_) out.insert(out.end(), p.begin(), p.end());
    return out;
  }
  // The first byte where `other` differs from these bytes, or -1 when they are equal. A piece
  // that is `other`'s own bytes at the same place (a slice of the file read) is equal unread.
  long firstDifference(std::span<const std::uint8_t> other) {
    std::size_t at = 0;
    for (const auto& p : pieces()) {
      const std::size_t n = std::min(p.size(), other.size() - std::min(at, other.size()));
      if (p.data() != other.data() + at && std::memcmp(p.data(), other.data() + at, n) != 0)
        return static_cast<long>(at + (std::mismatch(p.begin(), p.begin() + n, other.begin() + at).first - p.begin()));
      at += n;
      if (n < p.size()) return static_cast<long>(at);
    }
    return at == other.size() ? -1 : static_cast<long>(at);
  }

 private:
  void close() {
    if (current_.empty()) return;
    pieces_.push_back(SharedBytes(std::move(current_)));
    current_.clear();
  }
  std::vector<SharedBytes> pieces_;
  std::vector<std::uint8_t> current_;
  ByteWriter writer_{current_};
};

}  // namespace wadsmith
