// Classic movables as wad2 movables: meshes, W2Bone2 bones from the link records, W2Ani3
// animations (TombLib's Tr4WadOperations.ConvertTr4MoveableToWadMoveable).
#include <algorithm>
#include <cmath>

#include "model/object_view.h"
#include "model/wad2/commands.h"
#include "model/wad2/from_classic.h"

namespace wadsmith::wad2 {
namespace {

using detail::ClassicContext;

// TombLib keeps angles in [0, 360): value - floor(value / 360) * 360, in floats.
float reduced(float degrees) { return degrees - std::floor(degrees / 360.0f) * 360.0f; }

// A TR rotation as wad2 angles: x and z negated (y up), in float as TombLib computes them.
Vec3 angles(const Rotation& r) {
  const float step = r.axes == Rotation::Axes::XYZ ? 360.0f / 1024.0f : 360.0f / 4096.0f;
  auto units = [&](float deg) { return float(std::lround(double(deg) / double(step))); };
  return {reduced(-units(r.x) * step), reduced(units(r.y) * step), reduced(-units(r.z) * step)};
}

Keyframe convertKeyframe(const wadsmith::Keyframe& k) {
  Keyframe out;
  out.boxMin = {float(k.box.minX), float(-k.box.minY), float(k.box.minZ)};
  out.boxMax = {float(k.box.maxX), float(-k.box.maxY), float(k.box.maxZ)};
  out.offset = {float(k.offset.x), float(static_cast<std::int16_t>(-k.offset.y)), float(k.offset.z)};
  for (const auto& r : k.rotations) out.angles.push_back(angles(r));
  return out;
}

std::vector<Command> convertCommands(const CommandList& list, std::uint16_t frameStart, std::int64_t endFrame) {
  std::vector<Command> out;
  for (const auto& k : list.commands) {
    Command c;
    c.type = k.code;
    c.soundInfo = -1;
    auto operand = [&](std::size_t i) -> std::int64_t { return i < k.operands.size() ? k.operands[i] : 0; };
    if (k.code == command::kSound || k.code == command::kFlipEffect) {
      c.p1 = static_cast<std::int16_t>(operand(0) - frameStart);
      if (endFrame == 0 && c.p1 > 0) c.p1 = 0;  // TombLib: one-frame animations (WadMerger's inverted ranges)
      c.p2 = operand(1);
      c.version = 1;  // TR's packed conditions, moved into p3
      c = conditionsInP3(c);
    } else {
      c.p1 = operand(0), c.p2 = operand(1), c.p3 = operand(2);
    }
    out.push_back(c);
  }
  return out;
}

struct Frames {
  std::uint16_t start = 0;     // the animation's first frame in the WAD (WadMerger's inversions fixed)
  std::uint16_t endFrame = 0;  // its last frame, relative, within what its keyframes span
  std::uint16_t last = 0;      // how far a next frame into it may reach
};

class MovableConverter {
 public:
  MovableConverter(const ClassicContext& c, const ObjectView& view, std::size_t movable)
      : c_(c), view_(view), movable_(movable), range_(view.animationRange(movable)) {}

  Shared<Movable> convert() {
    const auto& mv = view_.movables()[movable_];
    Movable out;
    out.objectId = mv.objectId;
    const auto slots = view_.movableMeshes(movable_);
    for (std::size_t i = 0; i < slots.size(); ++i) {
      if (!slots[i].mesh)
        c_.notes.push_back("movable " + std::to_string(mv.objectId) + " mesh " + std::to_string(i) +
                           ": its pointer lands on no mesh: an empty mesh");
      out.meshes.push_back(slots[i].mesh ? detail::convertMesh(c_, *slots[i].mesh, "Mesh-" + std::to_string(mv.objectId) + "-" +
                                                                                       std::to_string(slots[i].entryIndex))
                                         : share<Mesh>());
    }
    const auto links = view_.linkDwords(movable_);
    for (std::size_t j = 0; j < slots.size(); ++j) {
      Bone b;
      b.name = j == 0 ? "bone_0_root" : "bone_" + std::to_string(j);
      b.mesh = static_cast<std::int64_t>(j);
      if (j > 0 && 4 * j <= links.size()) {
        const auto* l = &links[4 * (j - 1)];
        b.opcode = l[0];
        b.translation = {float(l[1]), float(-l[2]), float(l[3])};
      }
      out.bones.push_back(b);
    }
    const std::size_t count = range_.second - range_.first;
    for (std::size_t j = 0; j < count; ++j) animationIds_.push_back(c_.nextId++);
    for (std::size_t j = 0; j < count; ++j) frames_.push_back(framesOf(j, slots.size()));
    for (std::size_t j = 0; j < count; ++j) out.animations.push_back(share<Animation>(animation(j, slots.size())));
    return share<Movable>(std::move(out));
  }

