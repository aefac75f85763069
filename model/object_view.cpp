#include "model/object_view.h"

#include <algorithm>

namespace wadsmith {

namespace {
template <class T>
void indexRecords(std::unordered_map<Id, std::uint32_t>& pos, const std::vector<T>& records) {
  for (std::size_t i = 0; i < records.size(); ++i) pos[records[i].id] = static_cast<std::uint32_t>(i);
}
template <class T>
std::vector<std::uint32_t> indexSegments(std::unordered_map<Id, std::uint32_t>& pos, const Package<T>& p) {
  auto starts = p.starts();
  for (std::size_t i = 0; i < p.segments.size(); ++i) pos[p.segments[i].id] = starts[i];
  return starts;
}
}  // namespace

ObjectView::ObjectView(const ObjectTables& t) : t_(t) {
  pos_.reserve(t.meshes->size() + t.meshPointers->size() + t.animations->size() + t.stateChanges->size() +
               t.dispatches->size() + t.movables->size() + t.statics->size() + 64);
  for (std::size_t i = 0; i < t.meshes->size(); ++i) pos_[(*t.meshes)[i].id] = static_cast<std::uint32_t>(i);
  indexRecords(pos_, *t.meshPointers);
  indexRecords(pos_, *t.animations);
  indexRecords(pos_, *t.stateChanges);
  indexRecords(pos_, *t.dispatches);
  indexRecords(pos_, *t.movables);
  indexRecords(pos_, *t.statics);
  keyframeStarts_ = indexSegments(pos_, *t.keyframes);
  commandStarts_ = indexSegments(pos_, *t.commands);
  linkStarts_ = indexSegments(pos_, *t.links);
}

std::optional<std::size_t> ObjectView::indexOfId(Id id) const {
  auto it = pos_.find(id);
  if (it == pos_.end()) return std::nullopt;
  return it->second;
}

std::optional<std::size_t> ObjectView::indexOf(const RecordRef& r) const {
  if (!r.isRecord()) return std::nullopt;
  return indexOfId(r.id);
}

std::optional<std::uint32_t> ObjectView::offsetOf(const PackageRef& r, std::uint32_t size) const {
  switch (r.kind) {
    case PackageRef::Kind::Segment: {
      auto it = pos_.find(r.segment);
      if (it == pos_.end()) return std::nullopt;
      return it->second + r.delta;
    }
    case PackageRef::Kind::End: return size;
    case PackageRef::Kind::Raw: break;
  }
  return std::nullopt;
}
std::optional<std::uint32_t> ObjectView::keyframeWord(const PackageRef& r) const {
  return offsetOf(r, keyframeStarts_.back());
}
std::optional<std::uint32_t> ObjectView::commandWord(const PackageRef& r) const {
  return offsetOf(r, commandStarts_.back());
}
std::optional<std::uint32_t> ObjectView::linkDword(const PackageRef& r) const {
  return offsetOf(r, linkStarts_.back());
}

template <class T>
std::vector<T> ObjectView::readPackage(const Package<T>& p, const std::vector<std::uint32_t>& starts,
                                       std::uint32_t from, std::uint32_t count) const {
  std::vector<T> out;
  std::uint32_t total = starts.back();
  if (from >= total) return out;
  count = std::min(count, total - from);
  out.reserve(count);
  auto seg = static_cast<std::size_t>(std::upper_bound(starts.begin(), starts.end() - 1, from) - starts.begin() - 1);
  std::uint32_t at = from;
  while (out.size() < count && seg < p.segments.size()) {
    const auto& items = *p.segments[seg].items;
    std::uint32_t local = at - starts[seg];
    std::uint32_t take = std::min<std::uint32_t>(static_cast<std::uint32_t>(items.size()) - local,
                                                 count - static_cast<std::uint32_t>(out.size()));
    out.insert(out.end(), items.begin() + local, items.begin() + local + take);
    at += take;
    ++seg;
  }
  return out;
}

std::optional<std::size_t> ObjectView::findMovable(std::uint32_t slot) const {
  const auto& m = *t_.movables;
  for (std::size_t i = 0; i < m.size(); ++i)
    if (m[i].objectId == slot) return i;
  return std::nullopt;
}
std::optional<std::size_t> ObjectView::findStatic(std::uint32_t slot) const {
  const auto& s = *t_.statics;
  for (std::size_t i = 0; i < s.size(); ++i)
    if (s[i].objectId == slot) return i;
  return std::nullopt;
}

MeshSlot ObjectView::pointerMesh(std::size_t pointerIndex) const {
  MeshSlot slot;
  slot.pointerIndex = pointerIndex;
  if (pointerIndex >= t_.meshPointers->size()) return slot;
  const PackageRef& target = (*t_.meshPointers)[pointerIndex].target;
  if (!target.isSegment() || target.delta != 0) return slot;
  auto e = indexOfId(target.segment);
  if (!e) return slot;
  slot.entryIndex = static_cast<long>(*e);
  slot.mesh = (*t_.meshes)[*e].mesh.get();
  return slot;
}

std::vector<MeshSlot> ObjectView::movableMeshes(std::size_t movable) const {
  const Movable& m = (*t_.movables)[movable];
  std::vector<MeshSlot> out;
  auto first = indexOf(m.pointers);
  if (!first) return out;
  for (std::size_t i = 0; i < m.numPointers && *first + i < t_.meshPointers->size(); ++i)
    out.push_back(pointerMesh(*first + i));
  return out;
}

std::optional<MeshSlot> ObjectView::staticMesh(std::size_t st) const {
  auto p = indexOf((*t_.statics)[st].pointer);
  if (!p) return std::nullopt;
  return pointerMesh(*p);
}

std::pair<std::size_t, std::size_t> ObjectView::animationRange(std::size_t movable) const {
  const auto& movables = *t_.movables;
  auto first = indexOf(movables[movable].animations);
  if (!first) return {0, 0};
  // A movable's animations run to the next movable's first animation (any later movable with
  // animations), else to the end of the table.
  std::size_t end = t_.animations->size();
  for (std::size_t j = movable + 1; j < movables.size(); ++j)
    if (auto next = indexOf(movables[j].animations)) {
      end = *next;
      break;
    }
  if (end < *first) end = *first;
  return {*first, end};
}

std::optional<std::size_t> ObjectView::movableOfAnimation(std::size_t anim) const {
  for (std::size_t m = 0; m < t_.movables->size(); ++m) {
    auto [a, b] = animationRange(m);
    if (anim >= a && anim < b) return m;
  }
  return std::nullopt;
}

std::vector<std::int32_t> ObjectView::linkDwords(std::size_t movable) const {
  const Movable& m = (*t_.movables)[movable];
  if (m.numPointers < 2) return {};
  auto at = linkDword(m.links);
  if (!at) return {};
  return readPackage(*t_.links, linkStarts_, *at, 4u * (m.numPointers - 1u));
}

Skeleton ObjectView::skeleton(std::size_t movable) const {
  const Movable& m = (*t_.movables)[movable];
  Skeleton s;
  if (m.numPointers == 0) return s;
  s.bones.resize(m.numPointers);
  auto d = linkDwords(movable);
  std::vector<int> stack;
  int prev = 0;
  for (std::size_t i = 1; i < m.numPointers; ++i) {
    std::size_t r = 4 * (i - 1);
    if (r + 4 > d.size()) {
      s.truncated = true;
      s.bones[i].parent = static_cast<int>(i) - 1;
      prev = static_cast<int>(i);
      continue;
    }
    int parent = prev;
    // Bit 0 pops the parent from the stack, bit 1 pushes it (3 = read the top, keep it).
    if (d[r] & 1) {
      if (stack.empty()) {
        s.popUnderflow = true;
        parent = 0;
      } else {
        parent = stack.back();
        stack.pop_back();
      }
    }
    if (d[r] & 2) stack.push_back(parent);
    s.bones[i].parent = parent;
    s.bones[i].offset = {static_cast<std::int16_t>(d[r + 1]), static_cast<std::int16_t>(d[r + 2]),
                         static_cast<std::int16_t>(d[r + 3])};
    prev = static_cast<int>(i);
  }
  return s;
}

std::size_t ObjectView::keyframeCount(std::size_t anim) const {
  const auto& anims = *t_.animations;
  const Animation& a = anims[anim];
  if (a.keyframeSize == 0) return 0;
  auto at = keyframeWord(a.keyframes);
  if (!at) return 0;
  std::uint32_t next = keyframeStarts_.back();
  if (anim + 1 < anims.size()) {
    auto n = keyframeWord(anims[anim + 1].keyframes);
    if (!n) return 0;
    next = *n;
  }
  if (next <= *at) return 0;
  return (next - *at) / a.keyframeSize;
}

std::vector<std::uint16_t> ObjectView::keyframeWords(std::size_t anim) const {
  const Animation& a = (*t_.animations)[anim];
  auto at = keyframeWord(a.keyframes);
  if (!at) return {};
  return readPackage(*t_.keyframes, keyframeStarts_, *at,
                     static_cast<std::uint32_t>(keyframeCount(anim) * a.keyframeSize));
}

std::vector<Keyframe> ObjectView::keyframes(std::size_t anim, std::size_t meshCount) const {
  const Animation& a = (*t_.animations)[anim];
  auto words = keyframeWords(anim);
  std::vector<Keyframe> out;
  for (std::size_t at = 0; a.keyframeSize && at + a.keyframeSize <= words.size(); at += a.keyframeSize)
    out.push_back(decodeKeyframe(std::span(words).subspan(at, a.keyframeSize), meshCount));
  return out;
}

CommandList ObjectView::commands(std::size_t anim) const {
  const Animation& a = (*t_.animations)[anim];
  if (a.numCommands == 0) return {};
  auto at = commandWord(a.commands);
  if (!at) {
    CommandList c;
    c.complete = false;
    c.problem = "command offset points outside the command package";
    return c;
  }
  // A command has at most 4 words, so this many words always suffice.
  auto words = readPackage(*t_.commands, commandStarts_, *at, 4u * a.numCommands);
  return parseCommands(words, a.numCommands);
}

std::pair<std::size_t, std::size_t> ObjectView::stateChangeRange(std::size_t anim) const {
  const Animation& a = (*t_.animations)[anim];
  auto first = indexOf(a.stateChanges);
  if (!first) return {0, 0};
  return {*first, std::min(*first + a.numStateChanges, t_.stateChanges->size())};
}

std::pair<std::size_t, std::size_t> ObjectView::dispatchRange(std::size_t sc) const {
  const StateChange& s = (*t_.stateChanges)[sc];
  auto first = indexOf(s.dispatches);
  if (!first) return {0, 0};
  return {*first, std::min(*first + s.numDispatches, t_.dispatches->size())};
}

std::vector<std::size_t> ObjectView::movablesUsingMesh(long entryIndex) const {
  std::vector<std::size_t> out;
  for (std::size_t m = 0; m < t_.movables->size(); ++m)
    for (const auto& slot : movableMeshes(m))
      if (slot.entryIndex == entryIndex) {
        out.push_back(m);
        break;
      }
  return out;
}

std::vector<std::size_t> ObjectView::staticsUsingMesh(long entryIndex) const {
  std::vector<std::size_t> out;
  for (std::size_t s = 0; s < t_.statics->size(); ++s)
    if (auto slot = staticMesh(s); slot && slot->entryIndex == entryIndex) out.push_back(s);
  return out;
}

}  // namespace wadsmith
