// libFuzzer target for the level data parser alone (the fuzzer cannot get through zlib to
// reach it otherwise): any bytes either parse and re-serialize identically, or fail cleanly.
#include <cstdint>
#include <cstdlib>
#include <span>

#include "io/parse_error.h"
#include "io/level_codec.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::span<const std::uint8_t> bytes(data, size);
  try {
    wadsmith::Id nextId = 1;
    auto level = wadsmith::readLevelData(bytes, "fuzz.level", std::nullopt, nextId);
    auto out = wadsmith::writeLevelData(level, nextId);
    if (out.size() != size || !std::equal(out.begin(), out.end(), data)) std::abort();
  } catch (const wadsmith::ParseError&) {
  }
  return 0;
}
