#include "model/object_view.h"

#include <algorithm>

namespace wadsmith {

ObjectTables ObjectTables::empty() {
  ObjectTables t;
  forEachTablePart(t, t, [](auto& part, auto&) {
    part = share<std::remove_const_t<typename std::decay_t<decltype(part)>::element_type>>();
  });
  return t;
}

template <class T>
void ObjectView::indexTable(const RecordTable<T>& table) {
  std::uint32_t at = 0;
  for (const auto& s : table.segments) {
    const auto n = static_cast<std::uint32_t>(s.size());
    pos_[s.id] = {at, at + n, 0, 0};
    for (std::uint32_t i = 0; i < n; ++i) pos_[s.items[i].id] = {at + i, 0, s.id, i};
    at += n;
  }
}

// Each segment's first element and one past its last; returns the starts and the size last.
template <class T>
std::vector<std::uint32_t> ObjectView::indexPackage(const Package<T>& p) {
  std::vector<std::uint32_t> starts{0};
  for (const auto& s : p.segments) {
    starts.push_back(starts.back() + static_cast<std::uint32_t>(s.size()));
    pos_[s.id] = {starts[starts.size() - 2], starts.back()};
  }
  return starts;
}

ObjectView::ObjectView(const ObjectTables& t)
    : t_(t), pointers_(*t.meshPointers), animations_(*t.animations), stateChanges_(*t.stateChanges), dispatches_(*t.dispatches) {
  pos_.reserve(2 * (t.meshes->size() + pointers_.size() + animations_.size() + stateChanges_.size() + dispatches_.size()) +
               t.movables->size() + t.statics->size() + 64);
  for (std::size_t i = 0; i < t.meshes->size(); ++i) pos_[(*t.meshes)[i].id] = {static_cast<std::uint32_t>(i)};
  indexTable(*t.meshPointers);
  indexTable(*t.animations);
  indexTable(*t.stateChanges);
  indexTable(*t.dispatches);
  for (std::size_t i = 0; i < t.movables->size(); ++i) pos_[(*t.movables)[i].id] = {static_cast<std::uint32_t>(i)};
  for (std::size_t i = 0; i < t.statics->size(); ++i) pos_[(*t.statics)[i].id] = {static_cast<std::uint32_t>(i)};
  keyframeStarts_ = indexPackage(*t.keyframes);
  commandStarts_ = indexPackage(*t.commands);
  linkStarts_ = indexPackage(*t.links);
  animationOwner_.assign(animations_.size(), -1);
  for (std::size_t m = t.movables->size(); m-- > 0;) {
    auto [a0, a1] = animationRange(m);
    for (auto a = a0; a < a1; ++a) animationOwner_[a] = static_cast<long>(m);
  }
}

std::optional<std::size_t> ObjectView::indexOfId(Id id) const {
  auto it = pos_.find(id);
  if (it == pos_.end()) return std::nullopt;
  return it->second.at;
}

std::optional<std::size_t> ObjectView::indexOf(const RecordRef& r) const {
  if (!r.isRecord()) return std::nullopt;
  return indexOfId(r.id);
}

std::optional<RecordSlot> ObjectView::slotOf(Id record) const {
  auto it = pos_.find(record);
  if (it == pos_.end() || it->second.segment == 0) return std::nullopt;
  return RecordSlot{it->second.segment, it->second.offset};
}

std::pair<std::size_t, std::size_t> ObjectView::runRange(const RunRef& r) const {
  if (!r.isSegments()) return {0, 0};
  auto a = pos_.find(r.first), b = pos_.find(r.last);
  if (a == pos_.end() || b == pos_.end() || b->second.end < a->second.at) return {0, 0};
  return {a->second.at, b->second.end};
}

std::pair<std::uint32_t, std::uint32_t> ObjectView::runStored(const RunRef& r) const {
  if (!r.isSegments()) return {r.rawFirst, r.rawCount};
  auto [first, end] = runRange(r);
  return {static_cast<std::uint32_t>(first), static_cast<std::uint32_t>(end - first)};
}

std::optional<std::uint32_t> ObjectView::runStart(const RunRef& r) const {
  if (!r.isSegments()) return std::nullopt;
  return indexOfId(r.first);
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
    const auto& items = p.segments[seg].items;
    std::uint32_t local = at - starts[seg];
    std::uint32_t take = std::min<std::uint32_t>(static_cast<std::uint32_t>(items.size()) - local,
                                                 count - static_cast<std::uint32_t>(out.size()));
    out.insert(out.end(), items.begin() + local, items.begin() + local + take);
    at += take;
    ++seg;
  }
  return out;
}

