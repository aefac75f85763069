// libFuzzer target: merging every object of a source (a WAD or a TR4 level) into a destination
// WAD, both cut from one input (fuzz/fuzz_input.h). Counts and first indices the files claim are
// data to the merge: whatever the readers accept merges without a crash, a sanitizer report or
// work beyond the tables' sizes, and the result writes, reads back and writes the same bytes.
#include <cstdlib>

#include "fuzz/fuzz_input.h"
#include "io/document_io.h"
#include "io/merge_source.h"
#include "io/wad_codec.h"
#include "model/merge/merge.h"
#include "model/validate.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace wadsmith;
  const auto parts = fuzz::splitInput(data, size);  // not a structured binding: clang 14 cannot capture one
  const auto dstBytes = parts.first, srcBytes = parts.second;
  fuzz::answers([&] {
    auto dst = readWad(dstBytes, "fuzz-dst.wad");
    auto source = mergeSourceOf(readDocument(srcBytes, "fuzz-src"), "fuzz-src");
    merge::Request request;
    request.all = true;
    request.replace = true;
    request.withRelated = size & 1;
    request.sourceLabel = source.label;
    auto result = merge::mergeObjects(dst, source.wad, request);
    const auto out = writeWad(result.doc);
    const auto back = readWad(out, "merged.wad");
    if (writeWad(back) != out) std::abort();
    validate(Document(back));
  });
  return 0;
}
