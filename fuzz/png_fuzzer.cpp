// libFuzzer target: PNG decoding through libpng (texture pages, glTF images): errors are
// ParseError only.
#include <cstdint>
#include <span>

#include "io/parse_error.h"
#include "io/png_codec.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    wadsmith::png::decode(std::span(data, size), "fuzz.png");
  } catch (const wadsmith::ParseError&) {
  }
  return 0;
}
