#include "editor/view/timeline.h"

#include <algorithm>
#include <cmath>

#include "model/catalog.h"
#include "model/ops/args.h"

namespace wadsmith::view {
namespace {

constexpr float kEdge = 4;  // pixels either side of a window's edge that grab it

// A command's mark: sounds by name (their land/water flag after it), flipeffects by number, a
// flipeffect with a foot flag as a footstep.
CommandMark commandMark(const Command& c, std::size_t index, int frameStart) {
  CommandMark m;
  m.command = index;
  m.frame = c.operands.empty() ? 0 : int(c.operands[0]) - frameStart;
  const CommandType* t = commandType(c.code);
  const auto raw = c.operands.size() > 1 ? static_cast<std::uint16_t>(c.operands[1]) : std::uint16_t(0);
  const std::uint16_t value = t ? static_cast<std::uint16_t>(raw & t->valueMask()) : raw;
  std::string flag;
  if (t)
    for (const auto& f : t->flags)
      if (raw & f.bit) flag = std::string(" (") + f.key + ")";
  if (c.code == static_cast<std::uint16_t>(CommandCode::Sound)) {
    m.kind = CommandKind::Sound;
    m.label = catalog::soundName(value).value_or("sound " + std::to_string(value)) + flag;
  } else {
    m.kind = flag.empty() ? CommandKind::Flipeffect : CommandKind::Footstep;
    m.label = (flag.empty() ? "effect " : "foot ") + std::to_string(value) + flag;
  }
  return m;
}

}  // namespace

int Timeline::boundaryAt(float x) const {
  return std::clamp(static_cast<int>(std::lround((x - geometry.x) / cell)), 0, frames);
}

int Timeline::frameAt(float x) const {
  return std::clamp(static_cast<int>(std::floor((x - geometry.x) / cell)), 0, frames - 1);
}

bool Timeline::interpolated(float frame) const {
  const float position = frame / float(frameDuration);
  const auto k = static_cast<std::size_t>(position);
  return position != std::floor(position) || k >= keyframes.size();
}

std::string animationLabel(std::uint32_t slot, std::size_t local) {
  std::string s = std::to_string(local);
  if (slot == 0)
    if (auto n = catalog::laraAnimationName(static_cast<std::uint32_t>(local))) s += " " + *n;
  return s;
}

std::array<float, 3> stateColour(std::uint16_t state) {
  const float h = std::fmod(float(state) * 0.618034f, 1.0f) * 6.0f;
  const float f = h - std::floor(h);
  const float s = 0.55f, v = 0.9f;
  const float p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f));
  switch (static_cast<int>(h) % 6) {
    case 0: return {v, t, p};
    case 1: return {q, v, p};
    case 2: return {p, v, t};
    case 3: return {p, q, v};
    case 4: return {t, p, v};
    default: return {v, p, q};
  }
}