template <class Object>
static std::optional<std::size_t> objectInSlot(const std::vector<Object>& objects, std::uint32_t slot) {
  for (std::size_t i = 0; i < objects.size(); ++i)
    if (objects[i].objectId == slot) return i;
  return std::nullopt;
}
std::optional<std::size_t> ObjectView::findMovable(std::uint32_t slot) const { return objectInSlot(*t_.movables, slot); }
std::optional<std::size_t> ObjectView::findStatic(std::uint32_t slot) const { return objectInSlot(*t_.statics, slot); }

MeshSlot ObjectView::pointerMesh(std::size_t pointerIndex) const {
  const MeshSlot none{pointerIndex};
  if (pointerIndex >= pointers_.size()) return none;
  const PackageRef& target = pointers_[pointerIndex].target;
  if (!target.isSegment() || target.delta != 0) return none;
  auto e = indexOfId(target.segment);
  if (!e) return none;
  return {pointerIndex, static_cast<long>(*e), (*t_.meshes)[*e].mesh.get()};
}

std::size_t ObjectView::meshCount(std::size_t movable) const {
  return runStored((*t_.movables)[movable].pointers).second;
}

std::vector<MeshSlot> ObjectView::movableMeshes(std::size_t movable) const {
  auto [first, end] = runRange((*t_.movables)[movable].pointers);
  std::vector<MeshSlot> out;
  for (auto i = first; i < end; ++i) out.push_back(pointerMesh(i));
  return out;
}

std::optional<MeshSlot> ObjectView::staticMesh(std::size_t st) const {
  auto [first, end] = runRange((*t_.statics)[st].pointer);
  if (first == end) return std::nullopt;
  return pointerMesh(first);
}

std::pair<std::size_t, std::size_t> ObjectView::animationRange(std::size_t movable) const {
  return runRange((*t_.movables)[movable].animations);
}

std::optional<std::size_t> ObjectView::movableOfAnimation(std::size_t anim) const {
  if (anim >= animationOwner_.size() || animationOwner_[anim] < 0) return std::nullopt;
  return static_cast<std::size_t>(animationOwner_[anim]);
}

std::vector<std::int32_t> ObjectView::linkDwords(std::size_t movable) const {
  const std::size_t meshes = meshCount(movable);
  if (meshes < 2) return {};
  auto at = runStart((*t_.movables)[movable].links);
  if (!at) return {};
  return readPackage(*t_.links, linkStarts_, *at, static_cast<std::uint32_t>(4u * (meshes - 1u)));
}

Skeleton ObjectView::skeleton(std::size_t movable) const { return geometry::meshTree(linkDwords(movable), meshCount(movable)); }

// The keyframe words of an animation run to where the next animation's begin.
std::pair<std::uint32_t, std::uint32_t> ObjectView::keyframeRun(std::size_t anim) const {
  const Animation& a = animations_[anim];
  auto at = runStart(a.keyframes);
  if (!at) return {0, 0};
  std::uint32_t next = keyframeStarts_.back();
  if (anim + 1 < animations_.size()) {
    auto n = runStart(animations_[anim + 1].keyframes);
    if (!n) return {0, 0};
    next = *n;
  }
  return {*at, next > *at ? next - *at : 0};
}

// TR1 keyframes carry their own size: the count and the words of the whole keyframes in the run.
static std::pair<std::size_t, std::size_t> tr1Keyframes(std::span<const std::uint16_t> words) {
  std::size_t count = 0, at = 0;
  while (const std::size_t n = tr1KeyframeWords(words.subspan(at))) {
    at += n;
    ++count;
  }
  return {count, at};
}

