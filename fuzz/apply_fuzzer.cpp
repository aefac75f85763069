// libFuzzer target: an edit script (JSON, as `wadsmith apply` reads it) run on a WAD or a TR4
// level, both cut from one input (fuzz/fuzz_input.h). Any script either fails with
// `operation N (name): ...` or edits the document; the result writes and reads back to the same
// bytes. Deep JSON, huge and fractional numbers and indices past every table are answers.
#include <cstdlib>
#include <sstream>

#include "editor/cli/script.h"
#include "fuzz/fuzz_input.h"
#include "io/document_io.h"
#include "model/validate.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace wadsmith;
  const auto parts = fuzz::splitInput(data, size);  // not a structured binding: clang 14 cannot capture one
  const auto scriptBytes = parts.first, fileBytes = parts.second;
  fuzz::answers([&] {
    std::istringstream in(std::string(scriptBytes.begin(), scriptBytes.end()));
    const auto steps = cli::parseScript(cli::parseScriptText(in, "fuzz.json"));
    Document doc = readDocument(fileBytes, "fuzz-file");
    for (const auto& s : steps) doc = s.step.run(doc).doc;
    const auto out = encodeDocument(doc);
    const auto back = readDocument(out, "edited");
    if (encodeDocument(back) != out) std::abort();
    validate(back);
  });
  return 0;
}
