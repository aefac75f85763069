// libFuzzer target: any bytes read as a .WAS write back unchanged.
#include <cstdint>
#include <cstdlib>
#include <span>

#include "io/was_codec.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::span<const std::uint8_t> bytes(data, size);
  auto out = wadsmith::writeWas(wadsmith::readWas(bytes));
  if (out.size() != size || !std::equal(out.begin(), out.end(), data)) std::abort();
  return 0;
}
