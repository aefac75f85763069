#include <algorithm>
#include <cmath>
#include <iomanip>
#include <map>
#include <sstream>
#include <iostream>
#include <optional>

#include "editor/cli/cli.h"
#include "editor/cli/level_samples.h"
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

float numberArg(const std::string& s, const char* what, float lo, float hi) {
  try {
    std::size_t used = 0;
    float v = std::stof(s, &used);
    if (used == s.size() && std::isfinite(v) && v >= lo && v <= hi) return v;
  } catch (const std::exception&) {
  }
  std::ostringstream range;
  range << lo << ".." << hi;
  throw std::runtime_error(std::string(what) + " needs a number in " + range.str() + ", got '" + s + "'");
}

// The options that convert another engine's models (io/foreign_source.h LoadOptions) and build
// them (model/import/build.h). Returns whether any was given.
bool foreignOptions(const Args& args, ForeignOptions& o) {
  bool any = false;
  if (auto v = args.get("scale")) o.load.scale = numberArg(*v, "--scale", 0.001f, 100000), any = true;
  for (const auto& t : args.all("textures")) o.load.textures.push_back(utf8Path(t)), any = true;
  if (auto v = args.get("palette")) o.load.palette = utf8Path(*v), any = true;
  if (auto v = args.get("frame")) o.load.frame = static_cast<int>(numberArg(*v, "--frame", 0, 65535)), any = true;
  if (auto v = args.get("fps")) o.load.framesPerSecond = numberArg(*v, "--fps", 0.01f, 1000), any = true;
  if (auto v = args.get("turn")) o.load.turn = numberArg(*v, "--turn", -360, 360), any = true;
  if (args.has("no-floor")) o.load.floor = false, any = true;
  if (args.has("overlay")) o.load.overlay = true, any = true;
  if (args.has("recompute-normals")) o.build.recomputeNormals = true, any = true;
  return any;
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

void print(const merge::Report& r, const std::vector<std::string>& notes, const std::map<ObjectRef, std::string>& modelNames,
           std::optional<Game> sourceGame) {
  for (const auto& m : r.merged) {
    auto model = modelNames.find(m.source());
    std::cout << "merged " << (m.movable ? "movable " : "static ");
    if (model != modelNames.end())
      std::cout << model->second;
    else
      std::cout << m.sourceSlot;
    std::cout << " as " << m.slot << " " << m.name
              << ": " << m.meshes << " meshes (" << m.meshesShared << " already there), " << m.animations << " animations"
              << (m.replaced ? " (replaced the destination's)" : "") << (m.related ? " (related)" : "") << "\n";
  }
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
  auto args = parseArgs(argv, {"into", "from", "movable", "static", "as", "o", "output", "sounds", "sprite", "samples", "main-sfx", flag("all"),
                               flag("replace"), flag("with-related"), "scale", "textures", "palette", "frame", "fps", "turn", flag("no-floor"), flag("overlay"),
                               flag("recompute-normals")},
                        false);
  auto into = args.get("into"), from = args.get("from");
  auto out = args.get("o") ? args.get("o") : args.get("output");
  if (!into || !from || !out || !args.positional.empty())
    throw std::runtime_error(
        "usage: wadsmith merge --into DST --from SRC (--movable ID | --static ID | --all | --sprite ID) [--replace | --as NEWID] "
        "[--with-related] [--sounds keep|replace|none] [--samples DIR] [--main-sfx FILE] [--scale S --textures PATH --palette PCX --frame N --fps F --turn DEG --no-floor --overlay "
        "--recompute-normals] -o OUT");
  merge::Request req;
  req.all = args.has("all");
  req.replace = args.has("replace");
  req.withRelated = args.has("with-related");
  if (auto mode = args.get("sounds")) {
    if (*mode == "keep") req.sounds = merge::SoundMode::Keep;
    else if (*mode == "replace") req.sounds = merge::SoundMode::Replace;
    else if (*mode == "none") req.sounds = merge::SoundMode::None;
    else throw std::runtime_error("--sounds takes keep, replace or none, got '" + *mode + "'");
  }
  for (const auto& sp : args.all("sprite"))
    req.sprites.push_back(static_cast<std::int32_t>(numberArg(sp, "--sprite (a sprite sequence's slot)", 0, 0xFFFF)));
  if (req.replace && args.get("as")) throw std::runtime_error("--replace and --as exclude each other");
  if (req.all && (!args.all("movable").empty() || !args.all("static").empty()))
    throw std::runtime_error("--all merges everything: no --movable/--static with it");

  auto dst = loadDocument(utf8Path(*into));
  auto* wad = std::get_if<WadDocument>(&dst);
  if (!wad) throw std::runtime_error(*into + ": the destination must be a WAD");
  ForeignOptions options;
  const bool converting = foreignOptions(args, options);
  std::map<ObjectRef, std::string> modelNames;
  MergeSource source;
  SharedBytes mainSfx;
  if (isForeignModelSource(utf8Path(*from))) {
    // Another engine's models have no TR4 slot: each takes --as, or the first free one.
    if (req.all) throw std::runtime_error("--all: name the models of " + *from + " with --movable NAME and --static NAME");
    std::vector<ForeignPick> picks;
    for (const auto& m : args.all("movable")) picks.push_back({foreign::ObjectKind::Movable, m, 0});
    for (const auto& s : args.all("static")) picks.push_back({foreign::ObjectKind::Static, s, 0});
    if (picks.empty()) throw std::runtime_error("nothing to merge: name a model with --movable NAME or --static NAME");
    if (auto as = args.get("as")) {
      if (picks.size() != 1) throw std::runtime_error("--as places exactly one object");
      picks[0].slot = slotArg(*as, "--as", picks[0].kind == foreign::ObjectKind::Movable);
    } else {
      std::vector<std::uint32_t> movables, statics;
      for (auto& p : picks) {
        auto& promised = p.kind == foreign::ObjectKind::Movable ? movables : statics;
        p.slot = defaultForeignSlot(*wad, p.kind, promised);
        promised.push_back(p.slot);
      }
    }
    source = loadMergeSource(utf8Path(*from), picks, options);
    for (const auto& p : picks) {
      ObjectRef ref{p.kind == foreign::ObjectKind::Movable ? ObjectKind::Movable : ObjectKind::Static, p.slot};
      (ref.kind == ObjectKind::Movable ? req.movables : req.statics).push_back(p.slot);
      modelNames[ref] = p.name;
    }
  } else {
    if (converting)
      throw std::runtime_error("--scale, --textures, --palette, --frame, --fps, --turn, --no-floor, --overlay and "
                               "--recompute-normals convert another engine's models; " + *from + " is a WAD or a level");
    // Names resolve by the source's game: read it first.
    source = loadMergeSource(utf8Path(*from));
    const Game sourceGame = source.game.value_or(Game::TR4);
    if (sourceGame != Game::TR4 && args.get("sounds") && *args.get("sounds") != "none")
      throw std::runtime_error("--sounds: " + gameName(sourceGame) + "'s sound ids are its own numbering, not TR4's: its sound "
                               "infos are not merged (TR1-3 samples are written beside the output)");
    mainSfx = readMainSfx(source, args.get("main-sfx"));
    for (const auto& m : args.all("movable")) req.movables.push_back(slotArg(m, "--movable", true, sourceGame));
    for (const auto& s : args.all("static")) req.statics.push_back(slotArg(s, "--static", false, sourceGame));
    if (auto as = args.get("as")) req.as = slotArg(*as, "--as", req.statics.empty());
  }
  if (args.get("main-sfx") && !source.game) throw std::runtime_error("--main-sfx serves merges out of TR2 and TR3 levels");
  describeSource(source, req);
  auto result = merge::mergeObjects(*wad, source.wad, req);
  const auto notes = mergeNotes(source, result.report);
  writeWad(result.doc);  // throws here, before anything is printed or written, if it does not fit
  print(result.report, notes, modelNames, source.game);
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
