#include "model/merge/remove_objects.h"

#include <algorithm>
#include <set>
#include <stdexcept>
#include <unordered_set>

#include "model/object_view.h"
#include "model/texture_word.h"

namespace wadsmith::merge {

namespace {

using IdSet = std::unordered_set<Id>;

void subtract(IdSet& from, const IdSet& keep) {
  for (auto id : keep) from.erase(id);
}

// Removes records whose id is in `gone`; returns, for each removed id, the id of the next
// record that stays (or 0 for none: the reference becomes End).
template <class T>
std::unordered_map<Id, Id> eraseRecords(std::vector<T>& table, const IdSet& gone) {
  std::unordered_map<Id, Id> next;
  std::vector<Id> pending;
  std::vector<T> kept;
  kept.reserve(table.size());
  for (auto& r : table) {
    if (gone.count(r.id)) {
      pending.push_back(r.id);
      continue;
    }
    for (auto id : pending) next[id] = r.id;
    pending.clear();
    kept.push_back(std::move(r));
  }
  for (auto id : pending) next[id] = 0;
  table = std::move(kept);
  return next;
}

template <class T>
std::unordered_map<Id, Id> eraseSegments(Package<T>& p, const IdSet& gone) {
  std::unordered_map<Id, Id> next;
  std::vector<Id> pending;
  std::vector<Segment<T>> kept;
  for (auto& s : p.segments) {
    if (gone.count(s.id)) {
      pending.push_back(s.id);
      continue;
    }
    for (auto id : pending) next[id] = s.id;
    pending.clear();
    kept.push_back(std::move(s));
  }
  for (auto id : pending) next[id] = 0;
  p.segments = std::move(kept);
  return next;
}

// A reference into something removed names the position it stood at: the next survivor.
void redirect(RecordRef& r, const std::unordered_map<Id, Id>& next) {
  if (!r.isRecord()) return;
  auto it = next.find(r.id);
  if (it != next.end()) r = it->second ? RecordRef::record(it->second) : RecordRef::end();
}
void redirect(PackageRef& r, const std::unordered_map<Id, Id>& next) {
  if (!r.isSegment()) return;
  auto it = next.find(r.segment);
  if (it != next.end()) r = it->second ? PackageRef::at(it->second) : PackageRef::end();
}

// Segments an element range [from, from + count) touches.
template <class T>
void touch(const Package<T>& p, const std::vector<std::uint32_t>& starts, std::uint32_t from, std::uint32_t count,
           IdSet& out) {
  if (starts.size() < 2) return;
  auto it = std::upper_bound(starts.begin(), starts.end() - 1, from);
  std::size_t i = it == starts.begin() ? 0 : static_cast<std::size_t>(it - starts.begin()) - 1;
  for (; i < p.segments.size(); ++i) {
    if (starts[i] >= from + std::max<std::uint32_t>(count, 1)) break;
    out.insert(p.segments[i].id);
  }
}

}  // namespace

Removal removeObjects(WadDraft& d, const std::vector<ObjectKey>& keys) {
  Removal out;
  const ObjectTables t = d.tables();
  ObjectView v(t);
  const auto& movables = *t.movables;
  const auto& statics = *t.statics;
  std::vector<bool> rmMovable(movables.size(), false), rmStatic(statics.size(), false);
  for (const auto& k : keys) {
    auto i = k.kind == ObjectKind::Movable ? v.findMovable(k.slot) : v.findStatic(k.slot);
    if (!i) throw std::invalid_argument("no " + describe(k) + " to remove");
    (k.kind == ObjectKind::Movable ? rmMovable : rmStatic)[*i] = true;
  }

  // Mesh pointers and meshes.
  IdSet rmPointer, keepPointer, rmMesh, keepMesh;
  for (std::size_t m = 0; m < movables.size(); ++m)
    for (const auto& slot : v.movableMeshes(m)) (rmMovable[m] ? rmPointer : keepPointer).insert((*t.meshPointers)[slot.pointerIndex].id);
  for (std::size_t s = 0; s < statics.size(); ++s)
    if (auto p = v.indexOf(statics[s].pointer)) (rmStatic[s] ? rmPointer : keepPointer).insert((*t.meshPointers)[*p].id);
  subtract(rmPointer, keepPointer);
  for (const auto& p : *t.meshPointers)
    if (p.target.isSegment()) (rmPointer.count(p.id) ? rmMesh : keepMesh).insert(p.target.segment);
  subtract(rmMesh, keepMesh);

  // Animations and what they own.
  IdSet rmAnim, rmSc, keepSc, rmDisp, keepDisp, rmKf, keepKf, rmCmd, keepCmd, rmLink, keepLink;
  for (std::size_t m = 0; m < movables.size(); ++m)
    if (rmMovable[m]) {
      auto [a0, a1] = v.animationRange(m);
      for (auto a = a0; a < a1; ++a) rmAnim.insert((*t.animations)[a].id);
    }
  const auto kfStarts = t.keyframes->starts(), cmdStarts = t.commands->starts(), linkStarts = t.links->starts();
  std::vector<bool> scGone(t.stateChanges->size(), false);
  for (std::size_t a = 0; a < t.animations->size(); ++a) {
    const Animation& A = (*t.animations)[a];
    const bool gone = rmAnim.count(A.id) > 0;
    auto [s0, s1] = v.stateChangeRange(a);
    for (auto s = s0; s < s1; ++s) (gone ? rmSc : keepSc).insert((*t.stateChanges)[s].id);
    if (A.keyframes.isSegment()) (gone ? rmKf : keepKf).insert(A.keyframes.segment);
    if (A.numCommands > 0)
      if (auto o = v.commandWord(A.commands)) {
        auto list = v.commands(a);
        std::uint32_t len = list.complete ? static_cast<std::uint32_t>(list.wordsUsed) : 1;
        touch(*t.commands, cmdStarts, *o, len, gone ? rmCmd : keepCmd);
      }
  }
  subtract(rmSc, keepSc);
  for (std::size_t s = 0; s < t.stateChanges->size(); ++s) {
    scGone[s] = rmSc.count((*t.stateChanges)[s].id) > 0;
    auto [d0, d1] = v.dispatchRange(s);
    for (auto x = d0; x < d1; ++x) (scGone[s] ? rmDisp : keepDisp).insert((*t.dispatches)[x].id);
  }
  subtract(rmDisp, keepDisp);
  for (std::size_t m = 0; m < movables.size(); ++m) {
    const Movable& M = movables[m];
    // A movable without animations only names a position: it does not keep keyframes alive.
    if (M.keyframes.isSegment() && (rmMovable[m] || M.hasAnimations())) (rmMovable[m] ? rmKf : keepKf).insert(M.keyframes.segment);
    if (M.numPointers > 1)
      if (auto o = v.linkDword(M.links)) touch(*t.links, linkStarts, *o, 4u * (M.numPointers - 1u), rmMovable[m] ? rmLink : keepLink);
  }
  subtract(rmKf, keepKf);
  subtract(rmCmd, keepCmd);
  subtract(rmLink, keepLink);

  // Texture samples only the removed meshes name.
  std::set<std::uint16_t> usedByRemoved, usedByKept;
  const std::size_t sampleCount = d.samples->size();
  for (const auto& e : *t.meshes)
    if (e.mesh)
      for (const auto& p : e.mesh->polygons) {
        auto s = WadTextureWord::decode(p.texture, p.quad).sample;
        if (s < sampleCount) (rmMesh.count(e.id) ? usedByRemoved : usedByKept).insert(s);
      }
  std::vector<long> sampleMap(sampleCount);
  std::vector<TextureSample> keptSamples;
  for (std::size_t s = 0; s < sampleCount; ++s) {
    const bool gone = usedByRemoved.count(static_cast<std::uint16_t>(s)) && !usedByKept.count(static_cast<std::uint16_t>(s));
    if (gone) {
      sampleMap[s] = -1;
      out.freedSamples.push_back((*d.samples)[s]);
    } else {
      sampleMap[s] = static_cast<long>(keptSamples.size());
      keptSamples.push_back((*d.samples)[s]);
    }
  }

  // Apply. References from what stays into what goes name the position it stood at.
  std::size_t danglingAnimations = 0;
  auto keepAnimationRef = [&](RecordRef& r) {
    if (r.isRecord() && rmAnim.count(r.id)) {
      r = RecordRef::end();  // its target is gone: past the table, where validation flags it
      ++danglingAnimations;
    }
  };
  auto& anims = d.animations.edit();
  for (auto& A : anims)
    if (!rmAnim.count(A.id)) keepAnimationRef(A.nextAnimation);
  auto& dispatches = d.dispatches.edit();
  for (auto& D : dispatches)
    if (!rmDisp.count(D.id)) keepAnimationRef(D.nextAnimation);
  out.danglingTargets = danglingAnimations;

  IdSet rmMovableIds, rmStaticIds;
  for (std::size_t m = 0; m < movables.size(); ++m)
    if (rmMovable[m]) rmMovableIds.insert(movables[m].id);
  for (std::size_t s = 0; s < statics.size(); ++s)
    if (rmStatic[s]) rmStaticIds.insert(statics[s].id);
  eraseRecords(d.movables.edit(), rmMovableIds);
  eraseRecords(d.statics.edit(), rmStaticIds);
  auto nextPointer = eraseRecords(d.meshPointers.edit(), rmPointer);
  eraseRecords(d.meshes.edit(), rmMesh);
  auto nextAnim = eraseRecords(anims, rmAnim);
  auto nextSc = eraseRecords(d.stateChanges.edit(), rmSc);
  auto nextDisp = eraseRecords(dispatches, rmDisp);
  auto nextKf = eraseSegments(d.keyframes.edit(), rmKf);
  auto nextCmd = eraseSegments(d.commands.edit(), rmCmd);
  auto nextLink = eraseSegments(d.links.edit(), rmLink);
  for (auto& A : anims) {
    redirect(A.nextAnimation, nextAnim);
    redirect(A.stateChanges, nextSc);
    redirect(A.keyframes, nextKf);
    redirect(A.commands, nextCmd);
  }
  for (auto& S : d.stateChanges.edit()) redirect(S.dispatches, nextDisp);
  for (auto& D : dispatches) redirect(D.nextAnimation, nextAnim);
  for (auto& M : d.movables.edit()) {
    redirect(M.pointers, nextPointer);
    redirect(M.animations, nextAnim);
    redirect(M.keyframes, nextKf);
    redirect(M.links, nextLink);
  }
  for (auto& S : d.statics.edit()) redirect(S.pointer, nextPointer);

  if (!out.freedSamples.empty()) {
    d.samples.edit() = std::move(keptSamples);
    for (auto& e : d.meshes.edit()) {
      if (!e.mesh) continue;
      Mesh m = *e.mesh;
      bool changed = false;
      for (auto& p : m.polygons) {
        auto w = WadTextureWord::decode(p.texture, p.quad);
        if (w.sample >= sampleCount || sampleMap[w.sample] < 0 || sampleMap[w.sample] == w.sample) continue;
        w.sample = static_cast<std::uint16_t>(sampleMap[w.sample]);
        p.texture = w.encode(p.quad);
        changed = true;
      }
      if (changed) e.mesh = share<Mesh>(std::move(m));
    }
  }
  return out;
}

WadDocument removeObjects(const WadDocument& doc, const std::vector<ObjectKey>& keys, std::vector<std::string>* warnings) {
  WadDraft d(doc);
  auto r = removeObjects(d, keys);
  if (r.danglingTargets)
    r.warnings.push_back(std::to_string(r.danglingTargets) +
                         " references from remaining animations into removed ones now point past the animation table");
  if (warnings) warnings->insert(warnings->end(), r.warnings.begin(), r.warnings.end());
  return d.result();
}

}  // namespace wadsmith::merge
