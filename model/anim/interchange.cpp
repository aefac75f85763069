#include "model/anim/interchange.h"

#include <cmath>

#include "model/anim/keyframes.h"
#include "model/ops/animation_ops.h"
#include "model/ops/command_ops.h"

namespace wadsmith::anim {

const char* const kCommandTypes[7] = {"", "SetPosition", "SetJumpDistance", "EmptyHands", "KillEntity", "PlaySound", "FlipEffect"};

namespace {

int indexWithin(const ObjectView& v, const RecordRef& r, std::size_t first, int fallback) {
  const auto i = v.indexOf(r);
  return i ? static_cast<int>(long(*i) - long(first)) : fallback;
}

int frameOf(const ObjectView& v, const RecordRef& target, int frame) {
  const auto i = v.indexOf(target);
  return frame - (i ? int(v.animations()[*i].frameStart) : 0);
}

// The condition bits of a sound or flipeffect in their own parameter (1: 0x4000, 2: 0x8000);
// both bits stay in the value.
AnimCommand commandOf(const Command& c, int frameStart) {
  AnimCommand out{c.code < 7 ? kCommandTypes[c.code] : "", 0, 0, 0};
  int* p[] = {&out.p1, &out.p2, &out.p3};
  for (std::size_t i = 0; i < c.operands.size() && i < 3; ++i) *p[i] = c.operands[i];
  if (c.code == 5 || c.code == 6) {
    out.p1 = int(static_cast<std::uint16_t>(c.operands[0])) - frameStart;
    const int v = static_cast<std::uint16_t>(c.operands[1]), bits = v & 0xC000;
    if (bits == 0x4000 || bits == 0x8000) out.p2 = v & 0x3FFF, out.p3 = bits == 0x4000 ? 1 : 2;
    else out.p2 = v;
  }
  return out;
}

}  // namespace

AnimFile exportAnimation(const ObjectView& v, std::size_t movable, std::size_t anim) {
  const Animation& a = v.animations()[anim];
  const std::size_t first = v.animationRange(movable).first;
  AnimFile f;
  f.frameRate = a.frameDuration, f.stateId = a.stateId, f.endFrame = int(a.frameEnd) - int(a.frameStart);
  f.nextAnimation = indexWithin(v, a.nextAnimation, first, int(anim - first));
  f.nextFrame = frameOf(v, a.nextAnimation, a.nextFrame);
  f.name = "Animation " + std::to_string(anim - first);
  const auto keyframes = v.keyframes(anim, v.meshCount(movable));
  const double frames = keyframes.empty() ? 0.0 : double(keyframes.size() - 1) * a.frameDuration;
  f.startVelocity = a.speed / 65536.0, f.endVelocity = f.startVelocity + a.accel / 65536.0 * frames;
  f.startLateralVelocity = a.lateralSpeed / 65536.0, f.endLateralVelocity = f.startLateralVelocity + a.lateralAccel / 65536.0 * frames;
  for (const auto& k : keyframes) {
    auto vec = [](double x, double y, double z) { return std::array<double, 3>{x, y, z}; };
    AnimKeyframe out{vec(k.box.minX, k.box.minY, k.box.minZ), vec(k.box.maxX, k.box.maxY, k.box.maxZ), vec(k.offset.x, k.offset.y, k.offset.z), {}};
    for (const auto& r : k.rotations) out.angles.push_back({r.x, r.y, r.z});
    f.keyframes.push_back(std::move(out));
  }
  for (auto [s0, s1] = v.stateChangeRange(anim); s0 < s1; ++s0) {
    AnimStateChange sc{v.stateChanges()[s0].stateId, {}};
    for (auto [d0, d1] = v.dispatchRange(s0); d0 < d1; ++d0) {
      const Dispatch& d = v.dispatches()[d0];
      sc.dispatches.push_back({d.inFrame - a.frameStart, d.outFrame - a.frameStart, indexWithin(v, d.nextAnimation, first, -1),
                               frameOf(v, d.nextAnimation, d.nextFrame)});
    }
    f.stateChanges.push_back(std::move(sc));
  }
  for (const auto& c : v.commands(anim).commands) f.commands.push_back(commandOf(c, a.frameStart));
  return f;
}

}  // namespace wadsmith::anim
