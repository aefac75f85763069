#include "model/exchange/object_records.h"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <type_traits>

#include "model/merge/merge.h"
#include "model/object_view.h"
#include "model/stored_tables.h"

namespace wadsmith::exchange {
namespace {

// What an object is taken out into: sample 0 a 1x1 dummy on a blank page, as in the original
// WADs, so that no sample a flipped quad names becomes sample 0 (-0 is 0: the flip would go).
WadDocument carrierWad() {
  WadDocument w = WadDocument::empty();
  w.was = share<WasFile>();
  w.samples = share<std::vector<TextureSample>>(std::vector<TextureSample>{TextureSample{}});
  w.pixels = share<TexturePages>(TexturePages{{SharedBytes(std::vector<std::uint8_t>(kPageBytes, 0))}});
  return w;
}

// The fields an Animation and an AnimationRecord share, as they are.
template <class From, class To>
void copyScalars(const From& a, To& out) {
  out.frameDuration = a.frameDuration, out.keyframeSize = a.keyframeSize, out.stateId = a.stateId;
  out.speed = a.speed, out.accel = a.accel, out.lateralSpeed = a.lateralSpeed, out.lateralAccel = a.lateralAccel;
  out.frameStart = a.frameStart, out.frameEnd = a.frameEnd, out.nextFrame = a.nextFrame, out.numCommands = a.numCommands;
}

LocalRef localRef(const ObjectView& v, const RecordRef& r, std::size_t first, std::size_t end) {
  switch (r.kind) {
    case RecordRef::Kind::End: return {LocalRef::Kind::End, 0};
    case RecordRef::Kind::Raw: return {LocalRef::Kind::Raw, r.raw};
    case RecordRef::Kind::Record: break;
  }
  auto at = v.indexOf(r);
  if (at && *at >= first && *at < end) return {LocalRef::Kind::Index, static_cast<std::uint32_t>(*at - first)};
  // Another object's record: a merge of one object never leaves one (it points past the table).
  return {LocalRef::Kind::Raw, at ? static_cast<std::uint32_t>(*at) : 0u};
}

// Calls fn(record, local) for each next-animation and dispatch target of the movable at `m` and
// the records' target in the same place (the records mirror the document's structure).
template <class Animations, class Fn>
void forEachTarget(const ObjectView& v, std::size_t m, Animations& animations, Fn fn) {
  const auto range = v.animationRange(m);
  for (std::size_t i = 0; i < animations.size() && range.first + i < range.second; ++i) {
    auto& a = animations[i];
    fn(v.animations()[range.first + i], a.nextAnimation);
    const auto sc = v.stateChangeRange(range.first + i);
    for (std::size_t s = 0; s < a.stateChanges.size() && sc.first + s < sc.second; ++s) {
      const auto ds = v.dispatchRange(sc.first + s);
      for (std::size_t k = 0; k < a.stateChanges[s].dispatches.size() && ds.first + k < ds.second; ++k)
        fn(v.dispatches()[ds.first + k], a.stateChanges[s].dispatches[k].nextAnimation);
    }
  }
}

// The merge into the carrier leaves targets in other movables past the table: the original
// document says which movable's animation they named.
void markOtherTargets(const WadDocument& doc, const ObjectRef& ref, ObjectRecords& out) {
  const ObjectView v(doc.objects);
  auto m = v.findMovable(ref.slot);
  if (!m) return;
  const auto own = v.animationRange(*m);
  forEachTarget(v, *m, out.animations, [&](const auto& rec, LocalRef& into) {
    auto at = v.indexOf(rec.nextAnimation);
    if (!at || (*at >= own.first && *at < own.second)) return;
    if (auto owner = v.movableOfAnimation(*at))
      into = {LocalRef::Kind::Other, static_cast<std::uint32_t>(*at - v.animationRange(*owner).first), v.movables()[*owner].objectId};
  });
}

}  // namespace

ObjectRecords objectRecords(const WadDocument& doc, const ObjectRef& ref, const std::string& label) {
  merge::Request req{.sourceLabel = label};
  (ref.movable() ? req.movables : req.statics).push_back(ref.slot);
  const WadDocument mini = merge::mergeObjects(carrierWad(), doc, req).doc;
  const ObjectView v(mini.objects);

  ObjectRecords out;
  out.ref = ref;
  if (mini.was && !mini.was->lines.empty()) out.wasLine = mini.was->lines.front().text;
  out.samples = *mini.samples;
  for (const auto& p : mini.pixels->pages) out.pages.push_back(p.copy());

  std::map<long, std::uint32_t> meshIndex;  // entry index -> index in out.meshes
  auto addPointer = [&](const MeshSlot& slot) {
    const PackageRef& target = v.meshPointers()[slot.pointerIndex].target;
    const auto entry = target.isSegment() ? v.indexOfId(target.segment) : std::nullopt;
    const MeshEntry* e = entry ? &(*mini.objects.meshes)[*entry] : nullptr;
    if (!e || !e->mesh)
      throw std::invalid_argument(ref.text() + ": mesh pointer " + std::to_string(slot.pointerIndex) +
                                  " lands on no mesh (bytes nothing could parse, or past the package): not exportable");
    auto [it, added] = meshIndex.try_emplace(static_cast<long>(*entry), static_cast<std::uint32_t>(out.meshes.size()));
    if (added) out.meshes.push_back(*e->mesh);
    out.pointers.push_back(it->second);
    out.pointerDeltas.push_back(target.delta);
  };

  if (!ref.movable()) {
    const Static& s = mini.objects.statics->front();
    out.visibility = s.visibility;
    out.collision = s.collision;
    out.flags = s.flags;
    if (auto slot = v.staticMesh(0)) addPointer(*slot);
    if (!out.pointerDeltas.empty() && out.pointerDeltas[0] == 0) out.pointerDeltas.clear();
    return out;
  }

  const Movable& m = mini.objects.movables->front();
  for (const auto& slot : v.movableMeshes(0)) addPointer(slot);
  out.linkDwords = v.linkDwords(0);
  out.keyframeWords = mini.objects.keyframes->flatten();
  out.commandWords = mini.objects.commands->flatten();
  out.movableKeyframeOffset = v.runStart(m.keyframes);
  if (std::all_of(out.pointerDeltas.begin(), out.pointerDeltas.end(), [](std::uint32_t d) { return d == 0; }))
    out.pointerDeltas.clear();
  auto [a0, a1] = v.animationRange(0);
  for (auto a = a0; a < a1; ++a) {
    const Animation& src = v.animations()[a];
    AnimationRecord r;
    copyScalars(src, r);
    r.nextAnimation = localRef(v, src.nextAnimation, a0, a1);
    r.keyframeOffset = v.runStart(src.keyframes);
    if (!r.keyframeOffset) r.rawKeyframeOffset = src.keyframes.rawFirst;
    r.commandOffset = v.runStart(src.commands);
    if (!r.commandOffset) r.rawCommandOffset = src.commands.rawFirst;
    auto [s0, s1] = v.stateChangeRange(a);
    for (auto s = s0; s < s1; ++s) {
      StateChangeRecord sc;
      sc.stateId = v.stateChanges()[s].stateId;
      auto [d0, d1] = v.dispatchRange(s);
      for (auto d = d0; d < d1; ++d) {
        const Dispatch& dd = v.dispatches()[d];
        sc.dispatches.push_back({dd.inFrame, dd.outFrame, localRef(v, dd.nextAnimation, a0, a1), dd.nextFrame});
      }
      r.stateChanges.push_back(std::move(sc));
    }
    out.animations.push_back(std::move(r));
  }
  markOtherTargets(doc, ref, out);
  return out;
}

namespace {

// A stored animation index for the object's own table of `count` animations.
RecordRef storedIndex(const LocalRef& l, std::size_t count) {
  switch (l.kind) {
    case LocalRef::Kind::End:
    case LocalRef::Kind::Other: return RecordRef::rawValue(static_cast<std::uint32_t>(count));
    case LocalRef::Kind::Raw: return RecordRef::rawValue(l.value);
    case LocalRef::Kind::Index: break;
  }
  if (l.value >= count)
    throw std::invalid_argument("next animation " + std::to_string(l.value) + " is not one of the object's " + std::to_string(count));
  return RecordRef::rawValue(l.value);
}

// The animations with their state changes and dispatches, as a file stores them.
void storeAnimations(const ObjectRecords& r, StoredTables& t) {
  for (const AnimationRecord& a : r.animations) {
    Animation out;
    out.keyframes = RunRef::rawValue(a.keyframeOffset ? 2 * *a.keyframeOffset : a.rawKeyframeOffset, 0);
    copyScalars(a, out);
    out.nextAnimation = storedIndex(a.nextAnimation, r.animations.size());
    out.commands = RunRef::rawValue(a.commandOffset ? *a.commandOffset : a.rawCommandOffset, 0);
    out.stateChanges = RunRef::rawValue(static_cast<std::uint32_t>(t.stateChanges.size()), static_cast<std::uint32_t>(a.stateChanges.size()));
    for (const auto& sc : a.stateChanges) {
      t.stateChanges.push_back({0, sc.stateId, RunRef::rawValue(static_cast<std::uint32_t>(t.dispatches.size()),
                                                                static_cast<std::uint32_t>(sc.dispatches.size()))});
      for (const auto& d : sc.dispatches)
        t.dispatches.push_back({0, d.inFrame, d.outFrame, storedIndex(d.nextAnimation, r.animations.size()), d.nextFrame});
    }
    t.animations.push_back(out);
  }
}

}  // namespace

WadDocument objectDocument(const ObjectRecords& r) {
  WadDocument w = WadDocument::empty();
  if (!r.wasLine.empty()) w.was = share<WasFile>(WasFile{{WasLine{r.wasLine, false}}, true});
  w.samples = share<std::vector<TextureSample>>(r.samples);
  w.pixels = share<TexturePages>(TexturePages{std::vector<SharedBytes>(r.pages.begin(), r.pages.end())});

  Id next = 1;
  StoredTables t;
  for (const auto& m : r.meshes) t.meshes.push_back({next++, share<Mesh>(m), nullptr});
  for (std::size_t i = 0; i < r.pointers.size(); ++i) {
    if (r.pointers[i] >= t.meshes.size())
      throw std::invalid_argument("mesh pointer " + std::to_string(i) + " names mesh " + std::to_string(r.pointers[i]) +
                                  " of " + std::to_string(t.meshes.size()));
    t.pointers.push_back({0, PackageRef::at(t.meshes[r.pointers[i]].id, i < r.pointerDeltas.size() ? r.pointerDeltas[i] : 0)});
  }
  const auto pointers = RunRef::rawValue(0, static_cast<std::uint32_t>(t.pointers.size()));
  if (!r.ref.movable()) {
    t.statics.push_back({0, r.ref.slot, pointers, r.visibility, r.collision, r.flags});
  } else {
    storeAnimations(r, t);
    t.keyframes.words = r.keyframeWords;
    t.commands = r.commandWords;
    t.links = r.linkDwords;
    // No keyframe start: past any package, so it stays raw.
    const std::uint32_t keyframes = r.movableKeyframeOffset ? 2 * *r.movableKeyframeOffset : 0xFFFFFFFFu;
    t.movables.push_back({.objectId = r.ref.slot, .pointers = pointers, .links = RunRef::rawValue(0, 0),
                          .keyframes = RunRef::rawValue(keyframes, 0),
                          .animations = RunRef::rawValue(r.animations.empty() ? 0xFFFF : 0, 0)});
  }
  w.objects = linkTables(std::move(t), next);
  w.nextId = next;
  return w;
}

std::size_t resolveTargets(WadDocument& doc, std::uint32_t slot, const ObjectRecords& r) {
  const ObjectView v(doc.objects);
  auto m = v.findMovable(slot);
  if (!m) return 0;
  std::size_t missing = 0;
  Draft d(doc);
  forEachTarget(v, *m, r.animations, [&](const auto& rec, const LocalRef& l) {
    if (l.kind != LocalRef::Kind::Other) return;
    auto owner = v.findMovable(l.slot);
    const auto range = owner ? v.animationRange(*owner) : std::pair<std::size_t, std::size_t>{};
    if (range.first + l.value >= range.second) {
      ++missing;
      return;
    }
    const RecordRef to = RecordRef::record(v.animations()[range.first + l.value].id);
    if constexpr (std::is_same_v<std::decay_t<decltype(rec)>, Animation>)
      d.record(d.animations, *v.slotOf(rec.id)).nextAnimation = to;
    else
      d.record(d.dispatches, *v.slotOf(rec.id)).nextAnimation = to;
  });
  doc = d.wadResult();
  return missing;
}

}  // namespace wadsmith::exchange
