// The table of operations' whole-animation entries: add, duplicate, delete and move a movable's
// animations (model/anim/whole.h). The history label says which animations were renumbered.
#include "model/anim/whole.h"
#include "model/ops/operation_entries.h"

namespace wadsmith::ops::entries {

namespace {

using P = ParamKind;

// "movable 427: " and what the step does.
std::string label(std::uint32_t movable, const std::string& what) { return "movable " + std::to_string(movable) + ": " + what; }

Step addAnimationStep(const ArgReader& a) {
  const std::uint32_t m = a.slot("movable");
  const auto at = a.optIndex("at");
  std::optional<Keyframe> pose;
  if (a.has("pose")) pose = poseOf(a.at("pose"));
  const std::string what = (pose ? "add animation in the given pose" : "add animation in the rest pose") +
                           (at ? " as " + std::to_string(*at) + " (animations from " + std::to_string(*at) + " move on one)" : " (the last)");
  return {label(m, what), [=](const Document& d) { return anim::addAnimation(d, m, at, pose); }};
}

Step duplicateAnimationStep(const ArgReader& a) {
  const std::uint32_t m = a.slot("movable");
  const auto n = a.index("animation");
  return {label(m, "duplicate animation " + std::to_string(n) + " as " + std::to_string(n + 1) + " (animations after " +
                         std::to_string(n) + " move on one)"),
          [=](const Document& d) { return anim::duplicateAnimation(d, m, n); }};
}

Step deleteAnimationStep(const ArgReader& a) {
  const std::uint32_t m = a.slot("movable");
  const auto n = a.index("animation");
  const std::string targets = a.has("targets") ? a.text("targets", "\"targets\"") : "drop";
  if (targets != "keep" && targets != "drop") throw EditError("\"targets\" is keep or drop");
  const auto t = targets == "keep" ? anim::Targets::Keep : anim::Targets::Drop;
  return {label(m, "delete animation " + std::to_string(n) + " (animations after it move back one; targets into it " +
                         (targets == "keep" ? "kept as the raw number)" : "dropped)")),
          [=](const Document& d) { return anim::deleteAnimation(d, m, n, t); }};
}

Step moveAnimationStep(const ArgReader& a) {
  const std::uint32_t m = a.slot("movable");
  const auto n = a.index("animation"), to = a.index("to");
  const std::string between = n < to ? std::to_string(n + 1) + ".." + std::to_string(to) + " move back one"
                              : n > to ? std::to_string(to) + ".." + std::to_string(n - 1) + " move on one"
                                       : "stay";
  return {label(m, "move animation " + std::to_string(n) + " to " + std::to_string(to) + " (animations " + between + ")"),
          [=](const Document& d) { return anim::moveAnimation(d, m, n, to); }};
}

}  // namespace

std::vector<Operation> wholeAnimationOperations() {
  const std::vector<Param> animation = {{"movable", P::Movable}, {"animation", P::Animation}};
  return {
      {"add_animation", {{"movable", P::Movable}, {"at", P::Integer, true}, {"pose", P::Named, true}}, addAnimationStep, {{"movable", 427}, {"at", 1}}},
      {"duplicate_animation", animation, duplicateAnimationStep, {{"movable", 427}, {"animation", 1}}},
      {"delete_animation", join(animation, {{"targets", P::Text, true}}), deleteAnimationStep, {{"movable", 427}, {"animation", 1}, {"targets", "keep"}}},
      {"move_animation", join(animation, {{"to", P::Integer}}), moveAnimationStep, {{"movable", 427}, {"animation", 1}, {"to", 0}}},
  };
}

}  // namespace wadsmith::ops::entries
