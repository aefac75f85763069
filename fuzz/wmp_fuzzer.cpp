// libFuzzer target: the .wmp text reader, then every static it offers converted (plane
// clipping, the object tree): errors are ParseError or ConvertError only;
// each converted model then built into WAD records and written (fuzz/build_check.h).
#include <cstdint>
#include <span>

#include "fuzz/build_check.h"

#include "io/gs_wmp_reader.h"
#include "io/parse_error.h"
#include "model/foreign/convert_error.h"
#include "model/foreign/gs_convert.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    auto map = wadsmith::gs::readWmp(std::span(data, size), "fuzz.wmp");
    for (const auto& name : wadsmith::gs::wmpStaticNames(map)) {
      try {
        wadsmith::fuzz::buildAndWrite(wadsmith::gs::convertWmp(map, name, {}, wadsmith::foreign::NoTextures{}));
      } catch (const wadsmith::foreign::ConvertError&) {
      }
    }
  } catch (const wadsmith::ParseError&) {
  }
  return 0;
}
