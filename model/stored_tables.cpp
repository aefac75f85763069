#include "model/stored_tables.h"

#include <algorithm>
#include <optional>

#include "model/command.h"
#include "model/run_cutter.h"

namespace wadsmith {
namespace {

template <class T>
std::vector<Id> assignIds(std::vector<T>& records, Id& nextId) {
  std::vector<Id> ids(records.size());
  for (std::size_t i = 0; i < records.size(); ++i) ids[i] = records[i].id = nextId++;
  return ids;
}

template <class T>
auto sliceOf(const StoredWords<T>& words) {
  return [&words](std::uint32_t from, std::uint32_t to) { return words.slice(from, to); };
}

// A keyframe offset in words, unless it is odd or past the package.
std::optional<std::uint32_t> keyframeWord(const RunRef& stored, std::size_t words) {
  if (stored.rawFirst % 2 || stored.rawFirst / 2 > words) return std::nullopt;
  return stored.rawFirst / 2;
}

// Animations first, then movables' keyframe starts.
void addKeyframeRuns(const StoredTables& t, RunCutter& cut) {
  const auto size = static_cast<std::uint32_t>(t.keyframes.size());
  const auto& anims = t.animations;
  for (std::size_t i = 0; i < anims.size(); ++i) {
    const auto at = keyframeWord(anims[i].keyframes, size);
    if (!at) {
      cut.addRaw(anims[i].keyframes.rawFirst, 0);
      continue;
    }
    // Up to the next animation's offset (none when that one points nowhere).
    std::uint32_t end = size;
    if (i + 1 < anims.size()) end = std::max(keyframeWord(anims[i + 1].keyframes, size).value_or(*at), *at);
    cut.add(*at, end - *at);
  }
  for (const auto& m : t.movables) {
    const auto at = keyframeWord(m.keyframes, size);
    at ? cut.addToNext(*at) : cut.addRaw(m.keyframes.rawFirst, 0);
  }
}

void addCommandRuns(const StoredTables& t, RunCutter& cut) {
  const auto size = static_cast<std::uint32_t>(t.commands.size());
  const CommandReach reach(t.commands);
  std::vector<std::uint32_t> starts;  // of the lists: words that do not parse run to the next one
  for (const auto& a : t.animations)
    if (a.numCommands && a.commands.rawFirst < size) starts.push_back(a.commands.rawFirst);
  std::sort(starts.begin(), starts.end());
  for (const auto& a : t.animations) {
    const std::uint32_t at = a.commands.rawFirst;
    if (at > size) {
      cut.addRaw(at, 0);
      continue;
    }
    std::size_t end = at;
    if (reach.parsable(at, a.numCommands) == a.numCommands) {
      end = reach.end(at, a.numCommands);
    } else {
      auto next = std::upper_bound(starts.begin(), starts.end(), at);
      end = std::max<std::size_t>(reach.end(at, reach.depth(at)), next == starts.end() ? size : *next);
    }
    cut.add(at, static_cast<std::uint32_t>(end - at));
  }
}

void addLinkRuns(const StoredTables& t, RunCutter& cut) {
  const auto size = static_cast<std::uint32_t>(t.links.size());
  for (const auto& m : t.movables) {
    const std::uint32_t at = m.links.rawFirst, meshes = m.pointers.rawCount;
    // One mesh: no records; the index names a position.
    const std::uint32_t records = meshes > 1 ? 4 * (meshes - 1) : 0;
    at > size ? cut.addRaw(at, 0) : cut.add(at, std::min(records, size - at));
  }
}

// Movables' pointers then statics'; movables' animations; animations' state changes; state
// changes' dispatches.
void addRecordRuns(const StoredTables& t, RunCutter& pointers, RunCutter& animations, RunCutter& stateChanges,
                   RunCutter& dispatches) {
  for (const auto& m : t.movables) {
    pointers.add(m.pointers.rawFirst, m.pointers.rawCount);
    // -1 (0xFFFF) marks a movable without animations: kept raw whatever the table size.
    const auto first = m.animations.rawFirst;
    first == 0xFFFF ? animations.addRaw(first, 0) : animations.addToNext(first);
  }
  for (const auto& s : t.statics) pointers.add(s.pointer.rawFirst, 1);
  for (const auto& a : t.animations) stateChanges.add(a.stateChanges.rawFirst, a.stateChanges.rawCount);
  for (const auto& s : t.stateChanges) dispatches.add(s.dispatches.rawFirst, s.dispatches.rawCount);
}

template <class List>
std::uint32_t sizeOf(const List& v) {
  return static_cast<std::uint32_t>(v.size());
}

}  // namespace

ObjectTables linkTables(StoredTables t, Id& nextId) {
  assignIds(t.pointers, nextId);
  const auto animIds = assignIds(t.animations, nextId);
  assignIds(t.stateChanges, nextId);
  assignIds(t.dispatches, nextId);
  assignIds(t.movables, nextId);
  assignIds(t.statics, nextId);

  // Each cutter hands out its owners' runs in the order they were added.
  RunCutter pointers(sizeOf(t.pointers)), animations(sizeOf(t.animations)), stateChanges(sizeOf(t.stateChanges)),
      dispatches(sizeOf(t.dispatches)), keyframes(sizeOf(t.keyframes)), commands(sizeOf(t.commands)), links(sizeOf(t.links));
  addRecordRuns(t, pointers, animations, stateChanges, dispatches);
  addKeyframeRuns(t, keyframes);
  addCommandRuns(t, commands);
  addLinkRuns(t, links);

  ObjectTables out{.keyframeFormat = t.keyframeFormat};
  out.keyframes = share<WordPackage>(keyframes.cut<std::uint16_t>(nextId, sliceOf(t.keyframes)));
  out.commands = share<WordPackage>(commands.cut(std::move(t.commands), nextId));
  out.links = share<DwordPackage>(links.cut(std::move(t.links), nextId));
  out.meshes = share<std::vector<MeshEntry>>(std::move(t.meshes));
  out.meshPointers = share<RecordTable<MeshPointer>>(pointers.cut(std::move(t.pointers), nextId));
  for (auto& d : t.dispatches) d.nextAnimation = linkIndex(d.nextAnimation.raw, animIds);
  out.dispatches = share<RecordTable<Dispatch>>(dispatches.cut(std::move(t.dispatches), nextId));
  for (std::size_t i = 0; i < t.stateChanges.size(); ++i) t.stateChanges[i].dispatches = dispatches.ref(i);
  out.stateChanges = share<RecordTable<StateChange>>(stateChanges.cut(std::move(t.stateChanges), nextId));
  for (std::size_t i = 0; i < t.animations.size(); ++i) {
    Animation& a = t.animations[i];
    a.stateChanges = stateChanges.ref(i), a.keyframes = keyframes.ref(i), a.commands = commands.ref(i);
    a.nextAnimation = linkIndex(a.nextAnimation.raw, animIds);
  }
  out.animations = share<RecordTable<Animation>>(animations.cut(std::move(t.animations), nextId));
  const std::size_t n = animIds.size(), m = t.movables.size();
  for (std::size_t i = 0; i < m; ++i) {
    Movable& mv = t.movables[i];
    mv.pointers = pointers.ref(i), mv.animations = animations.ref(i), mv.links = links.ref(i), mv.keyframes = keyframes.ref(n + i);
  }
  for (std::size_t i = 0; i < t.statics.size(); ++i) t.statics[i].pointer = pointers.ref(m + i);
  out.movables = share<std::vector<Movable>>(std::move(t.movables));
  out.statics = share<std::vector<Static>>(std::move(t.statics));
  return out;
}

}  // namespace wadsmith
