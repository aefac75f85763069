#include <algorithm>
#include <iomanip>
#include <iostream>
#include <optional>

#include "editor/cli/cli.h"
#include "io/document_io.h"
#include "io/merge_source.h"
#include "io/samples_folder.h"
#include "io/wad_codec.h"
#include "io/wad_files.h"
#include "io/utf8_path.h"
#include "model/catalog.h"
#include "model/merge/merge.h"

namespace wadsmith::cli {
namespace {

// A slot number, or (for movables) a slot name from the catalog: `--movable LARA`.
std::uint32_t slotArg(const std::string& s, const char* what, bool movable) {
  try {
    std::size_t used = 0;
    unsigned long v = std::stoul(s, &used);
    if (used == s.size() && v <= 0xFFFF) return static_cast<std::uint32_t>(v);
  } catch (const std::exception&) {
  }
  if (movable)
    if (auto slot = catalog::movableSlot(s)) return *slot;
  throw std::runtime_error(std::string(what) + " needs a slot number" + (movable ? " or movable name" : "") + ", got '" +
                           s + "'");
}

void printSounds(const merge::SoundReport& s) {
  using W = merge::SoundNote::What;
  if (s.ids.empty()) return;
  std::cout << "sounds (" << s.modeName << "): " << s.ids.size() << " ids the merged movables play: " << s.count(W::Added)
            << " added, " << s.count(W::Same) << " the same, " << s.count(W::Kept) << " kept, " << s.count(W::Replaced)
            << " replaced, " << s.count(W::NotInSource) << " not in the source; " << s.infosAdded << " infos and "
            << s.samplesAdded << " samples added\n";
  if (!s.sourceHasSounds) std::cout << "  (the source has no sounds: .SFX/.SAM missing or unreadable)\n";
  for (const auto& n : s.ids) {
    std::cout << "  sound " << n.id << " " << catalog::soundName(n.id).value_or("?") << ": ";
    switch (n.what) {
      case W::Added: std::cout << "added"; break;
      case W::Same: std::cout << "the same in the destination"; break;
      case W::Kept: std::cout << "kept the destination's (destination / source: " << n.difference << ")"; break;
      case W::Replaced: std::cout << "replaced the destination's (was / now: " << n.difference << ")"; break;
      case W::NotInSource: std::cout << "no info in the source" << (n.difference.empty() ? "" : ", " + n.difference); break;
    }
    if (!n.samples.empty()) {
      std::cout << "; samples";
      for (const auto& x : n.samples) std::cout << " " << x;
    }
    std::cout << (n.engine ? " (played by the engine for slot " : " (played by an animation of slot ") << n.slot << ")\n";
  }
}

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
  printSounds(r.soundReport);
  for (const auto& sp : r.spriteReport.merged)
    std::cout << "sprite sequence " << sp.id << ": " << sp.textures << " sprite textures with their pixels"
              << (sp.replaced ? " (replaced the destination's)" : "") << "\n";
  if (!r.spriteReport.merged.empty())
    std::cout << "sprite pages: " << r.spriteReport.pagesBefore << " before, " << r.spriteReport.pagesAfter << " after\n";
  for (const auto& rel : r.related)
    std::cout << (rel.brought ? "related slot brought: " : "related slot missing in the destination: ")
              << merge::describe(rel.slot) << " for " << merge::describe(rel.neededBy) << " (" << rel.why << ")"
              << (rel.brought ? "" : "; --with-related brings it") << "\n";
  for (const auto& n : notes) std::cout << "note: " << n << "\n";
  for (const auto& w : r.warnings) std::cout << "warning: " << w << "\n";
}

}  // namespace

int mergeCommand(const std::vector<std::string>& argv) {
  auto args = parseArgs(argv, {"into", "from", "movable", "static", "as", "o", "output", "sounds", "sprite", "samples", flag("all"),
                               flag("replace"), flag("with-related")},
                        false);
  auto into = args.get("into"), from = args.get("from");
  auto out = args.get("o") ? args.get("o") : args.get("output");
  if (!into || !from || !out || !args.positional.empty())
    throw std::runtime_error(
        "usage: wadsmith merge --into DST --from SRC (--movable ID | --static ID | --all | --sprite ID) [--replace | --as NEWID] "
        "[--with-related] [--sounds keep|replace|none] [--samples DIR] -o OUT");
  merge::Request req;
  for (const auto& m : args.all("movable")) req.movables.push_back(slotArg(m, "--movable", true));
  for (const auto& s : args.all("static")) req.statics.push_back(slotArg(s, "--static", false));
  req.all = args.has("all");
  req.replace = args.has("replace");
  if (auto as = args.get("as")) req.as = slotArg(*as, "--as", req.statics.empty());
  req.withRelated = args.has("with-related");
  if (auto mode = args.get("sounds")) {
    if (*mode == "keep") req.sounds = merge::SoundMode::Keep;
    else if (*mode == "replace") req.sounds = merge::SoundMode::Replace;
    else if (*mode == "none") req.sounds = merge::SoundMode::None;
    else throw std::runtime_error("--sounds takes keep, replace or none, got '" + *mode + "'");
  }
  for (const auto& sp : args.all("sprite")) req.sprites.push_back(static_cast<std::int32_t>(slotArg(sp, "--sprite", false)));
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
  // WAVs that came as bytes (a level's embedded samples) go into the samples folder first.
  std::filesystem::path samples;
  if (auto dir = args.get("samples"))
    samples = utf8Path(*dir);
  else if (auto found = findSamplesFolder(utf8Path(*into)))
    samples = *found;
  else
    samples = utf8Path(*out).parent_path() / "samples";
  std::string shown = utf8Name(samples);
#ifdef _WIN32
  std::replace(shown.begin(), shown.end(), '\\', '/');  // the same text as on Linux
#endif
  for (const auto& p : placeEmbeddedWavs(result.doc, samples)) {
    std::cout << "sample " << p.name << ": ";
    switch (p.how) {
      case PlacedWav::How::Written: std::cout << "written to " << shown; break;
      case PlacedWav::How::SameFileThere: std::cout << "the same audio is already in " << shown << (p.name != p.proposed ? " (instead of " + p.proposed + ")" : ""); break;
      case PlacedWav::How::Renamed: std::cout << "written to " << shown << " renamed: another " << p.proposed << " is there"; break;
    }
    std::cout << "\n";
  }
  saveWad(result.doc, utf8Path(*out));
  std::cout << "wrote " << *out << "\n";
  return 0;
}

}  // namespace wadsmith::cli
