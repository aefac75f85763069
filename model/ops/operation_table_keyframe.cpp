// The table of operations' keyframe entries: a keyframe's box and root offset, a bone's
// rotation (animations and keyframes as users count them within the movable and animation).
#include "model/ops/operation_entries.h"

namespace wadsmith::ops::entries {

namespace {

using P = ParamKind;

// What a keyframe operation addresses, and how history labels name it.
struct KeyframeAt {
  std::uint32_t movable;
  std::size_t animation, keyframe;
  std::string name;
};
KeyframeAt keyframeAt(const ArgReader& a) {
  if (!a.has("movable")) throw EditError("missing field \"movable\"");
  KeyframeAt at{a.slot("movable"), a.index("animation"), a.index("keyframe"), ""};
  at.name = "movable " + std::to_string(at.movable) + " animation " + std::to_string(at.animation) + " keyframe " +
            std::to_string(at.keyframe);
  return at;
}

// set_keyframe_box and set_keyframe_offset: the same fields, each operation taking its own.
Step setKeyframeStep(const ArgReader& a, const char* prefix) {
  const auto at = keyframeAt(a);
  for (const auto& f : keyframeFields())
    if (a.has(f.key) && std::string_view(f.key).substr(0, std::string_view(prefix).size()) != prefix)
      throw EditError(std::string("\"") + f.key + "\" is not a field of this operation");
  const auto c = a.fields(keyframeFields());
  return {at.name + ": " + setLabel(a, keyframeFields()), [=](const Document& d) { return setKeyframe(d, at.movable, at.animation, at.keyframe, c); }};
}

Step setBoneRotationStep(const ArgReader& a) {
  const auto at = keyframeAt(a);
  const auto bone = a.index("bone");
  const auto c = a.fields(rotationFields());
  return {at.name + " bone " + std::to_string(bone) + ": set rotation",
          [=](const Document& d) { return setBoneRotation(d, at.movable, at.animation, at.keyframe, bone, c); }};
}

// The fields of keyframeFields() whose keys start with `prefix`, as parameters.
std::vector<Param> keyframeParams(std::string_view prefix) {
  std::vector<Param> out;
  for (const auto& p : fieldParams(keyframeFields()))
    if (p.key.starts_with(prefix)) out.push_back(p);
  return out;
}

}  // namespace

std::vector<Operation> keyframeOperations() {
  const std::vector<Param> keyframe = {{"movable", P::Movable}, {"animation", P::Animation}, {"keyframe", P::Integer}};
  const Args at{{"movable", 427}, {"animation", 1}, {"keyframe", 1}};
  const auto example = [&](Args more) {
    more.insert(at.begin(), at.end());
    return more;
  };
  return {
      {"set_keyframe_offset", join(keyframe, keyframeParams("offset_")), [](const ArgReader& a) { return setKeyframeStep(a, "offset_"); },
       example({{"offset_y", -300}})},
      {"set_keyframe_box", join(keyframe, keyframeParams("box_")), [](const ArgReader& a) { return setKeyframeStep(a, "box_"); },
       example({{"box_min_x", -120}, {"box_max_y", 40}})},
      {"set_bone_rotation", join(join(keyframe, {{"bone", P::Integer}}), fieldParams(rotationFields())), setBoneRotationStep,
       example({{"bone", 1}, {"y", 60}})},
  };
}

}  // namespace wadsmith::ops::entries