Timeline layoutTimeline(const ObjectView& v, std::size_t movable, std::size_t anim, const TimelineGeometry& g) {
  Timeline t;
  t.geometry = g;
  const Animation& a = v.animations()[anim];
  t.frames = frameCount(a);
  t.frameDuration = std::max<int>(a.frameDuration, 1);
  t.cell = g.width / float(t.frames);
  const float h = g.rowHeight;
  const std::size_t keys = v.keyframeCount(anim);
  for (std::size_t k = 0; k < keys && int(k) * t.frameDuration < t.frames; ++k) {
    const int f = int(k) * t.frameDuration;
    t.keyframes.push_back({k, f, {t.xOf(float(f)), g.y, t.xOf(float(f) + 1), g.y + h}});
  }
  const auto [first, end] = v.animationRange(movable);
  const std::uint32_t slot = v.movables()[movable].objectId;
  const auto [s0, s1] = v.stateChangeRange(anim);
  t.stateChangeRows = s1 - s0;
  for (std::size_t x = s0; x < s1; ++x) {
    const StateChange& sc = v.stateChanges()[x];
    const float y = g.y + h * float(1 + x - s0);
    const auto [d0, d1] = v.dispatchRange(x);
    for (std::size_t d = d0; d < d1; ++d) {
      const Dispatch& dp = v.dispatches()[d];
      DispatchWindow w{x - s0, d - d0, dp.inFrame - a.frameStart, dp.outFrame - a.frameStart, sc.stateId,
                       stateColour(sc.stateId), "", {}};
      const auto target = v.indexOf(dp.nextAnimation);
      w.label = target && *target >= first && *target < end ? animationLabel(slot, *target - first) : "(outside)";
      w.rect = {t.xOf(float(w.in)), y, t.xOf(float(std::max(w.out, w.in))), y + h};
      t.dispatches.push_back(std::move(w));
    }
  }
  const float commandsY = g.y + h * float(1 + t.stateChangeRows);
  const auto list = v.commands(anim);
  for (std::size_t i = 0; i < list.commands.size(); ++i) {
    const Command& c = list.commands[i];
    if (c.code != static_cast<std::uint16_t>(CommandCode::Sound) && c.code != static_cast<std::uint16_t>(CommandCode::FlipEffect))
      continue;  // only these two happen on a frame
    CommandMark m = commandMark(c, i, a.frameStart);
    m.rect = {t.xOf(float(m.frame)), commandsY, t.xOf(float(m.frame) + 1), commandsY + h};
    t.commands.push_back(std::move(m));
  }
  t.height = h * float(2 + t.stateChangeRows);
  return t;
}

TimelineHit hitTimeline(const Timeline& t, float x, float y) {
  for (std::size_t i = 0; i < t.commands.size(); ++i)
    if (t.commands[i].rect.contains(x, y)) return {TimelinePart::Command, i};
  for (std::size_t i = 0; i < t.dispatches.size(); ++i) {
    const Rect& r = t.dispatches[i].rect;
    if (y < r.y0 || y >= r.y1) continue;
    if (std::abs(x - r.x0) <= kEdge) return {TimelinePart::DispatchIn, i};
    if (std::abs(x - r.x1) <= kEdge) return {TimelinePart::DispatchOut, i};
    if (r.contains(x, y)) return {TimelinePart::Dispatch, i};
  }
  for (std::size_t i = 0; i < t.keyframes.size(); ++i)
    if (t.keyframes[i].rect.contains(x, y)) return {TimelinePart::Keyframe, i};
  return {};
}

std::optional<ops::Call> timelineDrop(const ObjectView& v, std::size_t anim, const Timeline& t, const TimelineHit& hit,
                                      int frame) {
  using P = TimelinePart;
  if (hit.part == P::Command && hit.index < t.commands.size()) {
    const CommandMark& m = t.commands[hit.index];
    frame = std::clamp(frame, 0, t.frames - 1);
    if (frame == m.frame) return std::nullopt;
    ops::Value command = ops::commandValue(v.commands(anim).commands[m.command], v.animations()[anim].frameStart);
    ops::Args named = command.named();
    named["frame"] = frame;
    return ops::Call{"set_command", {{"index", m.command}, {"command", named}}};
  }
  if ((hit.part != P::DispatchIn && hit.part != P::DispatchOut) || hit.index >= t.dispatches.size()) return std::nullopt;
  const DispatchWindow& w = t.dispatches[hit.index];
  const bool in = hit.part == P::DispatchIn;
  frame = in ? std::clamp(frame, 0, w.out) : std::clamp(frame, w.in, t.frames);
  if (frame == (in ? w.in : w.out)) return std::nullopt;
  const char* key = in ? "in" : "out";
  return ops::Call{"set_dispatch", {{"state_change", w.stateChange}, {"dispatch", w.dispatch},
                                    {key, ops::paramValue(*ops::findOperation("set_dispatch"), key, frame)}}};
}

}  // namespace wadsmith::view
