// Errors name the file, the section and the byte offset so a user can find the bad bytes.
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace wadsmith {

class ParseError : public std::runtime_error {
 public:
  ParseError(std::string file, std::string section, std::uint64_t offset, std::string what)
      : std::runtime_error(file + ": section " + section + " at byte " + std::to_string(offset) + ": " + what),
        file_(std::move(file)),
        section_(std::move(section)),
        offset_(offset),
        problem_(std::move(what)) {}
  const std::string& file() const { return file_; }
  const std::string& section() const { return section_; }
  std::uint64_t offset() const { return offset_; }
  const std::string& problem() const { return problem_; }

 private:
  std::string file_, section_;
  std::uint64_t offset_;
  std::string problem_;
};

// A document that cannot be written in the format (an index past a field's range...).
class WriteError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// File bytes quoted in an error (a chunk id or type, a word): bytes outside printable ASCII as
// \xNN, so a damaged file's control bytes cannot cut or garble the one-line message.
// `keepHigh` keeps the bytes from 0x80 as they are (text that may be UTF-8).
inline std::string printable(std::string_view text, bool keepHigh = false) {
  static const char* const kHex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : text)
    if (c >= 0x20 && (c < 0x7F || (keepHigh && c > 0x7F)))
      out += static_cast<char>(c);
    else
      out += std::string("\\x") + kHex[c >> 4] + kHex[c & 15];
  return out;
}

}  // namespace wadsmith
