// `wadsmith validate FILE... [--json] [--strict] [--samples DIR]`: the checks the editor's
// validation panel shows, for scripts and batch checks of many files (WAVs are looked up in DIR,
// else in the samples folder found near each file). Findings are reported, never fixed.
#include <iostream>

#include <nlohmann/json.hpp>

#include "editor/cli/cli.h"
#include "io/document_io.h"
#include "io/samples_folder.h"
#include "io/level_codec.h"
#include "io/utf8_path.h"
#include "model/validate.h"

namespace wadsmith::cli {

int validateCommand(const std::vector<std::string>& argv) {
  auto args = parseArgs(argv, {flag("json"), flag("strict"), "samples"}, false);
  if (args.positional.empty()) throw std::runtime_error("usage: wadsmith validate FILE... [--json] [--strict] [--samples DIR]");
  nlohmann::ordered_json report = nlohmann::ordered_json::array();
  std::size_t total = 0;
  for (const auto& file : args.positional) {
    const auto doc = loadDocument(utf8Path(file));
    auto warnings = validate(doc, validationOptions(samplesFolderFor(utf8Path(file), args.get("samples"))));
    // A texture chunk that does not inflate: its located error is the finding.
    std::vector<std::string> damaged;
    if (const auto* level = std::get_if<LevelDocument>(&doc)) damaged = damagedChunks(*level);
    total += warnings.size() + damaged.size();
    if (args.has("json")) {
      nlohmann::ordered_json list = nlohmann::ordered_json::array();
      for (const auto& e : damaged) list.push_back({{"where", "file"}, {"what", e}});
      for (const auto& w : warnings) list.push_back({{"where", w.where.text()}, {"what", w.what}});
      report.push_back({{"file", file}, {"warnings", std::move(list)}});
      continue;
    }
    for (const auto& e : damaged) std::cout << e << "\n";
    for (const auto& w : warnings) std::cout << file << ": " << w.where.text() << ": " << w.what << "\n";
    const std::size_t n = warnings.size() + damaged.size();
    std::cout << file << ": " << n << (n == 1 ? " warning\n" : " warnings\n");
  }
  if (args.has("json")) std::cout << jsonText(report, 2) << "\n";
  // --strict lets a build script stop on findings; by default they are only reported.
  return args.has("strict") && total > 0 ? 1 : 0;
}

}  // namespace wadsmith::cli
