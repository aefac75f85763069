// The companion .WAS file: one `NAME:path` line per object in slot order (movables and the
// sprite sequences of the .SWD, then statics). Lines are kept as read so it writes back unchanged.
#pragma once
#include <string>
#include <vector>

namespace wadsmith {

struct WasLine {
  std::string text;  // without the line ending
  bool crlf = false;
  std::string name() const { return text.substr(0, text.find(':')); }
  friend bool operator==(const WasLine&, const WasLine&) = default;
};

struct WasFile {
  std::vector<WasLine> lines;
  bool finalNewline = true;  // whether the last line had a line ending
  friend bool operator==(const WasFile&, const WasFile&) = default;
};

}  // namespace wadsmith
