#include "model/anim/retime.h"

#include <algorithm>
#include <unordered_set>

#include "model/object_view.h"
#include "model/runs.h"

namespace wadsmith::anim {
namespace {

// An absolute frame through the map, kept within what the field stores.
template <class T>
T mapped(const FrameMap& map, long start, T frame) {
  const long out = start + map(static_cast<int>(long(frame) - start));
  return static_cast<T>(std::clamp<long>(out, std::numeric_limits<T>::min(), std::numeric_limits<T>::max()));
}

}  // namespace

Retimed retime(const Document& d, std::size_t anim, const FrameMap& map) {
  const ObjectView v(objectsOf(d));
  const Animation& a = v.animations()[anim];
  const long start = a.frameStart;
  const RecordRef self = RecordRef::record(a.id);
  std::unordered_set<Id> own;  // the animation's dispatches
  for (auto [s0, s1] = v.stateChangeRange(anim); s0 < s1; ++s0)
    for (auto [d0, d1] = v.dispatchRange(s0); d0 < d1; ++d0) own.insert(v.dispatches()[d0].id);
  // Its commands whose frames move.
  auto parsed = v.commands(anim);
  std::vector<Command> commands = parsed.commands;
  std::size_t moved = 0;
  for (auto& c : commands) {
    const CommandType* type = commandType(c.code);
    for (std::size_t i = 0; type && i < type->operands.size() && i < c.operands.size(); ++i)
      if (type->operands[i].frame) {
        const auto f = static_cast<std::uint16_t>(c.operands[i]);
        const auto g = mapped(map, start, f);
        moved += g != f;
        c.operands[i] = static_cast<std::int16_t>(g);
      }
  }
  Document out = editDocument(d, [&](Draft& e) {
    if (commands != parsed.commands) {
      const auto words = encodeCommands(commands);
      auto& items = e.items(e.commands, ownRunOf(e, e.animations, &Animation::commands, e.commands, a.id));
      std::copy(words.begin(), words.end(), items.begin());  // frames only: the same words, as many
    }
    auto animationNeeds = [&](const Animation& r) {
      return r.nextAnimation == self && mapped(map, start, r.nextFrame) != r.nextFrame;
    };
    moved += editRecords(e, e.animations, animationNeeds, [&](Animation& r) { r.nextFrame = mapped(map, start, r.nextFrame); });
    auto dispatchNeeds = [&](const Dispatch& r) {
      return (own.count(r.id) && (mapped(map, start, r.inFrame) != r.inFrame || mapped(map, start, r.outFrame) != r.outFrame)) ||
             (r.nextAnimation == self && mapped(map, start, r.nextFrame) != r.nextFrame);
    };
    moved += editRecords(e, e.dispatches, dispatchNeeds, [&](Dispatch& r) {
      if (own.count(r.id)) {
        r.inFrame = mapped(map, start, r.inFrame), r.outFrame = mapped(map, start, r.outFrame);
        if (r.inFrame > r.outFrame) std::swap(r.inFrame, r.outFrame);
      }
      if (r.nextAnimation == self) r.nextFrame = mapped(map, start, r.nextFrame);
    });
  });
  return {std::move(out), moved};
}

FrameMap insertedMap(std::size_t at, std::size_t count, int duration) {
  const long from = long(at) * duration, by = long(count) * duration;
  return [=](int f) { return static_cast<int>(f >= from ? f + by : f); };
}

FrameMap deletedMap(std::size_t at, std::size_t count, int duration) {
  const long from = long(at) * duration, to = long(at + count) * duration;
  return [=](int f) { return static_cast<int>(f < from ? f : f >= to ? f - (to - from) : from); };
}

FrameMap reversedMap(int last) {
  return [=](int f) { return last - f; };
}

std::uint16_t frameEndFor(const Animation& a, std::size_t was, std::size_t count, const FrameMap& map) {
  const long d = a.frameDuration ? a.frameDuration : 1, end = long(a.frameEnd) - a.frameStart;
  // The same keyframes, or an end before the last keyframe's interval (real WADs have them):
  // the end keeps its moment.
  if (count == was) return a.frameEnd;
  if (was && long(was - 1) * d - end >= d) return static_cast<std::uint16_t>(std::clamp(long(a.frameStart) + (map ? map(int(end)) : end), 0L, 65535L));
  const long cut = was ? std::clamp(long(was - 1) * d - end, 0L, d - 1) : 0;
  const long span = count ? std::max(0L, long(count - 1) * d - cut) : 0;
  return static_cast<std::uint16_t>(std::clamp(long(a.frameStart) + span, 0L, 65535L));
}


}  // namespace wadsmith::anim
