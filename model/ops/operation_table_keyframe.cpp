// The table of operations' keyframe entries: a keyframe's box and root offset, a bone's
// rotation (animations and keyframes as users count them within the movable and animation).
#include <cmath>

#include "model/ops/keyframe_sampling.h"
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

Keyframe poseOf(const Value& v) {
  if (!v.isNamed()) throw EditError("each of \"keyframes\" is an object with box, offset and rotations");
  const ArgReader a(v.named());
  auto numbers = [](const Value& x, std::size_t n, const char* what) {
    std::vector<double> out;
    if (x.isList())
      for (const auto& e : x.list())
        if (e.isNumber()) out.push_back(e.number());
    if (out.size() != n || (x.isList() && x.list().size() != n))
      throw EditError(std::string(what) + " must be " + std::to_string(n) + " numbers");
    return out;
  };
  auto word = [](double x, const char* what) {
    if (x < -32768 || x > 32767 || x != std::floor(x)) throw EditError(std::string(what) + " must be whole numbers within -32768..32767");
    return static_cast<std::int16_t>(x);
  };
  Keyframe k;
  const auto& box = a.at("box");
  if (!box.isNamed()) throw EditError("box must be {\"min\": [x, y, z], \"max\": [x, y, z]}");
  const ArgReader b(box.named());
  const auto lo = numbers(b.at("min"), 3, "box min"), hi = numbers(b.at("max"), 3, "box max"), o = numbers(a.at("offset"), 3, "offset");
  k.box = {word(lo[0], "box"), word(hi[0], "box"), word(lo[1], "box"), word(hi[1], "box"), word(lo[2], "box"), word(hi[2], "box")};
  k.offset = {word(o[0], "offset"), word(o[1], "offset"), word(o[2], "offset")};
  if (!a.at("rotations").isList()) throw EditError("rotations must be a list");
  for (const auto& r : a.at("rotations").list()) {
    if (!r.isList() || r.list().size() != 4 || !r.list()[0].isText()) throw EditError("each rotation is [axes, x, y, z]");
    const std::string& axes = r.list()[0].text();
    const auto xyz = numbers(Value::List(r.list().begin() + 1, r.list().end()), 3, "a rotation's angles");
    Rotation rot;
    rot.axes = axes == "x" ? Rotation::Axes::X : axes == "y" ? Rotation::Axes::Y : axes == "z" ? Rotation::Axes::Z : Rotation::Axes::XYZ;
    if (axes != "x" && axes != "y" && axes != "z" && axes != "xyz") throw EditError("a rotation's axes are x, y, z or xyz");
    rot.words = rot.axes == Rotation::Axes::XYZ ? 2 : 1;
    rot.x = static_cast<float>(xyz[0]), rot.y = static_cast<float>(xyz[1]), rot.z = static_cast<float>(xyz[2]);
    k.rotations.push_back(rot);
  }
  return k;
}

namespace {

// An operation on the run of keyframes: `run` gets the document, the movable and the animation.
template <class Run>
Step runStep(const ArgReader& a, const std::string& what, Run run) {
  const std::uint32_t m = a.slot("movable");
  const std::size_t n = a.index("animation");
  return {"movable " + std::to_string(m) + " animation " + std::to_string(n) + ": " + what,
          [=](const Document& d) { return run(d, m, n); }};
}

Step insertKeyframeStep(const ArgReader& a) {
  const int frame = static_cast<int>(a.integer("frame", 0, 65535));
  return runStep(a, "insert keyframe at frame " + std::to_string(frame) + " (later frames move on)",
                 [=](const Document& d, auto m, auto n) { return insertKeyframe(d, m, n, frame); });
}

Step duplicateKeyframeStep(const ArgReader& a) {
  const auto k = a.index("keyframe");
  return runStep(a, "duplicate keyframe " + std::to_string(k) + " (later frames move on)",
                 [=](const Document& d, auto m, auto n) { return duplicateKeyframe(d, m, n, k); });
}

Step deleteKeyframesStep(const ArgReader& a) {
  const auto k = a.index("keyframe");
  const std::size_t count = a.has("count") ? a.index("count") : 1;
  return runStep(a, "delete " + std::to_string(count) + " keyframe(s) from " + std::to_string(k) + " (later frames move back)",
                 [=](const Document& d, auto m, auto n) { return deleteKeyframes(d, m, n, k, count); });
}

Step moveKeyframeStep(const ArgReader& a) {
  const auto k = a.index("keyframe"), to = a.index("to");
  return runStep(a, "move keyframe " + std::to_string(k) + " to " + std::to_string(to) + " (frames between follow)",
                 [=](const Document& d, auto m, auto n) { return moveKeyframe(d, m, n, k, to); });
}

Step interpolateKeyframesStep(const ArgReader& a) {
  const auto k = a.index("keyframe"), count = a.index("count");
  return runStep(a, "interpolate " + std::to_string(count) + " keyframe(s) after " + std::to_string(k) + " (later frames move on)",
                 [=](const Document& d, auto m, auto n) { return interpolateKeyframes(d, m, n, k, count); });
}

Step reverseKeyframesStep(const ArgReader& a) {
  return runStep(a, "reverse keyframes (frames mirrored in time)",
                 [=](const Document& d, auto m, auto n) { return reverseKeyframes(d, m, n); });
}

Step mirrorStep(const ArgReader& a) {
  const std::size_t k = a.has("keyframe") ? a.index("keyframe") : 0, count = a.has("count") ? a.index("count") : 0;
  return runStep(a, "mirror keyframes left to right",
                 [=](const Document& d, auto m, auto n) { return mirrorKeyframes(d, m, n, k, count); });
}

Step pasteStep(const ArgReader& a) {
  const auto at = a.index("at");
  const bool replace = a.has("replace") && a.boolean("replace");
  if (!a.at("keyframes").isList()) throw EditError("\"keyframes\" must be a list of poses");
  std::vector<Keyframe> poses;
  for (const auto& p : a.at("keyframes").list()) poses.push_back(poseOf(p));
  return runStep(a, (replace ? "paste over " : "paste ") + std::to_string(poses.size()) + " keyframe(s) at " + std::to_string(at),
                 [=](const Document& d, auto m, auto n) { return pasteKeyframes(d, m, n, at, poses, replace); });
}

Step resampleStep(const ArgReader& a) {
  const int duration = static_cast<int>(a.integer("frame_duration", 1, 255));
  return runStep(a, "resample keyframes every " + std::to_string(duration) + " frame(s) (frame numbers keep their moments: none moved)",
                 [=](const Document& d, auto m, auto n) { return resampleKeyframes(d, m, n, duration); });
}

Step boxesStep(const ArgReader& a) {
  const std::size_t k = a.has("keyframe") ? a.index("keyframe") : 0, count = a.has("count") ? a.index("count") : 0;
  const int grow = a.has("grow") ? static_cast<int>(a.integer("grow", -32768, 32767)) : 0;
  return runStep(a, "bounding boxes from the posed meshes" + (grow ? " grown by " + std::to_string(grow) : std::string()),
                 [=](const Document& d, auto m, auto n) { return recomputeKeyframeBoxes(d, m, n, k, count, grow); });
}

}  // namespace

