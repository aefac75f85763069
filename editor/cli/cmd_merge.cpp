#include <iomanip>
#include <iostream>

#include "editor/cli/cli.h"
#include "io/document_io.h"
#include "io/tr4_codec.h"
#include "io/wad_files.h"
#include "model/merge/level_extract.h"
#include "model/merge/merge.h"

namespace wadsmith::cli {
namespace {

std::uint32_t slotArg(const std::string& s, const char* what) {
  try {
    std::size_t used = 0;
    unsigned long v = std::stoul(s, &used);
    if (used != s.size() || v > 0xFFFF) throw std::invalid_argument(s);
    return static_cast<std::uint32_t>(v);
  } catch (const std::exception&) {
    throw std::runtime_error(std::string(what) + " needs a slot number, got '" + s + "'");
  }
}

// A WAD, or the objects of a TR4 level as a WAD (their textures cut from the level's tiles).
WadDocument sourceWad(const std::string& path, std::vector<std::string>& notes) {
  auto doc = loadDocument(path);
  if (auto* w = std::get_if<WadDocument>(&doc)) return *w;
  const auto& level = std::get<LevelDocument>(doc);
  auto tiles = chunkPayload(level.tiles32, "32-bit tiles chunk");
  auto extracted = merge::extractLevelObjects(level, tiles);
  for (auto& n : extracted.notes) notes.push_back(std::move(n));
  return std::move(extracted.wad);
}

}  // namespace

int mergeCommand(const std::vector<std::string>& argv) {
  auto args = parseArgs(argv, {"into", "from", "movable", "static", "as", "o", "output"});
  auto into = args.get("into"), from = args.get("from");
  auto out = args.get("o") ? args.get("o") : args.get("output");
  if (!into || !from || !out || !args.positional.empty())
    throw std::runtime_error(
        "usage: wadsmith merge --into DST --from SRC (--movable ID | --static ID | --all) [--replace | --as NEWID] "
        "[--with-related] -o OUT");
  merge::Request req;
  for (const auto& m : args.all("movable")) req.movables.push_back(slotArg(m, "--movable"));
  for (const auto& s : args.all("static")) req.statics.push_back(slotArg(s, "--static"));
  req.all = args.has("all");
  req.replace = args.has("replace");
  if (auto as = args.get("as")) req.as = slotArg(*as, "--as");
  req.withRelated = args.has("with-related");
  if (req.replace && req.as) throw std::runtime_error("--replace and --as exclude each other");
  if (req.all && (!req.movables.empty() || !req.statics.empty()))
    throw std::runtime_error("--all merges everything: no --movable/--static with it");

  auto dst = loadDocument(*into);
  auto* wad = std::get_if<WadDocument>(&dst);
  if (!wad) throw std::runtime_error(*into + ": the destination must be a WAD");
  std::vector<std::string> notes;
  WadDocument src = sourceWad(*from, notes);
  auto result = merge::mergeObjects(*wad, src, req);
  const auto& r = result.report;

  for (const auto& m : r.merged)
    std::cout << "merged " << (m.movable ? "movable " : "static ") << m.sourceSlot << " as " << m.slot << " " << m.name
              << (m.replaced ? " (replaced the destination's)" : "") << "\n";
  std::cout << "meshes: " << r.meshesAdded << " added, " << r.meshesShared << " shared with identical destination meshes\n";
  std::cout << "texture samples: " << r.samplesAdded << " added, " << r.samplesReused << " reused\n";
  std::cout << std::fixed << std::setprecision(1) << "texture pages: " << r.pagesBefore << " before, " << r.pagesAfter
            << " after; packing efficiency " << 100 * r.efficiency << "% (appending the source pages whole: "
            << r.appendPages << " pages, " << 100 * r.appendEfficiency << "%)\n";
  if (!r.sounds.empty()) {
    std::cout << "sound ids the merged animations play:";
    for (auto s : r.sounds) std::cout << " " << s;
    std::cout << "\n";
  }
  for (const auto& rel : r.relatedMissing) std::cout << "related slot missing in the destination: " << rel << " (use --with-related)\n";
  for (const auto& n : notes) std::cout << "note: " << n << "\n";
  for (const auto& w : r.warnings) std::cout << "warning: " << w << "\n";
  saveWad(result.doc, *out);
  std::cout << "wrote " << *out << "\n";
  return 0;
}

}  // namespace wadsmith::cli
