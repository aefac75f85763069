// Checks a merge result the way the issue asks: re-read the written bytes and compare.
#pragma once
#include "model/merge/merge.h"

namespace wadsmith::test {

// Writes the merged document and reads it back: it round-trips byte for byte; every merged
// object matches its source object (signatures); every other destination object is
// unchanged; no new mesh warnings. Returns the re-read document.
WadDocument checkMerge(const WadDocument& dst, const WadDocument& src, const merge::Result& r);

}  // namespace wadsmith::test
