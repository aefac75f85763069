// libFuzzer target: WadTool's .anim files. The reader must reject bad bytes with ParseError
// (never crash, hang or over-allocate); whatever it accepts must write back to XML that reads
// to the same animation (the name aside: XML normalises its line ends).
#include <cstdint>
#include <cstdlib>
#include <span>

#include "io/anim_xml.h"
#include "io/parse_error.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  wadsmith::anim::AnimFile file;
  try {
    file = wadsmith::readAnimFile(std::span<const std::uint8_t>(data, size), "fuzz.anim");
  } catch (const wadsmith::ParseError&) {
    return 0;
  }
  auto again = wadsmith::readAnimFile(wadsmith::writeAnimFile(file), "again.anim");
  again.name = file.name;
  if (!(again == file)) std::abort();
  return 0;
}
