// libFuzzer target: merging every object of a source (a WAD or a level) into a destination
// WAD, both cut from one input (fuzz/fuzz_input.h). Counts and first indices the files claim are
// data to the merge: whatever the readers accept merges without a crash, a sanitizer report or
// work beyond the tables' sizes, and the result writes, reads back and writes the same bytes.
#include <cstdlib>

#include "fuzz/fuzz_input.h"
#include "editor/usecases/sources.h"
#include "editor/usecases/bring_in.h"
#include "io/document_io.h"
#include "io/wad_codec.h"
#include "model/merge/merge.h"
#include "model/validate.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace wadsmith;
  const auto parts = fuzz::splitInput(data, size);  // not a structured binding: clang 14 cannot capture one
  const auto dstBytes = parts.first, srcBytes = parts.second;
  fuzz::answers([&] {
    auto dst = readWad(dstBytes, "fuzz-dst.wad");
    const auto source = usecases::documentSource(readDocument(srcBytes, "fuzz-src"), "fuzz-src", "fuzz-src");
    usecases::BringIn args;
    args.all = true;
    args.replace = true;
    args.withRelated = size & 1;
    const auto prepared = source->prepare(args, dst);
    auto result = merge::mergeObjects(dst, prepared.wad, prepared.request);
    const auto out = writeWad(result.doc);
    const auto back = readWad(out, "merged.wad");
    if (writeWad(back) != out) std::abort();
    validate(Document(back));
  });
  return 0;
}
