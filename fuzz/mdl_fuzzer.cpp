// libFuzzer target: the MDL3/MDL4 reader, then the model converted as a static and as a
// movable (rigid fits, the inferred mesh tree): errors are ParseError or ConvertError only;
// each converted model then built into WAD records and written (fuzz/build_check.h).
#include <cstdint>
#include <span>

#include "fuzz/build_check.h"

#include "io/gs_mdl_reader.h"
#include "io/parse_error.h"
#include "model/foreign/convert_error.h"
#include "model/foreign/gs_convert.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    auto model = wadsmith::gs::readMdl(std::span(data, size), "fuzz.mdl");
    for (bool movable : {false, true}) {
      try {
        wadsmith::fuzz::buildAndWrite(wadsmith::gs::convertMdl(model, "fuzz", movable, {}));
      } catch (const wadsmith::foreign::ConvertError&) {
      }
    }
  } catch (const wadsmith::ParseError&) {
  }
  return 0;
}
