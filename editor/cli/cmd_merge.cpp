// `wadsmith merge` and `wadsmith import`: two spellings of one use case (usecases/bring_in.h).
// Each turns its options into a BringIn; bringIn does the rest, and the report is printed.
#include <iostream>

#include "editor/cli/options.h"
#include "editor/cli/progress_line.h"
#include "editor/usecases/documents.h"
#include "io/document_io.h"
#include "io/utf8_path.h"

namespace wadsmith::cli {
int bringInCommand(const usecases::BringIn& args, const std::string& into, const std::string& out, bool quiet) {
  const auto dst = loadDocument(utf8Path(into));
  const auto brought = usecases::bringIn(dst, args, {utf8Path(into), utf8Path(out), progressLine(quiet, stderrIsTerminal())});
  for (const auto& line : usecases::reportLines(brought)) std::cout << line << "\n";
  // A wad2 destination or output is converted (docs/wad2.md): what that changed is said.
  for (const auto& note : usecases::saveWithCompanions(brought.document(), utf8Path(out))) std::cout << "note: " << note << "\n";
  std::cout << "wrote " << out << "\n";
  return 0;
}

namespace {

struct MergeOptions {
  usecases::BringIn a;  // the numbers and flags go straight in
  std::string into, from, out, sounds, mainSfx, mainSfxOut, samples, palette;
  std::optional<std::string> as;
  std::vector<std::string> movables, statics, textures;
  bool noFloor = false, quiet = false;
};

// The options that convert another engine's models and build them (usecases::ConvertOptions).
void convertOptions(CLI::App& c, MergeOptions& o) {
  auto& v = o.a.convert;
  const char* group = "Another engine's models (.s3d, .wld, .mdl, .wmp)";
  c.add_option("--scale", v.scale, "TR units per source unit (default: the format's)")->check(CLI::Range(0.001f, 100000.f))->group(group);
  repeated(c, "--textures", o.textures, "an archive or folder searched first for pictures")->type_name("S3D|DIR")->group(group);
  c.add_option("--palette", o.palette, "the palette of 8-bit MDL skins")->type_name("PCX")->group(group);
  c.add_option("--frame", v.frame, "the MDL frame a static is taken from")->check(CLI::Range(0, 65535))->group(group);
  c.add_option("--fps", v.framesPerSecond, "MDL frames per second")->check(CLI::Range(0.01f, 1000.f))->group(group);
  c.add_option("--turn", v.turn, "degrees the model turns about the vertical")->type_name("DEG")->check(CLI::Range(-360.f, 360.f))->group(group);
  c.add_flag("--no-floor", o.noFloor, "do not stand the model on the floor")->group(group);
  c.add_flag("--overlay", v.overlay, "MDL: colour 0 transparent")->group(group);
  c.add_flag("--recompute-normals", v.recomputeNormals, "ignore the model's normals")->group(group);
}

usecases::BringIn bringInOf(const MergeOptions& o) {
  usecases::BringIn a = o.a;
  a.source = utf8Path(o.from);
  if (a.all && (!o.movables.empty() || !o.statics.empty())) throw UsageError("--all merges everything: no --movable/--static with it");
  for (const auto& m : o.movables) a.picks.push_back({ObjectKind::Movable, m, std::nullopt});
  for (const auto& s : o.statics) a.picks.push_back({ObjectKind::Static, s, std::nullopt});
  if (o.as) {
    if (a.picks.size() != 1) throw UsageError("--as places exactly one object");
    a.picks[0].slot = slotArg(*o.as, "--as", a.picks[0].kind == ObjectKind::Movable);
  }
  if (!o.sounds.empty())
    a.sounds = o.sounds == "keep" ? merge::SoundMode::Keep : o.sounds == "replace" ? merge::SoundMode::Replace : merge::SoundMode::None;
  for (const auto& t : o.textures) a.convert.textures.push_back(utf8Path(t));
  if (!o.palette.empty()) a.convert.palette = utf8Path(o.palette);
  a.convert.floor = !o.noFloor;
  if (!o.mainSfx.empty()) a.mainSfx = utf8Path(o.mainSfx);
  if (!o.mainSfxOut.empty()) a.mainSfxOut = utf8Path(o.mainSfxOut);
  if (!o.samples.empty()) a.samples = utf8Path(o.samples);
  return a;
}

}  // namespace

Run mergeCommand(CLI::App& c) {
  auto o = std::make_shared<MergeOptions>();
  c.add_option("--into", o->into, "the WAD, wad2 or level (TR1-TR5) the objects go into")->type_name("DST")->required();
  c.add_option("--from", o->from, "a WAD, a level of any game, or another engine's file")->type_name("SRC")->required();
  repeated(c, "--movable", o->movables, "a movable, by slot or by the source game's name (LARA); repeat for more")->type_name("ID");
  repeated(c, "--static", o->statics, "a static, by slot or name; repeat for more")->type_name("ID");
  c.add_flag("--all", o->a.all, "every object of the source");
  c.add_flag("-q,--quiet", o->quiet, "no progress line on the terminal");
  c.add_option("--sprite", o->a.sprites, "a sprite sequence's slot, with its pixels; repeat for more")
      ->type_name("ID")->allow_extra_args(false)->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)->check(CLI::Range(0, 0xFFFF));
  c.add_flag("--replace", o->a.replace, "replace the object in an occupied slot (with --as: the object in that slot)");
  c.add_option("--as", o->as, "the slot the one object takes, by number or TR4 name")->type_name("NEWID");
  c.add_flag("--with-related", o->a.withRelated, "bring the related slots missing in the destination");
  c.add_option("--sounds", o->sounds, "what becomes of the sounds the objects play")->check(CLI::IsMember({"keep", "replace", "none"}));
  c.add_option("--samples", o->samples,
               "where WAVs go (default: the samples folder near DST, else OUT's samples/); "
               "into a level: where the source's are read (default: near SRC)")
      ->type_name("DIR");
  c.add_option("--main-sfx", o->mainSfx, "a TR2/TR3 MAIN.SFX: the source level's samples; the destination level's, where merged sounds are looked up (default: found beside DST)")->type_name("FILE");
  c.add_option("--main-sfx-out", o->mainSfxOut, "a TR2/TR3 destination: write its MAIN.SFX here with the samples it lacks appended")->type_name("FILE");
  convertOptions(c, *o);
  outputOption(c, o->out, "the file to write (a WAD, a wad2 or a level); nothing is written on error");
  examples(c, "  wadsmith merge --into city.wad --from tomb.wad --movable LARA --replace -o city2.wad\n"
      "  wadsmith merge --into city.wad --from level1.phd --movable WOLF --as ANIMATING2 -o city2.wad\n"
      "  wadsmith merge --into city.wad --from tomb.wad --all --sounds keep -o city2.wad\n",
      "Prints what was merged and reused, pages before and after, related slots, sounds and sprites\n"
      "(see docs/merging.md).\n");
  return [o] { return bringInCommand(bringInOf(*o), o->into, o->out, o->quiet); };
}

}  // namespace wadsmith::cli