 private:
  // TombLib clamps the end frame and next frames to what the keyframes span, but counts one
  // frame a keyframe for animations of two keyframes or fewer; this counts what they span, and
  // keeps the end frame of an animation without keyframes (TombLib makes it 0): both survive
  // the way back (model/wad2/to_classic.h).
  Frames framesOf(std::size_t j, std::size_t meshCount) const {
    const auto& a = view_.animations()[range_.first + j];
    Frames f;
    f.start = a.frameStart < a.frameEnd ? a.frameStart : a.frameEnd;
    f.endFrame = static_cast<std::uint16_t>((a.frameStart < a.frameEnd ? a.frameEnd : f.start) - f.start);
    const auto kf = view_.keyframes(range_.first + j, meshCount).size();
    f.last = 0xFFFF;
    if (kf > 0) {
      f.last = static_cast<std::uint16_t>((kf - 1) * a.frameDuration);
      f.endFrame = std::min(f.endFrame, f.last);
    }
    return f;
  }
  void note(std::size_t j, const std::string& what) const {
    c_.notes.push_back("movable " + std::to_string(view_.movables()[movable_].objectId) + " animation " +
                       std::to_string(j) + ": " + what);
  }
  // The animation a stored index names, relative to this movable's first (as TombLib wraps it).
  std::size_t relative(const RecordRef& r, std::size_t j) const {
    const std::size_t i = view_.indexOf(r).value_or(r.raw);
    const std::size_t rel = static_cast<std::uint16_t>(i - range_.first) % frames_.size();
    if (i < range_.first || i >= range_.second)
      note(j, "next animation " + std::to_string(i) + " is not this movable's: wrapped to " + std::to_string(rel) + " (TombLib)");
    return rel;
  }
  std::int64_t nextFrame(std::uint16_t absolute, std::size_t next, std::size_t j) const {
    const Frames& f = frames_[next];
    if (f.start == 0) return absolute;
    const auto rel = static_cast<std::uint16_t>(absolute - f.start);
    if (rel <= f.last) return rel;
    note(j, "next frame " + std::to_string(absolute) + " lies outside animation " + std::to_string(next) +
                ": its last frame instead (TombLib)");
    return f.last;
  }

  Animation animation(std::size_t j, std::size_t meshCount) const {
    const std::size_t index = range_.first + j;
    const auto& a = view_.animations()[index];
    Animation out;
    out.id = animationIds_[j];
    out.version = 3;
    out.stateId = a.stateId;
    out.frameRate = a.frameDuration;
    out.name = "Animation " + std::to_string(j);
    out.curve = {{0, 0}, {1, 1}, {0, 0}, {1, 1}};
    out.endFrame = frames_[j].endFrame;
    for (const auto& k : view_.keyframes(index, meshCount)) out.keyframes.push_back(convertKeyframe(k));
    const std::size_t next = relative(a.nextAnimation, j);
    out.nextAnimation = Ref::to(animationIds_[next]);
    out.nextFrame = nextFrame(a.nextFrame, next, j);
    for (auto [sc, scEnd] = view_.stateChangeRange(index); sc < scEnd; ++sc) {
      StateChange s;
      s.stateId = view_.stateChanges()[sc].stateId;
      for (auto [d, dEnd] = view_.dispatchRange(sc); d < dEnd; ++d) s.dispatches.push_back(dispatch(view_.dispatches()[d], j));
      out.stateChanges.push_back(std::move(s));
    }
    out.commands = convertCommands(view_.commands(index), frames_[j].start, out.endFrame);
    const float start = float(a.speed) / 65536.0f, lateral = float(a.lateralSpeed) / 65536.0f;
    // The way back divides by (keyframes - 1 or at least 1) x frame rate (TombLib's compiler):
    // the same span here keeps the acceleration of animations of one keyframe or none.
    const float span = float(std::max<std::size_t>(out.keyframes.size(), 2) - 1) * float(a.frameDuration);
    out.velocities = Vec4{start, start + float(a.accel) / 65536.0f * span, lateral,
                          lateral + float(a.lateralAccel) / 65536.0f * span};
    return out;
  }

  Dispatch dispatch(const wadsmith::Dispatch& d, std::size_t j) const {
    Dispatch out;
    out.version = 2;
    out.curve = {{0, 0}, {1, 1}, {0, 0}, {1, 1}};
    out.inFrame = static_cast<std::uint16_t>(d.inFrame - frames_[j].start);
    out.outFrame = static_cast<std::uint16_t>(d.outFrame - frames_[j].start);
    const std::size_t target = view_.indexOf(d.nextAnimation).value_or(d.nextAnimation.raw);
    const auto stored = static_cast<std::uint16_t>(target - range_.first);
    if (stored > 0x7FFF) {  // TombLib: "probably WadMerger's bug"
      note(j, "a dispatch to animation " + std::to_string(target) + " goes to the movable's first (TombLib)");
      out.nextAnimation = Ref::to(animationIds_[0]);
      return out;
    }
    const std::size_t next = stored % frames_.size();
    if (target >= range_.second) note(j, "a dispatch to another movable's animation " + std::to_string(target) + " wrapped (TombLib)");
    out.nextAnimation = Ref::to(animationIds_[next]);
    out.nextFrame = nextFrame(static_cast<std::uint16_t>(d.nextFrame), next, j);
    return out;
  }

  const ClassicContext& c_;
  const ObjectView& view_;
  std::size_t movable_;
  std::pair<std::size_t, std::size_t> range_;
  std::vector<Id> animationIds_;
  std::vector<Frames> frames_;
};

}  // namespace

std::vector<Shared<Movable>> detail::convertMovables(const ClassicContext& c) {
  const ObjectView view(c.wad.objects);
  std::vector<Shared<Movable>> out;
  for (std::size_t i = 0; i < view.movables().size(); ++i) out.push_back(MovableConverter(c, view, i).convert());
  return out;
}

}  // namespace wadsmith::wad2
