// libFuzzer target for the level data parser alone (the fuzzer cannot get through zlib to
// reach TR4's otherwise): any bytes, read as each game's level data, either parse and
// serialize again identically, or fail cleanly.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "io/level_codec.h"
#include "io/parse_error.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const wadsmith::SharedBytes bytes(std::vector<std::uint8_t>(data, data + size));
  for (const auto& layout : wadsmith::levelLayouts()) {  // every game's entry
    try {
      wadsmith::Id nextId = 1;
      auto level = wadsmith::readLevelData(bytes, layout.game, "fuzz.level", std::nullopt, nextId);
      auto out = wadsmith::writeLevelData(level, nextId);
      if (out.size() != size || !std::equal(out.begin(), out.end(), data)) std::abort();
    } catch (const wadsmith::ParseError&) {
    }
  }
  return 0;
}
