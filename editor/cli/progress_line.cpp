#include "editor/cli/progress_line.h"

#include <memory>
#include <string>
#ifdef _WIN32
#include <io.h>
#else
#include <unistd.h>
#endif

namespace wadsmith::cli {

bool stderrIsTerminal() {
#ifdef _WIN32
  return _isatty(_fileno(stderr)) != 0;
#else
  return isatty(fileno(stderr)) != 0;
#endif
}

Progress progressLine(bool quiet, bool terminal, std::FILE* out) {
  if (quiet || !terminal) return {};
  // Spaces over what the last line left (no escape codes: an old Windows console prints them).
  auto shown = std::make_shared<std::size_t>(0);
  return Progress([shown, out](std::size_t done, std::size_t total, std::string_view label) {
    std::string line = done < total || total == 0 ? std::string(label) + " " + std::to_string(done + 1) +
                                                        (total ? "/" + std::to_string(total) : "")
                                                  : "";
    const std::size_t width = line.size();
    if (width < *shown) line.append(*shown - width, ' ');
    std::fprintf(out, "\r%s%s", line.c_str(), width ? "" : "\r");
    std::fflush(out);
    *shown = width;
  });
}

}  // namespace wadsmith::cli
