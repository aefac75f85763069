// libFuzzer target: the TR5 level reader (.trc: its level data and XELA rooms are stored
// uncompressed after the texture chunks), read and written back (fuzz/level_roundtrip.h).
#include "fuzz/level_roundtrip.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  wadsmith::fuzz::checkLevelRoundTrip(data, size, [](const auto& b, const auto& n) { return wadsmith::readLevel(b, n); });
  return 0;
}
