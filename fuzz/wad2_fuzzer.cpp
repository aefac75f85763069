// libFuzzer target: the wad2 reader must reject bad bytes with ParseError (never crash, hang or
// over-allocate), whatever it accepts must write back to the same bytes, and small accepted
// files must convert to a classic WAD and back without anything but reported errors.
#include <cstdint>
#include <cstdlib>
#include <span>

#include "fuzz/fuzz_input.h"
#include "io/parse_error.h"
#include "io/wad2_codec.h"
#include "io/wad_codec.h"
#include "model/wad2/from_classic.h"
#include "model/wad2/to_classic.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::span<const std::uint8_t> bytes(data, size);
  wadsmith::wad2::Document doc;
  try {
    doc = wadsmith::readWad2(bytes, "fuzz.wad2");
  } catch (const wadsmith::ParseError&) {
    return 0;
  }
  std::vector<std::uint8_t> out;
  wadsmith::fuzz::answers([&] { out = wadsmith::writeWad2(doc); });
  if (out.size() != size || !std::equal(out.begin(), out.end(), data)) std::abort();
  if (size > (16u << 10)) return 0;  // the builder's work grows with what it is given: keep runs short
  wadsmith::fuzz::answers([&] {
    const auto classic = wadsmith::wad2::toClassic(doc);
    wadsmith::writeWad(classic.wad);
    wadsmith::writeWad2(wadsmith::wad2::fromClassic(classic.wad));
  });
  return 0;
}
