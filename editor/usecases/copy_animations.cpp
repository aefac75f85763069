#include "editor/usecases/copy_animations.h"

#include "editor/interop/anim_import.h"
#include "io/document_io.h"
#include "io/utf8_path.h"
#include "model/anim/whole.h"
#include "model/ops/args.h"
#include "model/ops/operations.h"

namespace wadsmith::usecases {

namespace {

using ops::ParamKind;

anim::Targets targetsOf(const ops::ArgReader& a) {
  const std::string t = a.has("targets") ? a.text("targets", "\"targets\"") : "keep";
  if (t != "keep" && t != "own" && t != "drop") throw ops::EditError("\"targets\" is keep, own or drop");
  return t == "own" ? anim::Targets::Own : t == "drop" ? anim::Targets::Drop : anim::Targets::Keep;
}

ops::Step bindCopy(const ops::ArgReader& a) {
  if (!a.has("movable")) throw ops::EditError("missing field \"movable\"");
  const std::uint32_t slot = a.slot("movable"), from = a.slot("source_movable");
  const auto at = a.optIndex("at"), count = a.optIndex("count");
  const std::size_t first = a.has("first") ? a.index("first") : 0;
  const auto targets = targetsOf(a);
  std::shared_ptr<const Document> source;
  std::string name = "movable " + std::to_string(from);
  if (a.has("source")) {
    const std::string path = a.text("source", "\"source\"");
    try {
      source = std::make_shared<const Document>(loadDocument(utf8Path(path)));
    } catch (const std::exception& e) {
      throw ops::EditError("copy_animations: " + std::string(e.what()));
    }
    name += " of " + utf8Name(utf8Path(path).filename());
  }
  const std::string which = count ? std::to_string(*count) + " animation(s) from " + std::to_string(first) : "animations from " + std::to_string(first);
  const std::string label = "movable " + std::to_string(slot) + ": copy " + which + " of " + name +
                            (at ? " as " + std::to_string(*at) + " on (later animations move on)" : " after its last");
  return {label, [=](const Document& d) { return anim::copyAnimations(d, slot, at, source ? *source : d, from, first, count, targets); }};
}

// The file is read when the step runs (a replay reads it again); the notes but the first (how
// bones matched) are the step's warnings.
ops::Step bindSceneImport(const ops::ArgReader& a) {
  if (!a.has("movable")) throw ops::EditError("missing field \"movable\"");
  const std::uint32_t slot = a.slot("movable");
  const auto path = utf8Path(a.text("file", "\"file\""));
  interop::SceneAnimationOptions o;
  if (a.has("animation")) o.animation = a.text("animation", "\"animation\"");
  o.all = a.has("all") && a.boolean("all");
  o.replace = a.optIndex("replace"), o.at = a.optIndex("at");
  o.frameDuration = a.has("frame_duration") ? int(a.integer("frame_duration", 1, 255)) : 0;
  o.targets = targetsOf(a);
  const std::string which = o.all ? "the animations" : o.animation ? "animation \"" + *o.animation + "\"" : "the first animation";
  const std::string label = "movable " + std::to_string(slot) + ": " + which + " of " + utf8Name(path.filename()) +
                            (o.replace ? " over animation " + std::to_string(*o.replace) + " on" : " as new animations (each looping to itself)");
  return {label, [=](const Document& d) {
            auto r = interop::importSceneAnimations(d, slot, path, o);
            r.edited.warnings.assign(r.notes.begin() + (r.notes.empty() ? 0 : 1), r.notes.end());
            return r.edited;
          }};
}

}  // namespace

void registerSceneAnimationOperation(ops::Args example) {
  if (ops::findOperation("import_scene_animations")) return;
  ops::registerOperation({"import_scene_animations",
                          {{"movable", ParamKind::Movable}, {"file", ParamKind::Text}, {"animation", ParamKind::Text, true},
                           {"all", ParamKind::Flag, true}, {"replace", ParamKind::Integer, true}, {"at", ParamKind::Integer, true},
                           {"frame_duration", ParamKind::Integer, true}, {"targets", ParamKind::Text, true}},
                          bindSceneImport, std::move(example), nullptr});
}

void registerCopyAnimationsOperation() {
  if (ops::findOperation("copy_animations")) return;
  ops::registerOperation({"copy_animations",
                          {{"movable", ParamKind::Movable},
                           {"source_movable", ParamKind::Integer},
                           {"source", ParamKind::Text, true},
                           {"first", ParamKind::Integer, true},
                           {"count", ParamKind::Integer, true},
                           {"at", ParamKind::Integer, true},
                           {"targets", ParamKind::Text, true}},
                          bindCopy,
                          {{"movable", 427}, {"source_movable", 427}, {"first", 1}, {"count", 1}, {"targets", "own"}},
                          nullptr});
}

}  // namespace wadsmith::usecases