std::size_t ObjectView::keyframeCount(std::size_t anim) const {
  const Animation& a = animations_[anim];
  if (t_.keyframeFormat == KeyframeFormat::Tr1) {
    auto [at, n] = keyframeRun(anim);
    return tr1Keyframes(readPackage(*t_.keyframes, keyframeStarts_, at, n)).first;
  }
  if (a.keyframeSize == 0) return 0;
  return keyframeRun(anim).second / a.keyframeSize;
}

std::vector<std::uint16_t> ObjectView::keyframeWords(std::size_t anim) const {
  const Animation& a = animations_[anim];
  auto [at, n] = keyframeRun(anim);
  if (n == 0) return {};
  if (t_.keyframeFormat == KeyframeFormat::Tr1) {
    auto words = readPackage(*t_.keyframes, keyframeStarts_, at, n);
    words.resize(tr1Keyframes(words).second);
    return words;
  }
  if (a.keyframeSize == 0) return {};
  return readPackage(*t_.keyframes, keyframeStarts_, at, n / a.keyframeSize * a.keyframeSize);
}

// keyframeWords holds whole keyframes only (none when a keyframe has no size).
std::vector<Keyframe> ObjectView::keyframes(std::size_t anim, std::size_t meshCount) const {
  const auto words = keyframeWords(anim);
  const std::span<const std::uint16_t> all(words);
  const bool tr1 = t_.keyframeFormat == KeyframeFormat::Tr1;
  std::vector<Keyframe> out;
  for (std::size_t at = 0; at < words.size();) {
    const std::size_t size = tr1 ? tr1KeyframeWords(all.subspan(at)) : animations_[anim].keyframeSize;
    out.push_back(decodeKeyframe(all.subspan(at, size), meshCount, t_.keyframeFormat));
    at += size;
  }
  return out;
}

std::vector<std::uint16_t> ObjectView::commandWords(const RunRef& r) const {
  auto [first, end] = runRange(r);
  return readPackage(*t_.commands, commandStarts_, static_cast<std::uint32_t>(first), static_cast<std::uint32_t>(end - first));
}

CommandList ObjectView::commands(std::size_t anim) const {
  const Animation& a = animations_[anim];
  if (a.numCommands == 0) return {};
  auto at = runStart(a.commands);
  if (!at) return {.complete = false, .problem = "command offset points outside the command package"};
  // A command has at most 4 words, so this many words always suffice.
  auto words = readPackage(*t_.commands, commandStarts_, *at, 4u * a.numCommands);
  return parseCommands(words, a.numCommands);
}

const CommandReach& ObjectView::commandReach() const {
  if (!commandReach_) commandReach_ = std::make_shared<const CommandReach>(t_.commands->flatten());
  return *commandReach_;
}

std::string ObjectView::commandProblem(std::size_t anim) const {
  const Animation& a = animations_[anim];
  if (a.numCommands == 0) return {};
  auto at = runStart(a.commands);
  if (!at) return "command offset points outside the command package";
  return commandReach().problem(*at, a.numCommands);
}

std::size_t ObjectView::parsableCommands(std::size_t anim) const {
  const Animation& a = animations_[anim];
  auto at = runStart(a.commands);
  return a.numCommands && at ? commandReach().parsable(*at, a.numCommands) : 0;
}

std::pair<std::size_t, std::size_t> ObjectView::stateChangeRange(std::size_t anim) const {
  return runRange(animations_[anim].stateChanges);
}

std::pair<std::size_t, std::size_t> ObjectView::dispatchRange(std::size_t sc) const {
  return runRange(stateChanges_[sc].dispatches);
}

std::vector<std::size_t> ObjectView::movablesUsingMesh(long entryIndex) const {
  // The pointers landing on the entry, then one search per movable: movables' pointer runs may
  // overlap (every movable can claim 65,535 pointers), so walking each run would multiply.
  std::vector<std::size_t> hits;
  for (std::size_t i = 0; i < pointers_.size(); ++i)
    if (pointerMesh(i).entryIndex == entryIndex) hits.push_back(i);
  std::vector<std::size_t> out;
  for (std::size_t m = 0; m < t_.movables->size() && !hits.empty(); ++m) {
    auto [first, end] = runRange((*t_.movables)[m].pointers);
    auto it = std::lower_bound(hits.begin(), hits.end(), first);
    if (it != hits.end() && *it < end) out.push_back(m);
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
