// For the model fuzzers: what a converter made, built into WAD records (model/import) with and
// without fitting TR's range, written and read back. Errors are BuildError only; a build that
// succeeds writes bytes that read back to the same bytes.
#pragma once
#include <cstdlib>

#include "io/parse_error.h"
#include "io/wad_codec.h"
#include "model/import/build.h"

namespace wadsmith::fuzz {

inline void buildAndWrite(const imported::Model& m) {
  for (bool fit : {false, true}) {
    try {
      import::BuildOptions o;
      o.fitToRange = fit;
      o.maxSampleSize = 32;  // the fuzzer's time goes to the records, not to resampling pixels
      auto built = import::buildWad({{&m, m.movable ? 427u : 10u}}, o);
      auto bytes = writeWad(built.wad);
      if (writeWad(readWad(bytes, "built")) != bytes) std::abort();
    } catch (const import::BuildError&) {
    }
  }
}

}  // namespace wadsmith::fuzz
