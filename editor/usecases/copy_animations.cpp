#include "editor/usecases/copy_animations.h"

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

}  // namespace

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
