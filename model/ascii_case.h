// Case folding for names and extensions compared without case: ASCII only, never the locale's
// (a Turkish locale must not turn "WAD" into "wad" with a dotless i).
#pragma once
#include <string>
#include <string_view>

namespace wadsmith {

inline std::string asciiLower(std::string_view s) {
  std::string out(s);
  for (auto& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

}  // namespace wadsmith
