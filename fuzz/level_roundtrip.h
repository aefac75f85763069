// The check every level fuzzer makes: a reader rejects bad bytes with ParseError (never a crash,
// hang or huge allocation), and what it accepts writes back to the same bytes, also when the
// level data is serialized again.
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "io/level_codec.h"
#include "io/parse_error.h"

namespace wadsmith::fuzz {

template <class Read>
void checkLevelRoundTrip(const std::uint8_t* data, std::size_t size, Read read) {
  try {
    const SharedBytes bytes(std::vector<std::uint8_t>(data, data + size));
    auto doc = read(bytes, std::string("fuzz.level"));
    auto out = writeLevel(doc, true);
    if (out.size() != size || !std::equal(out.begin(), out.end(), data)) std::abort();
  } catch (const ParseError&) {
  }
}

}  // namespace wadsmith::fuzz
