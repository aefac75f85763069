// libFuzzer target: the .wld reader, then every model it offers converted: bad bytes end in
// ParseError, parts that do not fit in ConvertError, never a crash or a hang;
// each converted model then built into WAD records and written (fuzz/build_check.h).
#include <cstdint>
#include <span>

#include "fuzz/build_check.h"

#include "io/eq_wld_reader.h"
#include "io/parse_error.h"
#include "model/foreign/convert_error.h"
#include "model/foreign/eq_convert.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    auto world = wadsmith::eq::readWld(std::span(data, size), "fuzz.wld");
    for (const auto& m : wadsmith::eq::findModels(world)) {
      try {
        wadsmith::fuzz::buildAndWrite(wadsmith::eq::convertModel(world, m, {}, wadsmith::foreign::NoTextures{}));
      } catch (const wadsmith::foreign::ConvertError&) {
      }
    }
  } catch (const wadsmith::ParseError&) {
  }
  return 0;
}
