// libFuzzer target: the TR4 level reader rejects bad bytes with ParseError (never a crash,
// hang or huge allocation); what it accepts writes back to the same bytes, also when the level
// data is re-serialized.
#include <cstdint>
#include <cstdlib>
#include <span>

#include "io/parse_error.h"
#include "io/level_codec.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::span<const std::uint8_t> bytes(data, size);
  try {
    auto doc = wadsmith::readLevel(bytes, "fuzz.tr4");
    auto out = wadsmith::writeLevel(doc, true);
    if (out.size() != size || !std::equal(out.begin(), out.end(), data)) std::abort();
  } catch (const wadsmith::ParseError&) {
  }
  return 0;
}
