// wadsmith anim export|import: one animation of a movable to and from WadTool's .anim files;
// animations of glTF/GLB, FBX and DAE files onto a movable (editor/interop/anim_import.h).
#include <cstdio>
#include <iostream>

#include "editor/cli/options.h"
#include "editor/interop/anim_import.h"
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
  std::optional<std::string> sceneAnimation;  // a 3D file's animation
  bool all = false;
  int frameDuration = 0;
};

void printBoneErrors(const std::vector<double>& errors) {
  for (std::size_t b = 0; b < errors.size(); ++b) {
    char line[64];
    std::snprintf(line, sizeof line, "bone %zu: largest angle error %.4f degrees", b, errors[b]);
    std::cout << line << "\n";
  }
}

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
  if (interop::isSceneAnimationFile(utf8Path(o.animFile))) {
    const auto r = interop::importSceneAnimations(doc, slot, utf8Path(o.animFile), {o.sceneAnimation, o.all, o.replace, o.as, o.frameDuration, targets});
    encodeDocument(r.edited.doc);
    for (const auto& note : r.notes) std::cout << "note: " << note << "\n";
    printBoneErrors(r.boneError);
    saveDocument(r.edited.doc, utf8Path(o.out));
    const ObjectView v(objectsOf(r.edited.doc));
    const auto [a0, a1] = v.animationRange(ops::movableIndex(v, slot));
    const std::size_t n = r.animations.size(), at = o.replace.value_or(o.as.value_or(a1 - a0 - n));
    std::cout << (o.replace ? "replaced animation" : "added animation") << (n > 1 ? "s " : " ") << at
              << (n > 1 ? ".." + std::to_string(at + n - 1) : "") << (o.replace ? " with " : " from ")
              << (n > 1 ? std::to_string(n) + " animations" : "\"" + r.animations[0] + "\"") << " of " << o.animFile
              << (o.replace ? "" : n > 1 ? " (state 0, each looping to itself; boxes from the posed meshes)" : " (state 0, looping to itself; boxes from the posed meshes)")
              << "; wrote " << o.out << "\n";
    return 0;
  }
  const auto file = readAnimFile(readFileBytes(utf8Path(o.animFile)), o.animFile);
  const auto result = o.replace ? anim::importAnimation(doc, slot, *o.replace, file, targets)
                                : anim::importNewAnimation(doc, slot, o.as, file, targets);
  encodeDocument(result.edited.doc);  // throws before anything is written if it does not fit
  for (const auto& note : result.notes) std::cout << "note: " << note << "\n";
  printBoneErrors(result.boneError);
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
  auto* im = c.add_subcommand("import", "a .anim file, or animations of a .glb/.gltf/.fbx/.dae, as new animations of a movable or over them");
  im->add_option("FILE", o->file, "a WAD or a level")->required();
  im->add_option("ANIM", o->animFile, "the .anim, .glb, .gltf, .fbx or .dae file")->required();
  im->add_option("--movable", o->movable, "the movable (slot number or name)")->required()->type_name("ID");
  auto* as = im->add_option("--as", o->as, "insert it (3D files: them) as animation N on (default: after the last)")->type_name("N");
  im->add_option("--replace", o->replace, "the animation it replaces (3D files: the first of those they replace)")->type_name("N")->excludes(as);
  auto* one = im->add_option("--animation", o->sceneAnimation, "3D files: the animation taken (its name or index; default the first)")
                  ->type_name("NAME|INDEX");
  im->add_flag("--all", o->all, "3D files: every animation, one after the other")->excludes(one);
  im->add_option("--frame-duration", o->frameDuration, "3D files: game frames between keyframes (default: a WadSmith export's, else the replaced animation's, else 1)")
      ->check(CLI::Range(1, 255))
      ->type_name("D");
  im->add_option("--targets", o->targets, "next animations and dispatch targets past the movable's animations")
      ->check(CLI::IsMember({"keep", "own", "drop"}));
  outputOption(*im, o->out, "the edited file");
  examples(c,
           "  wadsmith anim export tut1.WAD --movable LARA --animation 103 -o ladder.anim\n"
           "  wadsmith anim import tut1.WAD ladder.anim --movable LARA -o tut1-new.WAD\n"
           "  wadsmith anim import tut1.WAD ladder.anim --movable LARA --as 4 --targets own -o tut1-new.WAD\n"
           "  wadsmith anim import tut1.WAD ladder.anim --movable LARA --replace 103 -o tut1-new.WAD\n"
           "  wadsmith anim import tut1.WAD lara.glb --movable LARA --animation 103 --replace 103 -o tut1-new.WAD\n"
           "  wadsmith anim import tut1.WAD walk.glb --movable LARA --all -o tut1-new.WAD\n",
           "Angles are quantised to the rotation words; the largest error per bone is reported. The file\n"
           "numbers next animations and dispatch targets as in its movable: those past this one's animations\n"
           "are refused (--targets keep), pointed at the imported animation (own) or dropped, each reported.\n"
           "A 3D file's bones turn the meshes whose number their names end in (\"LARA mesh 7\", as the glTF export\n"
           "names them), else the meshes in order when the counts agree; its frames are taken every D frames.\n"
           "Appended, each is a new animation in state 0 looping to itself (no state changes or commands),\n"
           "its keyframe boxes computed from the posed meshes.\n");
  return [o, ex] { return ex->parsed() ? exportAnim(*o) : importAnim(*o); };
}

}  // namespace wadsmith::cli
