// libFuzzer target: the TR1-3 level reader (.phd, .tr2; uncompressed, so the fuzzer reaches the
// rooms, meshes and object tables directly), read and written back (fuzz/level_roundtrip.h).
#include "fuzz/level_roundtrip.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  wadsmith::fuzz::checkLevelRoundTrip(data, size,
                                      [](const auto& b, const auto& n) { return wadsmith::readLevel(b, n); });
  return 0;
}
