// `wadsmith validate FILE... [--json] [--strict] [--samples DIR]`: the checks the editor's
// validation panel shows, for scripts and batch checks of many files (WAVs are looked up in DIR,
// else in the samples folder found near each file). Findings are reported, never fixed.
#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "editor/cli/options.h"
#include "editor/cli/progress_line.h"
#include "io/document_io.h"
#include "io/samples_folder.h"
#include "io/level_codec.h"
#include "io/utf8_path.h"
#include "model/validate.h"

namespace wadsmith::cli {

namespace {

// One file's findings, printed to `out` or added to `json`; how many.
std::size_t validateFile(const std::string& file, const std::optional<std::string>& samples, nlohmann::ordered_json* json,
                         std::ostream& out) {
  const auto doc = loadDocument(utf8Path(file));
  auto warnings = validate(doc, validationOptions(samplesFolderFor(utf8Path(file), samples)));
  // A texture chunk that does not inflate: its located error is the finding.
  std::vector<std::string> damaged;
  if (const auto* level = std::get_if<LevelDocument>(&doc)) damaged = damagedChunks(*level);
  const std::size_t n = warnings.size() + damaged.size();
  if (json) {
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const auto& e : damaged) list.push_back({{"where", "file"}, {"what", e}});
    for (const auto& w : warnings) list.push_back({{"where", w.where.text()}, {"what", w.what}});
    json->push_back({{"file", file}, {"warnings", std::move(list)}});
    return n;
  }
  for (const auto& e : damaged) out << e << "\n";
  for (const auto& w : warnings) out << file << ": " << w.where.text() << ": " << w.what << "\n";
  out << file << ": " << n << (n == 1 ? " warning\n" : " warnings\n");
  return n;
}

}  // namespace

Run validateCommand(CLI::App& c) {
  struct Options {
    std::vector<std::string> files;
    std::optional<std::string> samples;
    bool json = false, strict = false, quiet = false;
  };
  auto o = std::make_shared<Options>();
  files(c, "FILE", o->files, "WADs and levels");
  c.add_flag("--json", o->json, "the findings as JSON");
  c.add_flag("--strict", o->strict, "exit 1 when there is any finding (for build scripts)");
  c.add_option("--samples", o->samples, "the folder of the WAVs the sounds name (default: found near each file)")->type_name("DIR");
  c.add_flag("-q,--quiet", o->quiet, "no progress line on the terminal");
  examples(c, "  wadsmith validate --strict city.wad\n  wadsmith validate --json levels/*.tr4\n");
  return [o] {
    const auto progress = progressLine(o->quiet || o->json, stderrIsTerminal());
    nlohmann::ordered_json report = nlohmann::ordered_json::array();
    std::size_t total = 0;
    for (std::size_t i = 0; i < o->files.size(); ++i) {
      progress(i, o->files.size(), "validate " + o->files[i]);
      std::ostringstream out;
      total += validateFile(o->files[i], o->samples, o->json ? &report : nullptr, out);
      progress(o->files.size(), o->files.size(), "");
      std::cout << out.str() << std::flush;
    }
    if (o->json) std::cout << jsonText(report, 2) << "\n";
    // --strict lets a build script stop on findings; by default they are only reported.
    return o->strict && total > 0 ? 1 : 0;
  };
}

}  // namespace wadsmith::cli
