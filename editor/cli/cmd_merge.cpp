#include <iomanip>
#include <iostream>
#include <optional>

#include "editor/cli/cli.h"
#include "io/document_io.h"
#include "io/merge_source.h"
#include "io/wad_codec.h"
#include "io/wad_files.h"
#include "io/utf8_path.h"
#include "model/catalog.h"
#include "model/merge/merge.h"

namespace wadsmith::cli {
namespace {

void print(const merge::Report& r, const std::vector<std::string>& notes) {
  for (const auto& m : r.merged)
    std::cout << "merged " << (m.movable ? "movable " : "static ") << m.sourceSlot << " as " << m.slot << " " << m.name
              << ": " << m.meshes << " meshes (" << m.meshesShared << " already there), " << m.animations << " animations"
              << (m.replaced ? " (replaced the destination's)" : "") << (m.related ? " (related)" : "") << "\n";
  std::cout << "meshes: " << r.meshesAdded << " added, " << r.meshesShared << " shared with identical destination meshes\n";
  const auto& t = r.textures;
  std::cout << "texture samples: " << t.samplesNeeded << " used by the merged faces: " << r.samplesReused << " reused, "
            << t.pixelsReused << " new records over pixels already there, " << t.samplesPacked << " packed as "
            << t.blocksPacked << " blocks (" << t.packedArea << " pixels)\n";
  std::cout << std::fixed << std::setprecision(1) << "texture pages: " << r.pagesBefore << " before, " << r.pagesAfter
            << " after; packing efficiency " << 100 * r.efficiency << "% (appending the source pages whole: "
            << r.appendPages << " pages, " << 100 * r.appendEfficiency << "%)\n";
  if (!r.sounds.empty()) {
    std::cout << "sound ids the merged animations play:";
    for (auto s : r.sounds) std::cout << " " << s;
    std::cout << "\n  ";
    for (auto s : r.sounds) std::cout << " " << catalog::soundName(s).value_or("?");
    std::cout << "\n";
  }
  for (const auto& rel : r.related)
    std::cout << (rel.brought ? "related slot brought: " : "related slot missing in the destination: ")
              << merge::describe(rel.slot) << " for " << merge::describe(rel.neededBy) << " (" << rel.why << ")"
              << (rel.brought ? "" : "; --with-related brings it") << "\n";
  for (const auto& n : notes) std::cout << "note: " << n << "\n";
  for (const auto& w : r.warnings) std::cout << "warning: " << w << "\n";
}

}  // namespace

int mergeCommand(const std::vector<std::string>& argv) {
  auto args = parseArgs(argv, {"into", "from", "movable", "static", "as", "o", "output", flag("all"), flag("replace"), flag("with-related")}, false);
  auto into = args.get("into"), from = args.get("from");
  auto out = args.get("o") ? args.get("o") : args.get("output");
  if (!into || !from || !out || !args.positional.empty())
    throw std::runtime_error(
        "usage: wadsmith merge --into DST --from SRC (--movable ID | --static ID | --all) [--replace | --as NEWID] "
        "[--with-related] -o OUT");
  merge::Request req;
  for (const auto& m : args.all("movable")) req.movables.push_back(slotArg(m, "--movable", true));
  for (const auto& s : args.all("static")) req.statics.push_back(slotArg(s, "--static", false));
  req.all = args.has("all");
  req.replace = args.has("replace");
  if (auto as = args.get("as")) req.as = slotArg(*as, "--as", req.statics.empty());
  req.withRelated = args.has("with-related");
  if (req.replace && req.as) throw std::runtime_error("--replace and --as exclude each other");
  if (req.all && (!req.movables.empty() || !req.statics.empty()))
    throw std::runtime_error("--all merges everything: no --movable/--static with it");

  auto dst = loadDocument(utf8Path(*into));
  auto* wad = std::get_if<WadDocument>(&dst);
  if (!wad) throw std::runtime_error(*into + ": the destination must be a WAD");
  const auto source = loadMergeSource(utf8Path(*from));
  req.sourceLabel = source.label;
  auto result = merge::mergeObjects(*wad, source.wad, req);
  std::vector<ObjectRef> merged;
  for (const auto& m : result.report.merged) merged.push_back(m.source());
  auto notes = source.notesFor(merged);
  writeWad(result.doc);  // throws here, before anything is printed or written, if it does not fit
  print(result.report, notes);
  saveWad(result.doc, utf8Path(*out));
  std::cout << "wrote " << *out << "\n";
  return 0;
}

}  // namespace wadsmith::cli
