#include <iostream>

#include "editor/cli/cli.h"
#include "io/file_io.h"
#include "io/wad_codec.h"

namespace wadsmith::cli {

int roundtripCommand(const std::vector<std::string>& argv) {
  auto args = parseArgs(argv, {});
  if (args.positional.empty()) throw std::runtime_error("usage: wadsmith roundtrip FILE...");
  int rc = 0;
  for (const auto& f : args.positional) {
    try {
      auto bytes = readFileBytes(f);
      auto out = writeWad(readWad(bytes, f));
      if (out == bytes) {
        std::cout << "identical " << f << "\n";
        continue;
      }
      std::size_t i = 0;
      while (i < out.size() && i < bytes.size() && out[i] == bytes[i]) ++i;
      std::string section = "?";
      for (const auto& s : wadSectionSpans(bytes))
        if (i >= s.begin && i < s.end) section = s.name;
      std::cout << "different " << f << " first at byte " << i << " (section " << section << ")\n";
      rc = 1;
    } catch (const std::exception& e) {
      std::cout << "error " << e.what() << "\n";
      rc = 1;
    }
  }
  return rc;
}

}  // namespace wadsmith::cli
