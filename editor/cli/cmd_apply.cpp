#include <iostream>
#include <sstream>

#include "editor/cli/cli.h"
#include "editor/cli/script.h"
#include "editor/usecases/documents.h"
#include "io/document_io.h"
#include "io/file_io.h"
#include "io/utf8_path.h"
#include "undo/history.h"

namespace wadsmith::cli {

int applyCommand(const std::vector<std::string>& argv) {
  auto args = parseArgs(argv, {"o", "output", "undo"}, false);
  auto out = args.get("o") ? args.get("o") : args.get("output");
  if (args.positional.size() != 2 || !out) throw std::runtime_error("usage: wadsmith apply IN SCRIPT.json -o OUT [--undo N]");
  std::size_t undoCount = 0;
  if (auto u = args.get("undo")) {
    try {
      undoCount = std::stoul(*u);
    } catch (const std::exception&) {
      throw std::runtime_error("--undo needs a number");
    }
  }
  // Read through the one file reader: a missing or unreadable script names the OS's reason.
  const auto text = readFileBytes(utf8Path(args.positional[1]));
  std::istringstream in(std::string(text.begin(), text.end()));
  auto steps = parseScript(parseScriptText(in, args.positional[1]));
  History<Document> history(loadDocument(utf8Path(args.positional[0])), "open " + args.positional[0]);
  for (std::size_t i = 0; i < steps.size(); ++i) {
    ops::Edited result;
    try {
      result = steps[i].step.run(history.current());
    } catch (const std::exception& e) {
      throw ScriptError(i, steps[i].op, e.what());
    }
    for (const auto& w : result.warnings) std::cout << "warning: operation " << i << " (" << steps[i].op << "): " << w << "\n";
    history.push(std::move(result.doc), steps[i].step.label);
  }
  if (undoCount > steps.size())
    throw std::runtime_error("--undo " + std::to_string(undoCount) + " is more than the " + std::to_string(steps.size()) +
                             " operations");
  for (std::size_t i = 0; i < undoCount; ++i) history.undo();
  usecases::saveWithCompanions(history.current(), utf8Path(*out));
  std::cout << "applied " << steps.size() << " operations";
  if (undoCount) std::cout << ", undid " << undoCount;
  std::cout << ", wrote " << *out << "\n";
  return 0;
}

}  // namespace wadsmith::cli
