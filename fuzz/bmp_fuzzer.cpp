// libFuzzer target: the BMP reader must reject bad bytes with ParseError (never crash, hang or
// allocate for a picture size the file does not hold).
#include <cstdint>
#include <span>

#include "io/parse_error.h"
#include "io/picture_readers.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    wadsmith::foreign::readBmp(std::span(data, size), "fuzz.bmp");
  } catch (const wadsmith::ParseError&) {
  }
  return 0;
}
