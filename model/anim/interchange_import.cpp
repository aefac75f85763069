// A WadTool animation put over animation N of a movable (model/anim/interchange.h).
#include <algorithm>
#include <cmath>

#include "model/anim/interchange.h"
#include "model/anim/keyframes.h"
#include "model/ops/animation_ops.h"
#include "model/ops/command_ops.h"

namespace wadsmith::anim {
namespace {

using ops::EditError;

bool nearZero(double degrees) {
  const double a = std::fmod(std::abs(degrees), 360.0);
  return a < 1e-3 || a > 360.0 - 1e-3;
}

// The words for angles: the form of the rotation they replace while the angles allow, else one
// axis when two angles are zero, else three axes; `error` gets the angle between the asked and
// the stored turn.
Rotation quantised(const std::array<double, 3>& a, const Rotation* was, KeyframeFormat format, double& error) {
  Rotation r;
  const bool zx = nearZero(a[0]), zy = nearZero(a[1]), zz = nearZero(a[2]);
  const bool oneAxis = format != KeyframeFormat::Tr1 && (int(zx) + int(zy) + int(zz)) >= 2;
  r.axes = Rotation::Axes::XYZ;
  if (oneAxis && (!was || was->axes != Rotation::Axes::XYZ)) {
    const auto wanted = was ? was->axes : Rotation::Axes::XYZ;
    if (!zx && (wanted == Rotation::Axes::X || wanted == Rotation::Axes::XYZ)) r.axes = Rotation::Axes::X;
    else if (!zy && (wanted == Rotation::Axes::Y || wanted == Rotation::Axes::XYZ)) r.axes = Rotation::Axes::Y;
    else if (!zz && (wanted == Rotation::Axes::Z || wanted == Rotation::Axes::XYZ)) r.axes = Rotation::Axes::Z;
    else if (zx && zy && zz) r.axes = was ? was->axes : Rotation::Axes::X;
  }
  r.x = static_cast<float>(a[0]), r.y = static_cast<float>(a[1]), r.z = static_cast<float>(a[2]);
  r.words = r.axes == Rotation::Axes::XYZ ? 2 : 1;
  const Rotation stored = geometry::decodeRotation(geometry::encodeRotation(r, format), format);
  const auto p = geometry::rotationQuat(r), q = geometry::rotationQuat(stored);
  const double dot = std::min(1.0, std::abs(p.w * q.w + p.x * q.x + p.y * q.y + p.z * q.z));
  error = 2 * std::acos(dot) * 180.0 / 3.14159265358979323846;
  return stored;
}

std::int16_t word(double v) { return static_cast<std::int16_t>(std::clamp(std::lround(v), -32768L, 32767L)); }

// A target within the movable (or, kept, within [low, count)) as the policy says; nullopt:
// drop it.
std::optional<int> target(int index, int count, int self, Targets policy, const std::string& what, std::vector<std::string>& notes,
                          int low = 0) {
  if (index >= (policy == Targets::Keep ? low : 0) && index < count) return index;
  if (policy == Targets::Keep)
    throw EditError(what + " is animation " + std::to_string(index) + ", past the movable's " + std::to_string(count) +
                    " (choose --targets own or drop)");
  notes.push_back(what + " (animation " + std::to_string(index) + ") " + (policy == Targets::Own ? "points at the imported animation" : "dropped"));
  if (policy == Targets::Own) return self;
  return std::nullopt;
}

Document withKeyframes(const Document& d, std::size_t movable, std::size_t anim, const AnimFile& f, KeyframeFormat format,
                       std::vector<double>& boneError) {
  return editKeyframes(d, movable, anim, [&](KeyframeRun& run, Animation&) {
    std::vector<StoredKeyframe> out;
    for (std::size_t i = 0; i < f.keyframes.size(); ++i) {
      const AnimKeyframe& k = f.keyframes[i];
      const Keyframe* was = i < run.keyframes.size() ? &run.keyframes[i].pose : nullptr;
      Keyframe pose;
      pose.box = {word(k.min[0]), word(k.max[0]), word(k.min[1]), word(k.max[1]), word(k.min[2]), word(k.max[2])};
      pose.offset = {word(k.offset[0]), word(k.offset[1]), word(k.offset[2])};
      for (std::size_t b = 0; b < k.angles.size(); ++b) {
        double error = 0;
        const Rotation* old = was && b < was->rotations.size() ? &was->rotations[b] : nullptr;
        pose.rotations.push_back(quantised(k.angles[b], old, format, error));
        boneError[b] = std::max(boneError[b], error);
      }
      out.push_back({pose, i < run.keyframes.size() ? run.keyframes[i].words : std::vector<std::uint16_t>{}});
    }
    run.keyframes = std::move(out);
  });
}

}  // namespace

Imported importAnimation(const Document& d, std::uint32_t slot, std::size_t animation, const AnimFile& f, Targets targets) {
  const ObjectView v(objectsOf(d));
  const std::size_t movable = ops::movableIndex(v, slot), anim = ops::animationOf(v, slot, animation);
  const auto range = v.animationRange(movable);
  const std::size_t first = range.first;
  const int count = int(range.second - first), self = int(animation);
  const std::size_t meshes = v.meshCount(movable);
  for (std::size_t i = 0; i < f.keyframes.size(); ++i)
    if (f.keyframes[i].angles.size() != meshes)
      throw EditError("keyframe " + std::to_string(i) + " turns " + std::to_string(f.keyframes[i].angles.size()) + " bones; the movable has " +
                      std::to_string(meshes) + " meshes");
  if (f.frameRate < 1 || f.frameRate > 255) throw EditError("FrameRate must be within 1..255");
  Imported out;
  out.boneError.assign(meshes, 0.0);
  Document doc = withKeyframes(d, movable, anim, f, v.tables().keyframeFormat, out.boneError);
  // The record: speeds from the velocities as WadTool compiles them.
  const double frames = double(f.keyframes.size() > 1 ? f.keyframes.size() - 1 : 1) * f.frameRate;
  // The next animation may be kept in another movable's animations, as some WADs have it.
  const int total = int(v.animations().size()) - int(first);
  const auto next = target(f.nextAnimation, targets == Targets::Keep ? total : count, self, targets == Targets::Drop ? Targets::Own : targets,
                           "the next animation", out.notes, -int(first));
  doc = editDocument(doc, [&](Draft& e) {
    const ObjectView now(e.tables());
    Animation& a = e.record(e.animations, *now.slotOf(v.animations()[anim].id));
    a.frameDuration = static_cast<std::uint8_t>(f.frameRate);
    a.stateId = static_cast<std::uint16_t>(f.stateId);
    a.frameEnd = static_cast<std::uint16_t>(std::clamp(long(a.frameStart) + f.endFrame, 0L, 65535L));
    a.speed = static_cast<std::int32_t>(std::lround(f.startVelocity * 65536.0));
    a.accel = static_cast<std::int32_t>(std::lround((f.endVelocity - f.startVelocity) / frames * 65536.0));
    a.lateralSpeed = static_cast<std::int32_t>(std::lround(f.startLateralVelocity * 65536.0));
    a.lateralAccel = static_cast<std::int32_t>(std::lround((f.endLateralVelocity - f.startLateralVelocity) / frames * 65536.0));
    const Animation& to = now.animations()[std::size_t(long(first) + *next)];
    a.nextAnimation = RecordRef::record(to.id);
    a.nextFrame = static_cast<std::uint16_t>(std::clamp(long(to.frameStart) + f.nextFrame, 0L, 65535L));
  });
  const AnimFile current = exportAnimation(ObjectView(objectsOf(doc)), movable, anim);
  if (current.stateChanges != f.stateChanges) {
    for (std::size_t k = current.stateChanges.size(); k-- > 0;) doc = ops::removeStateChange(doc, slot, animation, k).doc;
    for (const auto& sc : f.stateChanges) {
      std::vector<ops::DispatchSpec> specs;
      for (const auto& dp : sc.dispatches)
        if (auto to = target(dp.nextAnimation, count, self, targets, "a dispatch of state " + std::to_string(sc.stateId), out.notes))
          specs.push_back({dp.in, dp.out, std::size_t(*to), dp.nextFrame});
      doc = ops::addStateChange(doc, slot, animation, static_cast<std::uint16_t>(sc.stateId), specs).doc;
    }
  }
  if (current.commands != f.commands) {
    for (std::size_t k = current.commands.size(); k-- > 0;) doc = ops::removeCommand(doc, slot, animation, k).doc;
    for (const auto& c : f.commands) {
      const auto code = std::find(std::begin(kCommandTypes), std::end(kCommandTypes), c.type) - std::begin(kCommandTypes);
      if (code < 1 || code > 6) {
        out.notes.push_back("a " + c.type + " command has no classic form: left out");
        continue;
      }
      ops::CommandSpec spec{static_cast<std::uint16_t>(code), {}};
      const int operands = code == 1 ? 3 : code == 2 ? 2 : code >= 5 ? 2 : 0;
      const int p[] = {c.p1, c.p2, c.p3};
      for (int i = 0; i < operands; ++i) spec.operands.push_back(p[i]);
      if (code >= 5 && c.p3 >= 1 && c.p3 <= 2) spec.operands[1] = (c.p2 & 0x3FFF) | (c.p3 == 1 ? 0x4000 : 0x8000);
      else if (code >= 5 && c.p3 != 0) out.notes.push_back("a " + c.type + " condition " + std::to_string(c.p3) + " has no classic form: dropped");
      doc = ops::addCommand(doc, slot, animation, spec, std::nullopt).doc;
    }
  }
  out.edited.doc = std::move(doc);
  return out;
}

Document addBareAnimation(const Document& d, std::uint32_t slot, std::size_t at) {
  const Document added = addAnimation(d, slot, at, std::nullopt).doc;
  const ObjectView v(objectsOf(added));
  const std::size_t movable = ops::movableIndex(v, slot);
  return editKeyframes(added, movable, v.animationRange(movable).first + at, [](KeyframeRun& run, Animation&) { run.keyframes.clear(); });
}

Imported importNewAnimation(const Document& d, std::uint32_t slot, std::optional<std::size_t> at, const AnimFile& f, Targets targets) {
  const ObjectView v(objectsOf(d));
  const std::size_t movable = ops::movableIndex(v, slot);
  const auto [a0, a1] = v.animationRange(movable);
  const std::size_t n = at.value_or(a1 - a0);
  const Document added = addBareAnimation(d, slot, n);
  // The file numbers animations as the movable had them: those from `n` on are one further now.
  AnimFile shifted = f;
  auto shift = [&](int& t) { t += t >= int(n) ? 1 : 0; };
  shift(shifted.nextAnimation);
  for (auto& sc : shifted.stateChanges)
    for (auto& dp : sc.dispatches) shift(dp.nextAnimation);
  return importAnimation(added, slot, n, shifted, targets);
}

}  // namespace wadsmith::anim
