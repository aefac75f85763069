// libFuzzer target: any bytes read as a .SFX (with TRLE's 370-entry map and TRNG's 2048) either
// fail with a ParseError or write back unchanged; a .SAM read beside them must fit too.
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "io/parse_error.h"
#include "io/sound_codec.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::vector<std::uint8_t> sfx(data, data + size);
  for (std::uint32_t version : {129u, 130u}) {
    try {
      auto s = wadsmith::readWadSounds(&sfx, nullptr, version, "fuzz.sfx");
      if (wadsmith::writeSfx(s) != sfx) std::abort();
    } catch (const wadsmith::ParseError&) {
    }
  }
  // The same bytes as a .SAM beside a .SFX that names no samples: the lines come back.
  const std::vector<std::uint8_t> empty(370 * 2 + 8, 0xFF);
  std::vector<std::uint8_t> noInfos = empty;
  for (std::size_t i = 740; i < noInfos.size(); ++i) noInfos[i] = 0;
  auto s = wadsmith::readWadSounds(&noInfos, &sfx, 129, "fuzz.sfx");
  if (wadsmith::writeSam(s) != sfx) std::abort();
  return 0;
}
