#include "model/ops/fields.h"

#include <cmath>
#include <cstdio>
#include <string>

#include "model/ops/skeleton_ops.h"
#include "model/texture_word.h"

namespace wadsmith::ops {

namespace {
constexpr double kFixed = 65536.0;
constexpr double kS16 = 32768.0;
using U = FieldUnit;
using Ctx = FieldContext;

// A field stored as a member, and set as one of the change (converted to its type).
template <auto Member>
long storedMember(const auto& record, const Ctx&) {
  return record.*Member;
}
template <auto Member, class Change>
void setMember(Change& c, double v) {
  c.*Member = static_cast<typename std::remove_reference_t<decltype(c.*Member)>::value_type>(v);
}
// A flag stored as a bit of a member.
template <auto Member, int Bit>
long storedBit(const auto& record, const Ctx&) {
  return (record.*Member & Bit) != 0;
}
// A 16.16 member from game units.
template <auto Member, class Change>
void setFixed(Change& c, double v) {
  c.*Member = static_cast<std::int32_t>(std::lround(v * kFixed));
}
}  // namespace

const std::vector<Field<Animation, AnimationChange>>& animationFields() {
  using A = Animation;
  using C = AnimationChange;
  auto fixed = [](const char* key, const char* label, long (*stored)(const A&, const Ctx&), void (*set)(C&, double)) {
    return Field<A, C>{{key, label, U::Fixed, -kS16, kS16 - 1 / kFixed, 0, true, false}, stored, nullptr, set};
  };
  static const std::vector<Field<A, C>> table = {
      {"state_id", "State id", U::Plain, 0, 65535, 0, true, false, storedMember<&A::stateId>, nullptr, setMember<&C::stateId>},
      {"frame_duration", "Frame duration", U::Plain, 1, 255, 0, true, false, storedMember<&A::frameDuration>, nullptr,
       setMember<&C::frameDuration>},
      {"keyframe_size", "Keyframe size", U::Plain, 0, 255, 0, false, false, storedMember<&A::keyframeSize>, nullptr, nullptr},
      fixed("speed", "Speed", storedMember<&A::speed>, setFixed<&C::speed>),
      fixed("accel", "Acceleration", storedMember<&A::accel>, setFixed<&C::accel>),
      fixed("lateral_speed", "Lateral speed", storedMember<&A::lateralSpeed>, setFixed<&C::lateralSpeed>),
      fixed("lateral_accel", "Lateral accel.", storedMember<&A::lateralAccel>, setFixed<&C::lateralAccel>),
      {"frame_start", "First frame", U::Plain, 0, 65535, 0, false, false, storedMember<&A::frameStart>, nullptr, nullptr},
      {"frame_end", "Last frame", U::Plain, 0, 65535, 0, false, false, storedMember<&A::frameEnd>, nullptr, nullptr},
      {"next_animation", "Next animation", U::Animation, 0, 32767, 0, true, false, nullptr,
       [](const A& a) { return &a.nextAnimation; }, setMember<&C::nextAnimation>},
      {"next_frame", "Next frame", U::TargetFrame, -65535, 65535, 0, true, false,
       storedMember<&A::nextFrame>, [](const A& a) { return &a.nextAnimation; }, setMember<&C::nextFrame>},
  };
  return table;
}

const std::vector<Field<StateChange, StateChangeChange>>& stateChangeFields() {
  static const std::vector<Field<StateChange, StateChangeChange>> table = {
      {"state", "To state", U::Plain, 0, 65535, 0, true, false, storedMember<&StateChange::stateId>,
       nullptr, setMember<&StateChangeChange::stateId>},
  };
  return table;
}

const std::vector<Field<Dispatch, DispatchChange>>& dispatchFields() {
  using D = Dispatch;
  using C = DispatchChange;
  static const std::vector<Field<D, C>> table = {
      {"in", "in", U::OwnFrame, -65535, 65535, 0, true, false, storedMember<&D::inFrame>, nullptr, setMember<&C::in>},
      {"out", "out", U::OwnFrame, -65535, 65535, 0, true, false, storedMember<&D::outFrame>, nullptr, setMember<&C::out>},
      {"next_animation", "next anim", U::Animation, 0, 32767, 0, true, false, nullptr,
       [](const D& d) { return &d.nextAnimation; }, setMember<&C::nextAnimation>},
      {"next_frame", "next frame", U::TargetFrame, -65535, 65535, 0, true, false,
       storedMember<&D::nextFrame>, [](const D& d) { return &d.nextAnimation; }, setMember<&C::nextFrame>},
  };
  return table;
}

const std::vector<Field<Keyframe, KeyframeChange>>& keyframeFields() {
  using K = Keyframe;
  using C = KeyframeChange;
  // Each a 16-bit word as stored.
  auto word = [](const char* key, const char* label, long (*stored)(const K&, const Ctx&), void (*set)(C&, double)) {
    return Field<K, C>{{key, label, U::Plain, -32768, 32767, 0, true, false}, stored, nullptr, set};
  };
#define KEYFRAME_WORD(key, label, member, change) \
  word(key, label, [](const K& k, const Ctx&) -> long { return k.member; }, [](C& c, double v) { c.change = static_cast<std::int16_t>(v); })
  static const std::vector<Field<K, C>> table = {
      KEYFRAME_WORD("box_min_x", "Box min x", box.minX, box[0]), KEYFRAME_WORD("box_max_x", "Box max x", box.maxX, box[1]),
      KEYFRAME_WORD("box_min_y", "Box min y", box.minY, box[2]), KEYFRAME_WORD("box_max_y", "Box max y", box.maxY, box[3]),
      KEYFRAME_WORD("box_min_z", "Box min z", box.minZ, box[4]), KEYFRAME_WORD("box_max_z", "Box max z", box.maxZ, box[5]),
      KEYFRAME_WORD("offset_x", "Offset x", offset.x, offset[0]), KEYFRAME_WORD("offset_y", "Offset y", offset.y, offset[1]),
      KEYFRAME_WORD("offset_z", "Offset z", offset.z, offset[2]),
  };
#undef KEYFRAME_WORD
  return table;
}

const std::vector<Field<Rotation, RotationChange>>& rotationFields() {
  using R = Rotation;
  using C = RotationChange;
  static const std::vector<Field<R, C>> table = {
      {"x", "X", U::Angle, -360, 360, 0, true, false, [](const R& r, const Ctx&) { return std::lround(r.x * 4096.0 / 360.0); }, nullptr,
       setMember<&C::x>},
      {"y", "Y", U::Angle, -360, 360, 0, true, false, [](const R& r, const Ctx&) { return std::lround(r.y * 4096.0 / 360.0); }, nullptr,
       setMember<&C::y>},
      {"z", "Z", U::Angle, -360, 360, 0, true, false, [](const R& r, const Ctx&) { return std::lround(r.z * 4096.0 / 360.0); }, nullptr,
       setMember<&C::z>},
      {"axes", "Axes", U::Plain, 0, 3, 0, false, false, [](const R& r, const Ctx&) -> long { return static_cast<long>(r.axes); },
       nullptr, nullptr},
  };
  return table;
}

const std::vector<Field<BoneLink, BoneChange>>& boneFields() {
  using B = BoneLink;
  using C = BoneChange;
  auto offset = [](const char* key, const char* label, long (*stored)(const B&, const Ctx&), void (*set)(C&, double)) {
    return Field<B, C>{{key, label, U::Plain, -2147483648.0, 2147483647.0, 0, true, false}, stored, nullptr, set};
  };
  static const std::vector<Field<B, C>> table = {
      offset("x", "Offset x", storedMember<&B::x>, setMember<&C::x>),
      offset("y", "Offset y", storedMember<&B::y>, setMember<&C::y>),
      offset("z", "Offset z", storedMember<&B::z>, setMember<&C::z>),
      {"pop", "Pop parent", U::Flag, 0, 1, 0, true, false, storedBit<&B::flags, 1>, nullptr, setMember<&C::pop>},
      {"push", "Push parent", U::Flag, 0, 1, 0, true, false, storedBit<&B::flags, 2>, nullptr, setMember<&C::push>},
  };
  return table;
}

const std::vector<Field<Polygon, FaceChange>>& faceFields() {
  using P = Polygon;
  using C = FaceChange;
  static const std::vector<Field<P, C>> table = {
      {"translucent", "Translucent (additive)", U::Flag, 0, 1, 0, true, false,
       storedBit<&P::attributes, attr::kTranslucent>, nullptr, setMember<&C::translucent>},
      {"shine", "Shine", U::Flag, 0, 1, 0, true, false, storedBit<&P::attributes, attr::kShine>, nullptr, setMember<&C::shine>},
      // The WAD keeps 5 bits of strength, a level 6.
      {"intensity", "Shine intensity", U::Plain, 0, 31, 63, true, false,
       [](const P& p, const Ctx& x) -> long { return (p.attributes >> 2) & (x.wad ? 0x1F : 0x3F); }, nullptr,
       setMember<&C::intensity>},
      {"texture", "Texture", U::Plain, 0, 4095, 0x7FFF, true, false,
       [](const P& p, const Ctx& x) -> long { return x.wad ? WadTextureWord::decode(p.texture, p.quad).sample : p.texture & 0x7FFF; },
       nullptr, setMember<&C::texture>},
      {"flip", "Flip", U::Flag, 0, 1, 0, true, true,
       [](const P& p, const Ctx&) -> long { return WadTextureWord::decode(p.texture, p.quad).flipped; }, nullptr,
       setMember<&C::flip>},
  };
  return table;
}

const std::vector<Field<SoundInfo, SoundInfoChange>>& soundInfoFields() {
  using S = SoundInfo;
  using C = SoundInfoChange;
  static const std::vector<Field<S, C>> table = {
      {"volume", "Volume", U::Plain, 0, 255, 0, true, true, storedMember<&S::volume>, nullptr, setMember<&C::volume>},
      {"range", "Range (sectors)", U::Plain, 0, 255, 0, true, true, storedMember<&S::range>, nullptr, setMember<&C::range>},
      {"chance", "Chance", U::Plain, 0, 255, 0, true, true, storedMember<&S::chance>, nullptr, setMember<&C::chance>},
      {"pitch", "Pitch", U::Plain, -128, 127, 0, true, true, storedMember<&S::pitch>, nullptr, setMember<&C::pitch>},
      // 0 normal, 1 one-shot wait, 2 one-shot rewind, 3 loop.
      {"loop", "Loop mode", U::Plain, 0, 3, 0, true, true, [](const S& s, const Ctx&) -> long { return s.loopMode(); }, nullptr,
       setMember<&C::loop>},
      {"no_pan", "No pan", U::Flag, 0, 1, 0, true, true,
       storedBit<&S::flags, soundflag::kNoPan>, nullptr, setMember<&C::noPan>},
      {"random_pitch", "Random pitch", U::Flag, 0, 1, 0, true, true, storedBit<&S::flags, soundflag::kRandomPitch>, nullptr,
       setMember<&C::randomPitch>},
      {"random_volume", "Random volume", U::Flag, 0, 1, 0, true, true, storedBit<&S::flags, soundflag::kRandomVolume>, nullptr,
       setMember<&C::randomVolume>},
      {"sample", "First sample", U::Plain, 0, 65535, 0, false, true, storedMember<&S::sample>, nullptr, nullptr},
      {"sample_count", "Samples", U::Plain, 0, 63, 0, false, true, [](const S& s, const Ctx&) -> long { return s.sampleCount(); },
       nullptr, nullptr},
      {"flags", "Flags", U::Plain, 0, 65535, 0, false, true, storedMember<&S::flags>, nullptr, nullptr},
  };
  return table;
}

std::string numberText(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  return buf;
}

void checkRange(const FieldInfo& f, double value, const FieldContext& c) {
  if (!std::isfinite(value) || value < f.min || value > f.maxFor(c))
    throw EditError(std::string(f.key) + " must be within " + std::to_string(static_cast<long>(std::ceil(f.min))) + ".." +
                    std::to_string(static_cast<long>(std::floor(f.maxFor(c)))) +
                    (f.unit == FieldUnit::Fixed ? " game units" : "") + ", got " + numberText(value));
  if (f.unit != FieldUnit::Fixed && f.unit != FieldUnit::Angle && value != std::floor(value))
    throw EditError(std::string(f.key) + " must be a whole number, got " + numberText(value));
}

FieldContext animationContext(const ObjectView& v, std::size_t movable, std::size_t animation) {
  auto [first, end] = v.animationRange(movable);
  return {&v, first, end, animation, true};
}

DispatchSpec dispatchSpec(const DispatchChange& c) {
  for (const auto& [given, key] : {std::pair{c.in.has_value(), "in"}, {c.out.has_value(), "out"},
                                   {c.nextAnimation.has_value(), "next_animation"}, {c.nextFrame.has_value(), "next_frame"}})
    if (!given) throw EditError(std::string("missing field \"") + key + "\"");
  return {*c.in, *c.out, *c.nextAnimation, *c.nextFrame};
}

}  // namespace wadsmith::ops
