// The table of operations' animation entries: animation fields, state changes, dispatches and
// commands of a movable's animation (frames and animations as users see them: see
// animation_ops.h).
#include "model/ops/operation_entries.h"
#include "model/ops/skeleton_ops.h"

namespace wadsmith::ops::entries {

namespace {

using P = ParamKind;
using List = Value::List;

// What an operation addresses (a movable's animation, perhaps one of its state changes) and how
// history labels name it: "movable 427 animation 1", "movable 427 animation 1 state change 0".
struct At {
  std::uint32_t movable;
  std::size_t animation, stateChange;
  std::string name;
};
At animationAt(const ArgReader& a, bool stateChange = false) {
  At at{a.slot("movable"), a.index("animation"), stateChange ? a.index("state_change") : 0, ""};
  at.name = "movable " + std::to_string(at.movable) + " animation " + std::to_string(at.animation) +
            (stateChange ? " state change " + std::to_string(at.stateChange) : "");
  return at;
}

std::vector<DispatchSpec> dispatchList(const ArgReader& a) {
  std::vector<DispatchSpec> out;
  if (!a.has("dispatches")) return out;
  if (!a.at("dispatches").isList()) throw EditError("\"dispatches\" must be an array");
  for (const auto& x : a.at("dispatches").list()) {
    if (!x.isNamed()) throw EditError("each of \"dispatches\" is an object of dispatch fields");
    out.push_back(dispatchSpec(ArgReader(x.named()).fields(dispatchFields())));
  }
  return out;
}

std::uint16_t stateOf(const ArgReader& a) {
  const auto state = a.fields(stateChangeFields()).stateId;
  if (!state) throw EditError("missing field \"state\"");
  return *state;
}

Step setAnimationStep(const ArgReader& a) {
  const auto at = animationAt(a);
  const auto c = a.fields(animationFields());
  return {at.name + ": " + setLabel(a, animationFields()), [=](const Document& d) { return setAnimation(d, at.movable, at.animation, c); }};
}

Step addStateChangeStep(const ArgReader& a) {
  const auto at = animationAt(a);
  const auto state = stateOf(a);
  const auto list = dispatchList(a);
  return {at.name + ": add state change", [=](const Document& d) { return addStateChange(d, at.movable, at.animation, state, list); }};
}

Step removeStateChangeStep(const ArgReader& a) {
  const auto at = animationAt(a, true);
  return {animationAt(a).name + ": remove state change " + std::to_string(at.stateChange),
          [=](const Document& d) { return removeStateChange(d, at.movable, at.animation, at.stateChange); }};
}

Step setStateChangeStep(const ArgReader& a) {
  const auto at = animationAt(a, true);
  const auto state = stateOf(a);
  return {at.name + ": " + setLabel(a, stateChangeFields()),
          [=](const Document& d) { return setStateChange(d, at.movable, at.animation, at.stateChange, state); }};
}

Step addDispatchStep(const ArgReader& a) {
  const auto at = animationAt(a, true);
  const auto spec = dispatchSpec(a.fields(dispatchFields()));
  return {at.name + ": add dispatch", [=](const Document& d) { return addDispatch(d, at.movable, at.animation, at.stateChange, spec); }};
}

Step removeDispatchStep(const ArgReader& a) {
  const auto at = animationAt(a, true);
  const auto k = a.index("dispatch");
  return {at.name + ": remove dispatch " + std::to_string(k),
          [=](const Document& d) { return removeDispatch(d, at.movable, at.animation, at.stateChange, k); }};
}

Step setDispatchStep(const ArgReader& a) {
  const auto at = animationAt(a, true);
  const auto k = a.index("dispatch");
  const auto c = a.fields(dispatchFields());
  return {at.name + " dispatch " + std::to_string(k) + ": " + setLabel(a, dispatchFields()),
          [=](const Document& d) { return setDispatch(d, at.movable, at.animation, at.stateChange, k, c); }};
}

Step addCommandStep(const ArgReader& a) {
  const auto at = animationAt(a);
  const auto spec = commandSpec(a.at("command"));
  const auto position = a.optIndex("position");
  return {at.name + ": add " + commandType(spec.code)->label + " command",
          [=](const Document& d) { return addCommand(d, at.movable, at.animation, spec, position); }};
}

Step removeCommandStep(const ArgReader& a) {
  const auto at = animationAt(a);
  const auto k = a.index("index");
  return {at.name + ": remove command " + std::to_string(k), [=](const Document& d) { return removeCommand(d, at.movable, at.animation, k); }};
}

Step setCommandStep(const ArgReader& a) {
  const auto at = animationAt(a);
  const auto k = a.index("index");
  const auto spec = commandSpec(a.at("command"));
  return {at.name + ": set command " + std::to_string(k) + " (" + commandType(spec.code)->label + ")",
          [=](const Document& d) { return setCommand(d, at.movable, at.animation, k, spec); }};
}

// The editor's new dispatch: over the whole animation, to the start of the animation itself.
void wholeAnimation(const ObjectView& v, const Selection& s, Args& args) {
  const ArgReader a(args);
  const Animation& anim = v.animations()[animationOf(v, a.slot("movable"), a.index("animation"))];
  args.try_emplace("in", 0);
  args.try_emplace("out", std::max(1, int(anim.frameEnd) - int(anim.frameStart) + 1));
  args.try_emplace("next_animation", s.animation);
  args.try_emplace("next_frame", 0);
}

Step setBoneStep(const ArgReader& a) {
  const std::uint32_t m = a.slot("movable");
  const std::size_t bone = a.index("bone");
  const auto c = a.fields(boneFields());
  return {"movable " + std::to_string(m) + " bone " + std::to_string(bone) + ": " + setLabel(a, boneFields()),
          [=](const Document& d) { return setBone(d, m, bone, c); }};
}

}  // namespace

std::vector<Operation> animationOperations() {
  const std::vector<Param> animation = {{"movable", P::Movable}, {"animation", P::Animation}};
  const auto stateChange = join(animation, {{"state_change", P::Integer}});
  const auto dispatch = join(stateChange, {{"dispatch", P::Integer}});
  const Args at{{"movable", 427}, {"animation", 1}};
  const auto example = [&](Args more) {
    more.insert(at.begin(), at.end());
    return more;
  };
  const Args flipeffect{{"type", "flipeffect"}, {"frame", 1}, {"effect", 32}, {"foot", "left"}};
  return {
      {"set_animation", join(animation, fieldParams(animationFields())), setAnimationStep,
       example({{"frame_duration", 3}, {"speed", 1.5}, {"accel_raw", 100}, {"next_animation", 0}})},
      {"add_state_change", join(animation, {{"state", P::Integer}, {"dispatches", P::List, true}}), addStateChangeStep,
       example({{"state", 3}, {"dispatches", List{Args{{"in", 0}, {"out", 4}, {"next_animation", 0}, {"next_frame", 0}}}}}),
       [](const ObjectView&, const Selection&, Args& args) { args.try_emplace("state", 0); }},
      {"remove_state_change", stateChange, removeStateChangeStep, example({{"state_change", 0}})},
      {"set_state_change", join(stateChange, fieldParams(stateChangeFields())), setStateChangeStep,
       example({{"state_change", 0}, {"state", 4}})},
      {"add_dispatch", join(stateChange, fieldParams(dispatchFields())), addDispatchStep,
       example({{"state_change", 0}, {"in", 5}, {"out", 9}, {"next_animation", 1}, {"next_frame", 0}}), wholeAnimation},
      {"remove_dispatch", dispatch, removeDispatchStep, example({{"state_change", 0}, {"dispatch", 0}})},
      {"set_dispatch", join(dispatch, fieldParams(dispatchFields())), setDispatchStep,
       example({{"state_change", 0}, {"dispatch", 0}, {"next_frame", 2}})},
      {"add_command", join(animation, {{"command", P::Named}, {"position", P::Integer, true}}), addCommandStep,
       example({{"command", flipeffect}, {"position", 0}})},
      {"remove_command", join(animation, {{"index", P::Integer}}), removeCommandStep, example({{"index", 0}})},
      {"set_bone", join({{"movable", P::Movable}, {"bone", P::Integer}}, fieldParams(boneFields())), setBoneStep,
       Args{{"movable", 427}, {"bone", 1}, {"y", -40}, {"push", true}}},
      {"set_command", join(animation, {{"index", P::Integer}, {"command", P::Named}}), setCommandStep,
       example({{"index", 1}, {"command", Args{{"type", "jump"}, {"vertical", -20}, {"horizontal", 40}}}})},
  };
}

}  // namespace wadsmith::ops::entries