std::vector<Operation> keyframeOperations() {
  const std::vector<Param> animation = {{"movable", P::Movable}, {"animation", P::Animation}};
  const auto keyframe = join(animation, {{"keyframe", P::Integer}});
  const auto whole = [](Args more) {  // the entries without a keyframe parameter
    more.insert({{"movable", 427}, {"animation", 1}});
    return more;
  };
  const auto example = [&](Args more) {
    more.insert({"keyframe", 1});
    return whole(std::move(more));
  };
  return {
      {"set_keyframe_offset", join(keyframe, keyframeParams("offset_")), [](const ArgReader& a) { return setKeyframeStep(a, "offset_"); },
       example({{"offset_y", -300}})},
      {"set_keyframe_box", join(keyframe, keyframeParams("box_")), [](const ArgReader& a) { return setKeyframeStep(a, "box_"); },
       example({{"box_min_x", -120}, {"box_max_y", 40}})},
      {"set_bone_rotation", join(join(keyframe, {{"bone", P::Integer}}), fieldParams(rotationFields())), setBoneRotationStep,
       example({{"bone", 1}, {"y", 60}})},
      {"insert_keyframe", join(animation, {{"frame", P::Integer}}), insertKeyframeStep, whole({{"frame", 3}})},
      {"duplicate_keyframe", keyframe, duplicateKeyframeStep, example({})},
      {"delete_keyframes", join(keyframe, {{"count", P::Integer, true}}), deleteKeyframesStep, example({{"count", 2}})},
      {"move_keyframe", join(keyframe, {{"to", P::Integer}}), moveKeyframeStep, example({{"to", 4}})},
      {"interpolate_keyframes", join(keyframe, {{"count", P::Integer}}), interpolateKeyframesStep, example({{"count", 3}})},
      {"reverse_keyframes", animation, reverseKeyframesStep, whole({})},
      {"mirror_keyframes", join(animation, {{"keyframe", P::Integer, true}, {"count", P::Integer, true}}), mirrorStep, whole({})},
      {"resample_animation", join(animation, {{"frame_duration", P::Integer}}), resampleStep, whole({{"frame_duration", 1}})},
      {"recompute_keyframe_boxes", join(animation, {{"keyframe", P::Integer, true}, {"count", P::Integer, true}, {"grow", P::Integer, true}}),
       boxesStep, whole({{"grow", 8}})},
      {"paste_keyframes", join(animation, {{"at", P::Integer}, {"keyframes", P::List}, {"replace", P::Flag, true}}), pasteStep,
       whole({{"at", 0}, {"keyframes", Value::List{Args{{"box", Args{{"min", Value::List{-9, -9, -9}}, {"max", Value::List{9, 9, 9}}}},
                                                       {"offset", Value::List{0, 5, 0}},
                                                       {"rotations", Value::List{Value::List{"xyz", 0, 0, 0}, Value::List{"y", 0, 90, 0},
                                                                                 Value::List{"xyz", 0, 0, 0}, Value::List{"z", 0, 0, 0}}}}}}})},
  };
}

}  // namespace wadsmith::ops::entries
