#include <cstdio>
#include <iostream>
#include <stdexcept>

#include "editor/cli/cli.h"
#include "io/document_io.h"
#include "io/merge_source.h"
#include "io/wad_codec.h"
#include "io/wad_files.h"
#include "model/catalog.h"
#include "model/merge/merge.h"

namespace wadsmith::cli {
namespace {

constexpr const char* kUsage =
    "usage: wadsmith merge --into DST --from SRC (--movable ID | --static ID | --all) [--replace | --as NEWID] "
    "[--with-related] -o OUT";

std::uint32_t parseSlot(const std::string& s, ObjectKind kind) {
  try {
    std::size_t used = 0;
    unsigned long v = std::stoul(s, &used);
    if (used == s.size() && v <= 0xFFFFFFFFul) return static_cast<std::uint32_t>(v);
  } catch (const std::exception&) {
  }
  if (kind == ObjectKind::Movable)
    if (auto slot = catalog::movableSlot(s)) return *slot;
  throw std::runtime_error("'" + s + "' is not a slot id" + (kind == ObjectKind::Movable ? " or movable name" : ""));
}

std::string percent(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f%%", v * 100);
  return buf;
}

void print(const MergeReport& r) {
  for (const auto& m : r.merged) {
    std::cout << "merged " << describe(m.source);
    if (m.target != m.source) std::cout << " as " << describe(m.target);
    std::cout << ": " << m.meshes << " meshes (" << m.meshesShared << " already in the destination), " << m.animations
              << " animations" << (m.replaced ? ", replaced the old one" : "") << (m.related ? ", related" : "") << "\n";
  }
  std::cout << "meshes: " << r.meshesAdded << " added, " << r.meshesReused << " reused\n";
  const auto& t = r.textures;
  std::cout << "texture samples: " << t.samplesNeeded << " needed, " << t.samplesReused << " reused, " << t.pixelsReused
            << " over pixels already there, " << t.samplesPacked << " packed as " << t.blocksPacked << " blocks ("
            << t.packedArea << " pixels)\n";
  std::cout << "pages: " << t.pagesBefore << " -> " << t.pagesAfter << " (appending the source pages: " << t.pagesBefore
            << " -> " << t.pagesBefore + t.sourcePagesUsed << ")\n";
  std::cout << "packing efficiency: " << percent(t.efficiency) << " of the page area holds samples (appending the "
            << "source pages: " << percent(t.appendEfficiency) << ")\n";
  for (const auto& rel : r.related)
    std::cout << "related: " << describe(rel.slot) << " for " << describe(rel.neededBy) << ": " << rel.why
              << (rel.brought ? " (brought)" : " (missing in the destination; --with-related brings it)") << "\n";
  if (!r.soundIds.empty()) {
    std::cout << "sounds played:";
    for (auto s : r.soundIds) std::cout << " " << s << " (" << catalog::soundName(s).value_or("?") << ")";
    std::cout << "\n";
  }
  for (const auto& w : r.warnings) std::cout << "warning: " << w << "\n";
}

}  // namespace

int mergeCommand(const std::vector<std::string>& argv) {
  auto args = parseArgs(argv, {"into", "from", "movable", "static", "as", "o", "output"});
  auto into = args.get("into"), from = args.get("from");
  auto out = args.get("o") ? args.get("o") : args.get("output");
  auto movables = args.all("movable"), statics = args.all("static");
  const bool all = args.has("all");
  if (!into || !from || !out || !args.positional.empty()) throw std::runtime_error(kUsage);
  if (all == (!movables.empty() || !statics.empty()))
    throw std::runtime_error("name the objects with --movable / --static, or --all (not both)\n" + std::string(kUsage));
  if (args.has("replace") && args.has("as")) throw std::runtime_error("--replace and --as exclude each other");

  MergeRequest req;
  req.all = all;
  req.replace = args.has("replace");
  req.withRelated = args.has("with-related");
  req.sourceLabel = *from;
  for (const auto& m : movables) req.items.push_back({{ObjectKind::Movable, parseSlot(m, ObjectKind::Movable)}, {}});
  for (const auto& s : statics) req.items.push_back({{ObjectKind::Static, parseSlot(s, ObjectKind::Static)}, {}});
  if (auto as = args.get("as")) {
    if (req.items.size() != 1) throw std::runtime_error("--as places one object: name exactly one --movable or --static");
    req.items[0].targetSlot = parseSlot(*as, req.items[0].source.kind);
  }

  Document dst = loadDocument(*into);
  if (!isWad(dst)) throw std::runtime_error(*into + ": the destination must be a WAD");
  MergeSource src = loadMergeSource(*from);
  MergeResult result = mergeObjects(std::get<WadDocument>(dst), src.wad, req);
  std::vector<ObjectKey> merged;
  for (const auto& m : result.report.merged) merged.push_back(m.source);
  auto notes = src.notesFor(merged);
  result.report.warnings.insert(result.report.warnings.begin(), notes.begin(), notes.end());
  writeWad(result.document);  // fails here, before anything is written, if it does not fit
  print(result.report);
  saveWad(result.document, *out);
  std::cout << "wrote " << *out << "\n";
  return 0;
}

}  // namespace wadsmith::cli
