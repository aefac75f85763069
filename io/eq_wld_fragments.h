// Parsers of the fragment bodies the converters use, one per type; internal to the reader.
#pragma once
#include "io/byte_reader.h"
#include "model/foreign/eq_wld.h"

namespace wadsmith::eq {

// `r` spans the body after the name reference. Returns monostate for types not parsed.
FragmentBody parseFragmentBody(std::uint32_t type, ByteReader& r, const World& world);

}  // namespace wadsmith::eq
