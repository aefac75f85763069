#include "model/merge/merge.h"

#include <algorithm>
#include <deque>
#include <set>

#include "model/catalog.h"
#include "model/merge/claims.h"
#include "model/merge/object_copy.h"
#include "model/merge/remove_replaced.h"
#include "model/merge/was_names.h"
#include "model/names.h"
#include "model/object_view.h"
#include "model/runs.h"
#include "model/sound_use.h"
#include "model/texture_word.h"

namespace wadsmith::merge {

namespace {

struct Pick {
  ObjectRef source, target;
  std::size_t index = 0;  // in the source's movable or static table
  bool related = false;
};

std::optional<std::size_t> find(const ObjectView& v, const ObjectRef& k) {
  return k.kind == ObjectKind::Movable ? v.findMovable(k.slot) : v.findStatic(k.slot);
}

// Mesh entries a source object's pointers land on (pointer order).
std::vector<std::size_t> meshEntries(const ObjectView& v, const Pick& p) {
  const RunRef& run = p.source.movable() ? v.movables()[p.index].pointers : v.statics()[p.index].pointer;
  auto [first, end] = v.runRange(run);
  std::vector<std::size_t> out;
  for (auto i = first; i < end; ++i)
    if (const auto& t = v.meshPointers()[i].target; t.isSegment())
      if (auto e = v.indexOfId(t.segment)) out.push_back(*e);  // a pointer inside a mesh brings that mesh too
  return out;
}

int highestPage(const std::vector<TextureSample>& samples) {
  int h = -1;
  for (const auto& s : samples) h = std::max(h, static_cast<int>(s.page));
  return h;
}

// References of the destination that pointed past its animation table keep pointing past it
// by as much (else a grown table could make them name an unrelated animation).
void keepPastTable(Draft& d, std::size_t before, std::vector<std::string>& warnings) {
  const auto after = static_cast<std::uint32_t>(d.animations->size());
  if (after == before) return;
  auto pastTable = [&](const RecordRef& r) { return r.kind == RecordRef::Kind::Raw && r.raw >= before; };
  auto fix = [&](RecordRef& r) { r.raw = r.raw - static_cast<std::uint32_t>(before) + after; };
  std::size_t n = editRecords(d, d.animations, [&](const Animation& a) { return pastTable(a.nextAnimation); },
                              [&](Animation& a) { fix(a.nextAnimation); });
  n += editRecords(d, d.dispatches, [&](const Dispatch& x) { return pastTable(x.nextAnimation); },
                   [&](Dispatch& x) { fix(x.nextAnimation); });
  if (n)
    warnings.push_back(std::to_string(n) + " next-animation or dispatch targets that pointed past the animation table "
                       "still do (their stored index moved with the table's size)");
}

// A destination record that targets an animation of a replaced movable: after the merge it
// targets the same animation of the replacement.
struct Retarget {
  bool dispatch = false;
  Id record = 0;
  std::uint32_t slot = 0;
  std::size_t animation = 0;  // within the movable
};

std::vector<Retarget> targetsInto(const ObjectView& dv, const std::vector<ObjectRef>& removed) {
  std::vector<std::pair<std::size_t, std::size_t>> ranges;
  std::vector<std::uint32_t> slots;
  for (const auto& k : removed)
    if (k.movable())
      if (auto m = dv.findMovable(k.slot)) {
        ranges.push_back(dv.animationRange(*m));
        slots.push_back(k.slot);
      }
  std::vector<Retarget> out;
  auto check = [&](const RecordRef& r, bool dispatch, Id id) {
    auto i = dv.indexOf(r);
    if (!i) return;
    for (std::size_t k = 0; k < ranges.size(); ++k)
      if (*i >= ranges[k].first && *i < ranges[k].second) out.push_back({dispatch, id, slots[k], *i - ranges[k].first});
  };
  for (const auto& a : dv.animations()) check(a.nextAnimation, false, a.id);
  for (const auto& x : dv.dispatches()) check(x.nextAnimation, true, x.id);
  return out;
}

// Points the records that survived the removal at the replacement's animations.
void retarget(Draft& d, const std::vector<Retarget>& targets, std::vector<std::string>& warnings) {
  if (targets.empty()) return;
  const ObjectView v(d.tables());
  std::size_t moved = 0, lost = 0;
  for (const auto& r : targets) {
    const auto at = v.slotOf(r.record);
    if (!at) continue;  // removed with the old object
    RecordRef to = RecordRef::end();
    if (auto m = v.findMovable(r.slot)) {
      auto [a0, a1] = v.animationRange(*m);
      if (a0 + r.animation < a1) to = RecordRef::record(v.animations()[a0 + r.animation].id);
    }
    (to.isRecord() ? moved : lost)++;
    (r.dispatch ? d.record(d.dispatches, *at).nextAnimation : d.record(d.animations, *at).nextAnimation) = to;
  }
  if (moved)
    warnings.push_back(std::to_string(moved) + " targets of other objects pointed into a replaced movable's animations; "
                       "they point at the same animations of its replacement");
  if (lost)
    warnings.push_back(std::to_string(lost) + " targets of other objects pointed at animations a replacement does not "
                       "have; they point past the animation table");
}

void checkLimits(const Draft& d) {
  const std::string whose = "the merged WAD would have";
  checkFits(d.meshPointers->size(), kMaxPointers, "mesh pointers", whose);
  checkFits(d.animations->size(), kMaxAnimations, "animations", whose);
  checkFits(d.stateChanges->size(), kMaxStateChanges, "state changes", whose);
  checkFits(d.dispatches->size(), kMaxDispatches, "dispatches", whose);
  checkFits(d.commands->size(), kMaxCommandWords, "command words", whose);
  checkFits(d.pixels->pages.size(), 0xFFFF, "texture pages", whose);
  if (!d.sounds.absent()) {
    checkFits(d.sounds->infos.size(), 0x7FFF, "sound infos", whose);
    checkFits(d.sounds->samples.size(), 0xFFFF, "sound samples", whose);
  }
}

// What to merge, and where.
std::vector<Pick> picksOf(const ObjectView& sv, const Request& req) {
  std::vector<Pick> picks;
  if (req.as && (req.all || req.movables.size() + req.statics.size() != 1)) throw MergeError("--as places exactly one object");
  if (req.all) {
    for (std::size_t i = 0; i < sv.movables().size(); ++i)
      picks.push_back({movableRef(sv.movables()[i].objectId), movableRef(sv.movables()[i].objectId), i});
    for (std::size_t i = 0; i < sv.statics().size(); ++i)
      picks.push_back({staticRef(sv.statics()[i].objectId), staticRef(sv.statics()[i].objectId), i});
    return picks;
  }
  std::vector<ObjectRef> keys;
  for (auto slot : req.movables) keys.push_back({ObjectKind::Movable, slot});
  for (auto slot : req.statics) keys.push_back({ObjectKind::Static, slot});
  for (const auto& k : keys) {
    auto i = find(sv, k);
    if (!i)
      throw MergeError(std::string("the source has no ") + (k.kind == ObjectKind::Movable ? "movable" : "static") + " in slot " +
                       std::to_string(k.slot));
    picks.push_back({k, {k.kind, req.as.value_or(k.slot)}, *i, false});
  }
  return picks;
}

// Related slots the source has and the destination lacks: reported, brought on request.
void addRelated(const ObjectView& sv, const ObjectView& dv, const Request& req, std::vector<Pick>& picks, Report& rep) {
  std::set<ObjectRef> sources, targets;
  for (const auto& p : picks) {
    if (!sources.insert(p.source).second) throw MergeError(describe(p.source) + " is named twice");
    if (!targets.insert(p.target).second) throw MergeError("two objects would go to " + describe(p.target));
  }
  std::deque<ObjectRef> queue;
  if (req.tr4Slots) queue.assign(sources.begin(), sources.end());
  std::set<ObjectRef> noted;
  while (!queue.empty()) {
    ObjectRef k = queue.front();
    queue.pop_front();
    for (const auto& rel : relatedSlots(k)) {
      if (sources.count(rel.related) || targets.count(rel.related) || noted.count(rel.related)) continue;
      auto si = find(sv, rel.related);
      if (!si || find(dv, rel.related)) continue;
      noted.insert(rel.related);
      rep.related.push_back({rel.related, k, rel.why, req.withRelated});
      if (!req.withRelated) {
        rep.relatedMissing.push_back(describe(rel.related) + " for " + describe(k) + ": " + rel.why);
        continue;
      }
      picks.push_back({rel.related, rel.related, *si, true});
      sources.insert(rel.related);
      targets.insert(rel.related);
      queue.push_back(rel.related);
    }
  }
}

// Occupied slots: refused unless replacing; returns the destination objects that go.
std::vector<ObjectRef> replacedObjects(const ObjectView& dv, const std::vector<Pick>& picks, bool replace) {
  std::vector<ObjectRef> removed;
  std::vector<std::string> occupied;
  for (const auto& p : picks)
    if (find(dv, p.target)) (replace ? removed.push_back(p.target) : occupied.push_back(describe(p.target)));
  if (occupied.empty()) return removed;
  std::string list;
  for (const auto& o : occupied) list += (list.empty() ? "" : ", ") + o;
  throw MergeError(list + (occupied.size() > 1 ? " are" : " is") +
                   " occupied in the destination: ask to replace (--replace) or to place it under another slot (--as)");
}

// The source samples the picks' faces name (faces are remapped as their meshes are copied).
TextureNeeds textureNeeds(const ObjectView& sv, const WadDocument& src, const std::vector<Pick>& picks) {
  std::set<std::uint16_t> needed;
  TextureNeeds needs;
  for (const auto& p : picks)
    for (auto e : meshEntries(sv, p))
      if (const auto& mesh = (*src.objects.meshes)[e].mesh)
        for (const auto& poly : mesh->polygons) {
          auto w = WadTextureWord::decode(poly.texture, poly.quad);
          if (w.sample >= src.samples->size()) continue;
          needed.insert(w.sample);
          if (poly.quad && w.flipped) needs.onFlippedQuads.insert(w.sample);
        }
  needs.samples.assign(needed.begin(), needed.end());
  return needs;
}

// Copies every pick (movables' animations reserved first, so references between them resolve).
void copyPicks(ObjectCopier& copier, const WadDocument& src, const std::vector<Pick>& picks,
               const std::vector<ObjectRef>& removed, Report& rep) {
  std::vector<std::size_t> movables;
  for (const auto& p : picks)
    if (p.source.movable()) movables.push_back(p.index);
  copier.reserve(movables);
  const auto srcNames = objectNames(src);
  for (const auto& p : picks) {
    const bool movable = p.source.movable();
    auto c = movable ? copier.copyMovable(p.index, p.target.slot) : copier.copyStatic(p.index, p.target.slot);
    const std::string name = p.target == p.source ? (movable ? srcNames.movables : srcNames.statics)[p.index]
                             : movable ? catalog::movableLabel(p.target.slot) : catalog::staticLabel(p.target.slot);
    rep.merged.push_back({.movable = movable, .sourceSlot = p.source.slot, .slot = p.target.slot, .name = name,
                          .replaced = std::find(removed.begin(), removed.end(), p.target) != removed.end(),
                          .related = p.related, .meshes = c.meshes, .meshesShared = c.meshesShared, .animations = c.animations});
  }
}

// Pages only replaced objects used, at the end of the page list, go; then the page figures.
void finishPages(Draft& d, const WadDocument& dst, TextureStats st, Report& rep) {
  const int usedBefore = highestPage(*dst.samples), usedAfter = highestPage(*d.samples);
  for (int last = static_cast<int>(d.pixels->pages.size()) - 1; last > usedAfter && last <= usedBefore; --last)
    d.pixels.edit().pages.pop_back();
  st.pagesAfter = static_cast<int>(d.pixels->pages.size());
  st.efficiency = st.pagesAfter ? static_cast<double>(coveredArea(*d.samples, st.pagesAfter)) / (st.pagesAfter * 65536.0) : 0;
  rep.textures = st;
  rep.samplesAdded = st.samplesPacked + st.pixelsReused;
  rep.appendPages = static_cast<std::size_t>(st.pagesBefore + st.sourcePagesUsed);
}

// Sounds (every id the merged movables play, traced map -> info -> samples), sprites, .WAS lines.
void transferCompanions(Draft& d, const WadDocument& dst, const WadDocument& src, const ObjectView& sv, const Request& req,
                        const std::vector<Pick>& picks, const std::vector<ObjectRef>& removed, Report& rep) {
  std::vector<PlayedSound> played;
  for (const auto& p : picks)
    if (p.source.movable())
      for (auto ps : movableSounds(sv, p.index)) {
        ps.slot = p.target.slot;
        played.push_back(ps);
      }
  rep.soundReport = transferSounds(d, dst.version, src.sounds, std::move(played), req.sounds);
  if (!req.sprites.empty())  // a WAD without a .SWD gets one
    rep.spriteReport = transferSprites(d.sprites.edit(), *src.sprites, req.sprites, req.replace);
  if (!dst.was) return;
  std::vector<WasChange> added;
  for (const auto& p : picks) added.push_back({p.target, wasLineFor(src, p.source, p.index, p.target, req.sourceLabel)});
  if (auto was = updateWas(dst, removed, added, rep.warnings)) d.was.edit() = std::move(*was);
}

}  // namespace

Result mergeObjects(const WadDocument& dst, const WadDocument& src, const Request& req) {
  const ObjectView sv(src.objects), dv(dst.objects);
  Report rep;
  auto picks = picksOf(sv, req);
  if (picks.empty() && req.sprites.empty()) throw MergeError("nothing to merge");
  addRelated(sv, dv, req, picks, rep);
  const auto removed = replacedObjects(dv, picks, req.replace);
  std::sort(picks.begin(), picks.end(), [](const Pick& a, const Pick& b) { return a.target < b.target; });
  // What the picks claim, before anything is looked at per owner (counts are data).
  std::vector<Claimed> claimed;
  for (const auto& p : picks) claimed.push_back({p.source.movable(), p.index});
  checkClaims(sv, claimed);

  Draft d(dst);
  if (auto problem = checkSprites(d.sprites.absent() ? nullptr : &d.sprites.get(), src.sprites, req.sprites, req.replace); !problem.empty()) throw MergeError(problem);
  std::vector<TextureSample> ghosts;
  const auto retargets = targetsInto(dv, removed);
  if (!removed.empty()) {
    auto r = removeReplaced(d, removed);
    ghosts = std::move(r.freedSamples);
    rep.warnings.insert(rep.warnings.end(), r.warnings.begin(), r.warnings.end());
    rep.removed = removed;
  }
  auto tex = transferTextures(d, src, textureNeeds(sv, src, picks), ghosts, dst, req.reserved);
  rep.warnings.insert(rep.warnings.end(), tex.warnings.begin(), tex.warnings.end());
  ObjectCopier copier(d, src, tex.remap);
  copyPicks(copier, src, picks, removed, rep);
  keepPastTable(d, dst.objects.animations->size(), rep.warnings);
  copier.finish();
  retarget(d, retargets, rep.warnings);
  rep.meshesAdded = copier.meshesAdded;
  rep.meshesShared = copier.meshesReused;
  rep.sounds = copier.soundIds;
  rep.warnings.insert(rep.warnings.end(), copier.warnings.begin(), copier.warnings.end());
  finishPages(d, dst, tex.stats, rep);
  transferCompanions(d, dst, src, sv, req, picks, removed, rep);
  checkLimits(d);
  return {d.wadResult(), std::move(rep)};
}

}  // namespace wadsmith::merge
