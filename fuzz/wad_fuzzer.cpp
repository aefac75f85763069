// libFuzzer target: the WAD reader must reject bad bytes with ParseError (never crash, hang or
// over-allocate), and whatever it accepts must write back to the same bytes.
#include <cstdint>
#include <cstdlib>
#include <span>

#include "io/parse_error.h"
#include "io/wad_codec.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::span<const std::uint8_t> bytes(data, size);
  try {
    auto doc = wadsmith::readWad(bytes, "fuzz.wad");
    auto out = wadsmith::writeWad(doc);
    if (out.size() != size || !std::equal(out.begin(), out.end(), data)) std::abort();
  } catch (const wadsmith::ParseError&) {
  }
  return 0;
}
