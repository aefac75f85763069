#include "io/was_codec.h"

namespace wadsmith {

WasFile readWas(std::span<const std::uint8_t> bytes) {
  WasFile was;
  std::size_t start = 0;
  was.finalNewline = bytes.empty() || bytes.back() == '\n';
  while (start < bytes.size()) {
    std::size_t end = start;
    while (end < bytes.size() && bytes[end] != '\n') ++end;
    WasLine line;
    line.text.assign(bytes.begin() + start, bytes.begin() + end);
    if (end < bytes.size() && !line.text.empty() && line.text.back() == '\r') {
      line.text.pop_back();
      line.crlf = true;
    }
    was.lines.push_back(std::move(line));
    start = end + 1;
  }
  return was;
}

std::vector<std::uint8_t> writeWas(const WasFile& was) {
  std::vector<std::uint8_t> out;
  for (std::size_t i = 0; i < was.lines.size(); ++i) {
    const auto& l = was.lines[i];
    out.insert(out.end(), l.text.begin(), l.text.end());
    if (i + 1 < was.lines.size() || was.finalNewline) {
      if (l.crlf) out.push_back('\r');
      out.push_back('\n');
    }
  }
  return out;
}

}  // namespace wadsmith
