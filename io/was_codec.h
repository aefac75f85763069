// The .WAS companion: read and write side by side; writing what was read gives the same bytes.
#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "model/was.h"

namespace wadsmith {

WasFile readWas(std::span<const std::uint8_t> bytes);
std::vector<std::uint8_t> writeWas(const WasFile& was);

}  // namespace wadsmith
