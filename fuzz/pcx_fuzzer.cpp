// libFuzzer target: the PCX reader must reject bad bytes with ParseError (never crash, hang or
// allocate for a picture size the file does not hold).
#include <cstdint>
#include <span>

#include "io/parse_error.h"
#include "io/picture_readers.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    wadsmith::foreign::readPcx(std::span(data, size), "fuzz.pcx");
  } catch (const wadsmith::ParseError&) {
  }
  return 0;
}
