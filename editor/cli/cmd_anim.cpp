// wadsmith anim export|import: one animation of a movable to and from WadTool's .anim files.
#include <cstdio>
#include <iostream>

#include "editor/cli/options.h"
#include "io/anim_xml.h"
#include "io/document_io.h"
#include "io/file_io.h"
#include "io/utf8_path.h"
#include "model/anim/interchange.h"

namespace wadsmith::cli {
namespace {

struct AnimOptions {
  std::string file, animFile, movable, out, targets = "keep";
  std::size_t animation = 0;
  std::optional<std::size_t> replace, as;
};

int exportAnim(const AnimOptions& o) {
  const auto doc = loadDocument(utf8Path(o.file));
  const ObjectView v(objectsOf(doc));
  const std::uint32_t slot = slotArg(o.movable, "--movable", true);
  const auto file = anim::exportAnimation(v, ops::movableIndex(v, slot), ops::animationOf(v, slot, o.animation));
  writeFileAtomic(utf8Path(o.out), writeAnimFile(file));
  std::cout << "wrote animation " << o.animation << " (" << file.keyframes.size() << " keyframes) to " << o.out << "\n";
  return 0;
}

int importAnim(const AnimOptions& o) {
  const auto doc = loadDocument(utf8Path(o.file));
  const std::uint32_t slot = slotArg(o.movable, "--movable", true);
  const auto targets = o.targets == "own" ? anim::Targets::Own : o.targets == "drop" ? anim::Targets::Drop : anim::Targets::Keep;
  const auto file = readAnimFile(readFileBytes(utf8Path(o.animFile)), o.animFile);
  const auto result = o.replace ? anim::importAnimation(doc, slot, *o.replace, file, targets)
                                : anim::importNewAnimation(doc, slot, o.as, file, targets);
  encodeDocument(result.edited.doc);  // throws before anything is written if it does not fit
  for (const auto& note : result.notes) std::cout << "note: " << note << "\n";
  for (std::size_t b = 0; b < result.boneError.size(); ++b) {
    char line[64];
    std::snprintf(line, sizeof line, "bone %zu: largest angle error %.4f degrees", b, result.boneError[b]);
    std::cout << line << "\n";
  }
  saveDocument(result.edited.doc, utf8Path(o.out));
  if (o.replace) {
    std::cout << "replaced animation " << *o.replace;
  } else {
    const ObjectView v(objectsOf(result.edited.doc));
    const auto [a0, a1] = v.animationRange(ops::movableIndex(v, slot));
    const std::size_t at = o.as.value_or(a1 - a0 - 1);
    std::cout << "added animation " << at << (at + 1 < a1 - a0 ? " (the later animations move on one; their targets follow)" : " (the last)");
  }
  std::cout << "; wrote " << o.out << "\n";
  return 0;
}

}  // namespace

Run animCommand(CLI::App& c) {
  auto o = std::make_shared<AnimOptions>();
  c.require_subcommand(1);
  auto* ex = c.add_subcommand("export", "one animation of a movable as a .anim file");
  ex->add_option("FILE", o->file, "a WAD or a level")->required();
  ex->add_option("--movable", o->movable, "the movable (slot number or name)")->required()->type_name("ID");
  ex->add_option("--animation", o->animation, "the animation, counted in the movable")->required()->type_name("N");
  outputOption(*ex, o->out, "the .anim file");
  auto* im = c.add_subcommand("import", "a .anim file as a new animation of a movable, or over one");
  im->add_option("FILE", o->file, "a WAD or a level")->required();
  im->add_option("ANIM", o->animFile, "the .anim file")->required();
  im->add_option("--movable", o->movable, "the movable (slot number or name)")->required()->type_name("ID");
  auto* as = im->add_option("--as", o->as, "insert it as animation N (default: append as the last)")->type_name("N");
  im->add_option("--replace", o->replace, "the animation it replaces")->type_name("N")->excludes(as);
  im->add_option("--targets", o->targets, "next animations and dispatch targets past the movable's animations")
      ->check(CLI::IsMember({"keep", "own", "drop"}));
  outputOption(*im, o->out, "the edited file");
  examples(c,
           "  wadsmith anim export tut1.WAD --movable LARA --animation 103 -o ladder.anim\n"
           "  wadsmith anim import tut1.WAD ladder.anim --movable LARA -o tut1-new.WAD\n"
           "  wadsmith anim import tut1.WAD ladder.anim --movable LARA --as 4 --targets own -o tut1-new.WAD\n"
           "  wadsmith anim import tut1.WAD ladder.anim --movable LARA --replace 103 -o tut1-new.WAD\n",
           "Angles are quantised to the rotation words; the largest error per bone is reported. The file\n"
           "numbers next animations and dispatch targets as in its movable: those past this one's animations\n"
           "are refused (--targets keep), pointed at the imported animation (own) or dropped, each reported.\n");
  return [o, ex] { return ex->parsed() ? exportAnim(*o) : importAnim(*o); };
}

}  // namespace wadsmith::cli
