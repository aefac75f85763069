#include <iomanip>
#include <iostream>
#include <optional>

#include "editor/cli/cli.h"
#include "editor/cli/level_samples.h"
#include "io/document_io.h"
#include "io/merge_source.h"
#include "io/wad_codec.h"
#include "io/wad_files.h"
#include "io/utf8_path.h"
#include "model/catalog.h"
#include "model/merge/merge.h"

namespace wadsmith::cli {
namespace {

// A slot number, or a slot name from the catalog of `game` (the source's for --movable and
// --static, TR4's for --as): `--movable LARA`, `--movable WOLF --as 60` out of a TR1 level.
std::uint32_t slotArg(const std::string& s, const char* what, bool movable, Game game) {
  try {
    std::size_t used = 0;
    unsigned long v = std::stoul(s, &used);
    if (used == s.size() && v <= 0xFFFF) return static_cast<std::uint32_t>(v);
  } catch (const std::exception&) {
  }
  if (auto slot = movable ? catalog::movableSlot(s, game) : catalog::staticSlot(s, game)) return *slot;
  throw std::runtime_error(std::string(what) + " needs a slot number or " + gameName(game) + (movable ? " movable" : " static") +
                           " name, got '" + s + "'");
}

void print(const merge::Report& r, const std::vector<std::string>& notes, std::optional<Game> sourceGame) {
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
    // Sound ids index the game's sound map: TR4's names fit only TR4's (and a WAD's) ids.
    const bool tr4 = !sourceGame || *sourceGame == Game::TR4;
    std::cout << "sound ids the merged animations play" << (tr4 ? "" : " (" + gameName(*sourceGame) + "'s numbering)") << ":";
    for (auto s : r.sounds) std::cout << " " << s;
    std::cout << "\n";
    if (tr4) {
      std::cout << "  ";
      for (auto s : r.sounds) std::cout << " " << catalog::soundName(s).value_or("?");
      std::cout << "\n";
    }
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
  auto args = parseArgs(argv, {"into", "from", "movable", "static", "as", "o", "output", "main-sfx", flag("all"), flag("replace"),
                               flag("with-related")}, false);
  auto into = args.get("into"), from = args.get("from");
  auto out = args.get("o") ? args.get("o") : args.get("output");
  if (!into || !from || !out || !args.positional.empty())
    throw std::runtime_error(
        "usage: wadsmith merge --into DST --from SRC (--movable ID | --static ID | --all) [--replace | --as NEWID] "
        "[--with-related] [--main-sfx FILE] -o OUT");
  // Names resolve by the source's game: read it first.
  const auto source = loadMergeSource(utf8Path(*from));
  const Game sourceGame = source.game.value_or(Game::TR4);
  const SharedBytes mainSfx = readMainSfx(source, args.get("main-sfx"));
  merge::Request req;
  for (const auto& m : args.all("movable")) req.movables.push_back(slotArg(m, "--movable", true, sourceGame));
  for (const auto& s : args.all("static")) req.statics.push_back(slotArg(s, "--static", false, sourceGame));
  req.all = args.has("all");
  req.replace = args.has("replace");
  if (auto as = args.get("as")) req.as = slotArg(*as, "--as", req.statics.empty(), Game::TR4);
  req.withRelated = args.has("with-related");
  if (req.replace && req.as) throw std::runtime_error("--replace and --as exclude each other");
  if (req.all && (!req.movables.empty() || !req.statics.empty()))
    throw std::runtime_error("--all merges everything: no --movable/--static with it");

  auto dst = loadDocument(utf8Path(*into));
  auto* wad = std::get_if<WadDocument>(&dst);
  if (!wad) throw std::runtime_error(*into + ": the destination must be a WAD");
  describeSource(source, req);
  auto result = merge::mergeObjects(*wad, source.wad, req);
  const auto notes = mergeNotes(source, result.report);
  writeWad(result.doc);  // throws here, before anything is printed or written, if it does not fit
  print(result.report, notes, source.game);
  // TR1-3 samples behind the merged sound ids: WAV files in samples/ beside OUT.
  const auto outPath = utf8Path(*out);
  for (const auto& line : writeLevelSamples(source, result.report.sounds, mainSfx, outPath.parent_path() / "samples",
                                            "samples/ beside " + *out))
    std::cout << line << "\n";
  saveWad(result.doc, outPath);
  std::cout << "wrote " << *out << "\n";
  return 0;
}

}  // namespace wadsmith::cli
