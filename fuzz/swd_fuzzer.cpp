// libFuzzer target: any bytes read as a .SWD either fail with a ParseError or write back
// unchanged.
#include <cstdint>
#include <cstdlib>
#include <span>

#include "io/parse_error.h"
#include "io/swd_codec.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    auto f = wadsmith::readSwd(std::span<const std::uint8_t>(data, size), "fuzz.swd");
    auto out = wadsmith::writeSwd(f);
    if (out.size() != size || !std::equal(out.begin(), out.end(), data)) std::abort();
  } catch (const wadsmith::ParseError&) {
  }
  return 0;
}
