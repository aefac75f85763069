// libFuzzer target: the PFS (.s3d) reader and its block inflation must reject bad bytes with
// ParseError: never crash, hang or allocate for a size nobody stored.
#include <cstdint>
#include <memory>
#include <vector>

#include "io/parse_error.h"
#include "io/pfs_archive.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    auto bytes = std::make_shared<const std::vector<std::uint8_t>>(data, data + size);
    auto archive = wadsmith::eq::readPfs(bytes, "fuzz.s3d");
    for (const auto& e : archive.entries)
      if (e.size <= (16u << 20)) wadsmith::eq::extractPfs(archive, e);  // larger ones cost time, not coverage
  } catch (const wadsmith::ParseError&) {
  }
  return 0;
}
