#include <iostream>
#include <sstream>

#include "editor/cli/options.h"
#include "editor/cli/script.h"
#include "editor/usecases/documents.h"
#include "io/document_io.h"
#include "io/file_io.h"
#include "io/utf8_path.h"
#include "undo/history.h"

namespace wadsmith::cli {

namespace {

int applyScript(const std::string& in, const std::string& script, const std::string& out, std::size_t undoCount) {
  // Read through the one file reader: a missing or unreadable script names the OS's reason.
  const auto text = readFileBytes(utf8Path(script));
  std::istringstream input(std::string(text.begin(), text.end()));
  auto steps = parseScript(parseScriptText(input, script));
  History<Document> history(loadDocument(utf8Path(in)), "open " + in);
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
  for (const auto& note : usecases::saveWithCompanions(history.current(), utf8Path(out))) std::cout << "note: " << note << "\n";
  std::cout << "applied " << steps.size() << " operations";
  if (undoCount) std::cout << ", undid " << undoCount;
  std::cout << ", wrote " << out << "\n";
  return 0;
}

}  // namespace

Run applyCommand(CLI::App& c) {
  struct Options {
    std::string in, script, out;
    std::size_t undo = 0;
  };
  auto o = std::make_shared<Options>();
  c.add_option("IN", o->in, "a WAD or a level")->required();
  c.add_option("SCRIPT", o->script, "the edit script (JSON: docs/scripts.md)")->required();
  outputOption(c, o->out, "the file to write; nothing is written on any error");
  c.add_option("--undo", o->undo, "undo the last N operations before writing")->type_name("N");
  examples(c, "  wadsmith apply city.wad rename.json -o renamed.wad\n  wadsmith apply city.wad steps.json --undo 1 -o city2.wad\n");
  return [o] { return applyScript(o->in, o->script, o->out, o->undo); };
}

}  // namespace wadsmith::cli
