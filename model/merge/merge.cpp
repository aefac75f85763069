#include "model/merge/merge.h"

#include <algorithm>
#include <unordered_map>

#include "model/catalog.h"
#include "model/merge/end_refs.h"
#include "model/merge/related.h"
#include "model/merge/texture_packer.h"
#include "model/merge/was_lines.h"
#include "model/names.h"
#include "model/object_view.h"
#include "model/ops/edit_context.h"
#include "model/ops/object_ops.h"
#include "model/texture_word.h"

namespace wadsmith::merge {
namespace {

using ops::TablesEditor;

// Hash of a mesh's content, to find byte-identical meshes in the destination.
std::uint64_t meshHash(const Mesh& m) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  auto mix = [&](std::uint64_t v) { h = (h ^ v) * 0x100000001b3ull; };
  auto vec = [&](const Vec3s& v) { mix(std::uint16_t(v.x)), mix(std::uint16_t(v.y)), mix(std::uint16_t(v.z)); };
  vec(m.center);
  mix(m.radius), mix(m.sphereUnknown), mix(m.padding);
  mix(m.vertices.size());
  for (const auto& v : m.vertices) vec(v);
  mix(m.normals.size());
  for (const auto& v : m.normals) vec(v);
  mix(m.shades.size());
  for (auto s : m.shades) mix(std::uint16_t(s));
  for (const auto& p : m.polygons) {
    mix(p.quad);
    for (auto v : p.vertices) mix(v);
    mix(p.texture), mix(p.attributes), mix(p.unknown);
  }
  return h;
}

template <class T>
std::size_t positionOf(const std::vector<T>& v, Id id) {
  for (std::size_t i = 0; i < v.size(); ++i)
    if (v[i].id == id) return i;
  return v.size();
}

// Where a new movable's records go so the file keeps the order the classic tools write:
// movables by slot, each movable's animations (with their keyframes, state changes,
// dispatches and commands) before those of the movables after it.
struct Insertion {
  std::size_t movable = 0, animation = 0, stateChange = 0, dispatch = 0, keyframeSegment = 0, commandSegment = 0;
  RecordRef nextStateChange, nextDispatch;  // what zero-count references point at
  PackageRef nextKeyframes, nextCommands;
};

Insertion insertionFor(const ObjectTables& t, std::uint32_t slot) {
  ObjectView v(t);
  Insertion at;
  const auto& movables = *t.movables;
  at.movable = movables.size();
  for (std::size_t m = 0; m < movables.size(); ++m)
    if (movables[m].objectId > slot) {
      at.movable = m;
      break;
    }
  const auto& anims = *t.animations;
  at.animation = anims.size();
  for (std::size_t m = at.movable; m < movables.size(); ++m)
    if (auto first = v.indexOf(movables[m].animations)) {
      at.animation = *first;
      break;
    }
  at.stateChange = t.stateChanges->size();
  at.keyframeSegment = t.keyframes->segments.size();
  at.commandSegment = t.commands->segments.size();
  bool sc = false, kf = false, cmd = false;
  for (std::size_t a = at.animation; a < anims.size(); ++a) {
    const Animation& an = anims[a];
    if (!sc && an.numStateChanges && an.stateChanges.isRecord())
      at.stateChange = positionOf(*t.stateChanges, an.stateChanges.id), sc = true;
    if (!kf && an.keyframes.isSegment() && an.keyframes.delta == 0)
      at.keyframeSegment = static_cast<std::size_t>(std::max(0L, t.keyframes->find(an.keyframes.segment))), kf = true;
    if (!cmd && an.numCommands && an.commands.isSegment() && an.commands.delta == 0)
      at.commandSegment = static_cast<std::size_t>(std::max(0L, t.commands->find(an.commands.segment))), cmd = true;
  }
  at.dispatch = t.dispatches->size();
  for (std::size_t s = at.stateChange; s < t.stateChanges->size(); ++s)
    if ((*t.stateChanges)[s].numDispatches && (*t.stateChanges)[s].dispatches.isRecord()) {
      at.dispatch = positionOf(*t.dispatches, (*t.stateChanges)[s].dispatches.id);
      break;
    }
  auto recordAt = [](const auto& table, std::size_t i) {
    return i < table.size() ? RecordRef::record(table[i].id) : RecordRef::end();
  };
  auto segmentAt = [](const WordPackage& p, std::size_t i) {
    return i < p.segments.size() ? PackageRef::at(p.segments[i].id) : PackageRef::end();
  };
  at.nextStateChange = recordAt(*t.stateChanges, at.stateChange);
  at.nextDispatch = recordAt(*t.dispatches, at.dispatch);
  at.nextKeyframes = segmentAt(*t.keyframes, at.keyframeSegment);
  at.nextCommands = segmentAt(*t.commands, at.commandSegment);
  return at;
}

class Merger {
 public:
  Merger(WadDocument dst, const WadDocument& src, Report& report)
      : dst_(std::move(dst)),
        src_(src),
        sv_(src.objects),
        report_(report),
        packer_(*dst_.samples, *dst_.pixels),
        edit_(dst_.objects, dst_.nextId) {
    const auto& entries = *dst_.objects.meshes;
    for (const auto& e : entries)
      if (e.mesh) meshIndex_.emplace(meshHash(*e.mesh), e.id);
  }

  // Animation ids for every movable of the merge, allocated first so dispatches between merged
  // movables (a weapon animation into Lara's) resolve to the new records.
  void reserve(std::size_t mi) {
    auto [a0, a1] = sv_.animationRange(mi);
    auto& ids = animIds_[(*src_.objects.movables)[mi].objectId];
    for (std::size_t a = a0; a < a1; ++a) ids.push_back(edit_.newId());
  }
  void movable(std::size_t mi, std::uint32_t slot);
  void staticObject(std::size_t si, std::uint32_t slot);

  WadDocument finish() {
    report_.samplesAdded = packer_.samples().size() - dst_.samples->size();
    report_.pagesBefore = packer_.pagesBefore();
    report_.pagesAfter = packer_.pageCount();
    report_.efficiency = packer_.efficiency();
    report_.appendPages = packer_.pagesBefore() + sourcePages_.size();
    // Appending the source pages whole: the destination's coverage plus the source samples'.
    std::size_t covered = coveredBefore_;
    for (const auto& [page, used] : sourcePages_) covered += static_cast<std::size_t>(std::count(used.begin(), used.end(), 1));
    report_.appendEfficiency =
        report_.appendPages ? double(covered) / (double(report_.appendPages) * kPageSize * kPageSize) : 0.0;
    WadDocument out = dst_;
    out.samples = share<std::vector<TextureSample>>(packer_.samples());
    out.pixels = share<TexturePages>(packer_.pages());
    out.objects = edit_.tables();
    out.nextId = edit_.nextId();
    return out;
  }
  void setCoveredBefore(std::size_t n) { coveredBefore_ = n; }

 private:
  std::uint16_t sample(std::uint16_t srcSample);
  Id mesh(const MeshSlot& slot);
  PackageRef pointerTarget(std::size_t srcPointer);
  Id addPointers(const std::vector<MeshSlot>& slots);
  RecordRef mapAnimation(const RecordRef& ref, std::size_t first, std::size_t end, const std::vector<Id>& ids,
                         const std::string& what);

  WadDocument dst_;
  const WadDocument& src_;
  ObjectView sv_;
  Report& report_;
  TexturePacker packer_;
  TablesEditor edit_;
  std::unordered_map<std::uint16_t, std::uint16_t> samples_;  // source sample -> destination
  std::unordered_map<long, Id> meshes_;                         // source mesh entry -> destination entry id
  std::unordered_multimap<std::uint64_t, Id> meshIndex_;        // destination meshes by content
  std::map<std::uint16_t, std::vector<std::uint8_t>> sourcePages_;  // source pages used -> used pixels
  std::map<std::uint32_t, std::vector<Id>> animIds_;            // merged movable (source slot) -> new animation ids
  std::size_t coveredBefore_ = 0;
};

std::uint16_t Merger::sample(std::uint16_t s) {
  if (auto it = samples_.find(s); it != samples_.end()) return it->second;
  if (s >= src_.samples->size()) {
    report_.warnings.push_back("a face uses texture sample " + std::to_string(s) + " past the source's " +
                               std::to_string(src_.samples->size()) + ": kept as is");
    return samples_[s] = s;
  }
  const TextureSample& ts = (*src_.samples)[s];
  auto& used = sourcePages_[ts.page];
  if (used.empty()) used.assign(kPageSize * kPageSize, 0);
  for (int y = ts.y; y < std::min(kPageSize, ts.y + ts.height()); ++y)
    for (int x = ts.x; x < std::min(kPageSize, ts.x + ts.width()); ++x) used[static_cast<std::size_t>(y) * kPageSize + x] = 1;
  bool reused = false;
  std::uint16_t out = packer_.place(cutSample(*src_.pixels, ts), ts.flipX, ts.flipY, reused);
  report_.samplesReused += reused;
  return samples_[s] = out;
}

Id Merger::mesh(const MeshSlot& slot) {
  if (auto it = meshes_.find(slot.entryIndex); it != meshes_.end()) return it->second;
  Mesh m = *slot.mesh;
  for (auto& p : m.polygons) {
    auto t = WadTextureWord::decode(p.texture, p.quad);
    t.sample = sample(t.sample);
    if (p.quad && t.flipped) t.sample = packer_.nonZeroAlias(t.sample);
    if (!p.quad && t.sample > 0x0FFF) throw MergeError("texture sample index " + std::to_string(t.sample) + " does not fit a triangle's 12 bits");
    p.texture = t.encode(p.quad);
  }
  std::uint64_t h = meshHash(m);
  auto& entries = edit_.tables().meshes;
  for (auto [it, end] = meshIndex_.equal_range(h); it != end; ++it) {
    std::size_t pos = positionOf(*entries, it->second);
    if (pos < entries->size() && (*entries)[pos].mesh && *(*entries)[pos].mesh == m) {
      ++report_.meshesShared;
      return meshes_[slot.entryIndex] = it->second;
    }
  }
  Id id = edit_.newId();
  edit_.meshes().push_back({id, share<Mesh>(std::move(m)), nullptr});
  meshIndex_.emplace(h, id);
  ++report_.meshesAdded;
  return meshes_[slot.entryIndex] = id;
}

Id Merger::addPointers(const std::vector<MeshSlot>& slots) {
  auto& pointers = edit_.meshPointers();
  Id first = 0;
  for (std::size_t k = 0; k < slots.size(); ++k) {
    MeshPointer p;
    p.id = edit_.newId();
    if (slots[k].mesh) {
      p.target = PackageRef::at(mesh(slots[k]), 0);
    } else {
      // Not a parsed mesh (inside a mesh, on unparsed bytes): point at the destination's first
      // mesh, as the dummy pointers of the original WADs do.
      const auto& entries = *edit_.tables().meshes;
      p.target = entries.empty() ? PackageRef::end() : PackageRef::at(entries.front().id, 0);
      report_.warnings.push_back("mesh " + std::to_string(k) + " of a merged object is not a parsed mesh: it points at the first mesh");
    }
    if (k == 0) first = p.id;
    pointers.push_back(p);
  }
  return first;
}

RecordRef Merger::mapAnimation(const RecordRef& ref, std::size_t first, std::size_t end, const std::vector<Id>& ids,
                               const std::string& what) {
  auto i = sv_.indexOf(ref);
  if (i && *i >= first && *i < end) return RecordRef::record(ids[*i - first]);
  // Another movable's animation (a weapon animation dispatching into Lara's): the same
  // animation of that movable in the result, when it is merged too or the destination has it.
  if (i) {
    if (auto owner = sv_.movableOfAnimation(*i)) {
      std::uint32_t slot = (*src_.objects.movables)[*owner].objectId;
      std::size_t local = *i - sv_.animationRange(*owner).first;
      if (auto it = animIds_.find(slot); it != animIds_.end() && local < it->second.size())
        return RecordRef::record(it->second[local]);
      ObjectView dv(edit_.tables());
      if (auto dm = dv.findMovable(slot)) {
        auto [d0, d1] = dv.animationRange(*dm);
        if (d0 + local < d1) return RecordRef::record((*edit_.tables().animations)[d0 + local].id);
      }
      report_.warnings.push_back(what + " targets animation " + std::to_string(local) + " of movable " +
                                 std::to_string(slot) + ", which the destination lacks: kept as absolute index " +
                                 std::to_string(*i));
      return RecordRef::rawValue(static_cast<std::uint32_t>(*i));
    }
  }
  // Past the source's table ("end" or a raw index): the stored number is kept.
  std::uint32_t raw = i ? static_cast<std::uint32_t>(*i)
                        : ref.kind == RecordRef::Kind::End ? static_cast<std::uint32_t>(src_.objects.animations->size())
                                                           : ref.raw;
  report_.warnings.push_back(what + " targets animation " + std::to_string(raw) +
                             ", past the source's animation table: kept as that number");
  return RecordRef::rawValue(raw);
}

void Merger::movable(std::size_t mi, std::uint32_t slot) {
  const ObjectTables& s = src_.objects;
  const Movable& sm = (*s.movables)[mi];
  Insertion at = insertionFor(edit_.tables(), slot);
  const EndRefs ends = collectEndRefs(edit_.tables());
  const std::size_t meshesBefore = edit_.tables().meshes->size();
  const std::size_t linksBefore = edit_.tables().links->segments.size();
  Appended first;

  Movable m;
  m.id = edit_.newId();
  m.objectId = slot;
  auto slots = sv_.movableMeshes(mi);
  m.numPointers = static_cast<std::uint16_t>(slots.size());
  if (!slots.empty()) first.pointer = addPointers(slots);
  m.pointers = slots.empty() ? RecordRef::end() : RecordRef::record(*first.pointer);

  // Mesh tree: written clean, starting on a 4-dword boundary.
  auto links = sv_.linkDwords(mi);
  m.links = PackageRef::end();
  if (!links.empty()) {
    auto& pkg = edit_.links();
    if (std::size_t misaligned = pkg.size() % 4)
      pkg.segments.push_back({edit_.newId(), share<std::vector<std::int32_t>>(4 - misaligned, 0)});
    Id seg = edit_.newId();
    pkg.segments.push_back({seg, share<std::vector<std::int32_t>>(std::move(links))});
    m.links = PackageRef::at(seg);
  }

  auto [a0, a1] = sv_.animationRange(mi);
  const std::vector<Id>& animIds = animIds_.at(sm.objectId);
  std::vector<Animation> anims;
  std::vector<StateChange> stateChanges;
  std::vector<Dispatch> dispatches;
  std::vector<Segment<std::uint16_t>> keyframeSegs, commandSegs;
  // Zero-count references point at whatever follows them; resolved once all records exist.
  std::vector<std::size_t> pendingSc, pendingKf, pendingCmd;
  for (std::size_t a = a0; a < a1; ++a) {
    const Animation& sa = (*s.animations)[a];
    Animation na = sa;
    na.id = animIds[a - a0];
    na.nextAnimation = mapAnimation(sa.nextAnimation, a0, a1, animIds, "animation " + std::to_string(a - a0));
    auto words = sv_.keyframeWords(a);
    if (sa.keyframeSize && !words.empty()) {
      keyframeSegs.push_back({edit_.newId(), share<std::vector<std::uint16_t>>(std::move(words))});
      na.keyframes = PackageRef::at(keyframeSegs.back().id);
    } else {
      pendingKf.push_back(anims.size());
    }
    if (sa.numCommands) {
      auto parsed = sv_.commands(a);
      for (const auto& c : parsed.commands)
        if (c.code == 5) report_.sounds.insert(static_cast<std::uint16_t>(c.operands[1]) & kSoundIdMask);
      std::vector<std::uint16_t> cw;
      auto start = sv_.commandWord(sa.commands);
      if (start) {
        // Parsed words exactly; when parsing stopped, the raw words up to the next owner too.
        std::size_t count = parsed.wordsUsed;
        if (!parsed.complete && sa.commands.isSegment()) {
          long seg = s.commands->find(sa.commands.segment);
          if (seg >= 0) count = s.commands->segments[static_cast<std::size_t>(seg)].size() - sa.commands.delta;
        }
        auto all = s.commands->flatten();
        cw.assign(all.begin() + *start, all.begin() + std::min<std::size_t>(all.size(), *start + count));
      }
      commandSegs.push_back({edit_.newId(), share<std::vector<std::uint16_t>>(std::move(cw))});
      na.commands = PackageRef::at(commandSegs.back().id);
    } else {
      pendingCmd.push_back(anims.size());
    }
    auto [s0, s1] = sv_.stateChangeRange(a);
    na.numStateChanges = static_cast<std::uint16_t>(s1 - s0);
    if (s1 == s0) pendingSc.push_back(anims.size());
    for (std::size_t si = s0; si < s1; ++si) {
      StateChange sc = (*s.stateChanges)[si];
      sc.id = edit_.newId();
      if (si == s0) na.stateChanges = RecordRef::record(sc.id);
      auto [d0, d1] = sv_.dispatchRange(si);
      sc.numDispatches = static_cast<std::uint16_t>(d1 - d0);
      sc.dispatches = RecordRef::end();  // an empty range is resolved below
      for (std::size_t di = d0; di < d1; ++di) {
        Dispatch d = (*s.dispatches)[di];
        d.id = edit_.newId();
        d.nextAnimation = mapAnimation(d.nextAnimation, a0, a1, animIds,
                                       "a dispatch of animation " + std::to_string(a - a0));
        if (di == d0) sc.dispatches = RecordRef::record(d.id);
        dispatches.push_back(d);
      }
      stateChanges.push_back(sc);
    }
    anims.push_back(na);
  }
  // Empty ranges point at whatever follows them: the next record of this movable, else the
  // destination record at the insertion point.
  auto following = [&](std::size_t i, const std::vector<std::size_t>& pending, auto get, auto fallback) {
    for (std::size_t j = i + 1; j < anims.size(); ++j)
      if (std::find(pending.begin(), pending.end(), j) == pending.end()) return get(anims[j]);
    return fallback;
  };
  for (auto i : pendingSc)
    anims[i].stateChanges = following(i, pendingSc, [](const Animation& x) { return x.stateChanges; }, at.nextStateChange);
  for (auto i : pendingKf)
    anims[i].keyframes = following(i, pendingKf, [](const Animation& x) { return x.keyframes; }, at.nextKeyframes);
  for (auto i : pendingCmd)
    anims[i].commands = following(i, pendingCmd, [](const Animation& x) { return x.commands; }, at.nextCommands);
  for (std::size_t i = 0; i < stateChanges.size(); ++i) {
    if (stateChanges[i].numDispatches) continue;
    stateChanges[i].dispatches = at.nextDispatch;
    for (std::size_t j = i + 1; j < stateChanges.size(); ++j)
      if (stateChanges[j].numDispatches) {
        stateChanges[i].dispatches = stateChanges[j].dispatches;
        break;
      }
  }
  m.animations = anims.empty() ? RecordRef::rawValue(0xFFFF) : RecordRef::record(anims.front().id);
  m.keyframes = anims.empty() ? at.nextKeyframes : anims.front().keyframes;

  // Words an animation reads past the end of the command package would change if new commands
  // followed them: new commands then go before those words.
  if (at.commandSegment == edit_.tables().commands->segments.size()) {
    ObjectView dv(edit_.tables());
    const auto& pkg = *edit_.tables().commands;
    for (std::size_t a = 0; a < edit_.tables().animations->size(); ++a) {
      const Animation& an = (*edit_.tables().animations)[a];
      if (!an.numCommands || !an.commands.isSegment() || dv.commands(a).complete) continue;
      long seg = pkg.find(an.commands.segment);
      if (seg >= 0) at.commandSegment = std::min(at.commandSegment, static_cast<std::size_t>(seg) + 1);
    }
    if (at.commandSegment < pkg.segments.size()) at.nextCommands = PackageRef::at(pkg.segments[at.commandSegment].id);
  }
  const ObjectTables& before = edit_.tables();
  if (!anims.empty() && at.animation == before.animations->size()) first.animation = anims.front().id;
  if (!stateChanges.empty() && at.stateChange == before.stateChanges->size()) first.stateChange = stateChanges.front().id;
  if (!dispatches.empty() && at.dispatch == before.dispatches->size()) first.dispatch = dispatches.front().id;
  if (!keyframeSegs.empty() && at.keyframeSegment == before.keyframes->segments.size()) first.keyframes = keyframeSegs.front().id;
  if (!commandSegs.empty() && at.commandSegment == before.commands->segments.size()) first.commands = commandSegs.front().id;
  if (before.meshes->size() > meshesBefore) first.mesh = (*before.meshes)[meshesBefore].id;
  if (before.links->segments.size() > linksBefore) first.links = before.links->segments[linksBefore].id;

  auto insert = [](auto& table, std::size_t pos, const auto& items) {
    table.insert(table.begin() + static_cast<long>(std::min(pos, table.size())), items.begin(), items.end());
  };
  insert(edit_.animations(), at.animation, anims);
  if (!stateChanges.empty()) insert(edit_.stateChanges(), at.stateChange, stateChanges);
  if (!dispatches.empty()) insert(edit_.dispatches(), at.dispatch, dispatches);
  if (!keyframeSegs.empty()) insert(edit_.keyframes().segments, at.keyframeSegment, keyframeSegs);
  if (!commandSegs.empty()) insert(edit_.commands().segments, at.commandSegment, commandSegs);
  auto& movables = edit_.movables();
  movables.insert(movables.begin() + static_cast<long>(at.movable), m);
  pinEndRefs(edit_, ends, first);
}

void Merger::staticObject(std::size_t si, std::uint32_t slot) {
  const EndRefs ends = collectEndRefs(edit_.tables());
  const std::size_t meshesBefore = edit_.tables().meshes->size();
  Appended first;
  Static st = (*src_.objects.statics)[si];
  st.id = edit_.newId();
  st.objectId = slot;
  auto mesh = sv_.staticMesh(si);
  if (mesh) first.pointer = addPointers({*mesh});
  st.pointer = mesh ? RecordRef::record(*first.pointer) : RecordRef::end();
  if (edit_.tables().meshes->size() > meshesBefore) first.mesh = (*edit_.tables().meshes)[meshesBefore].id;
  auto& statics = edit_.statics();
  auto pos = std::find_if(statics.begin(), statics.end(), [&](const Static& x) { return x.objectId > slot; });
  statics.insert(pos, st);
  pinEndRefs(edit_, ends, first);
}

std::size_t coveredArea(const WadDocument& d) {
  TexturePacker p(*d.samples, *d.pixels);
  return p.coveredPixels();
}

}  // namespace

Result mergeObjects(const WadDocument& destination, const WadDocument& source, const Request& request) {
  Result result;
  Report& report = result.report;
  ObjectView sv(source.objects);
  const auto& srcMovables = *source.objects.movables;
  const auto& srcStatics = *source.objects.statics;

  // What to merge, in source order.
  std::vector<std::uint32_t> movables = request.movables, statics = request.statics;
  if (request.all) {
    movables.clear(), statics.clear();
    for (const auto& m : srcMovables) movables.push_back(m.objectId);
    for (const auto& s : srcStatics) statics.push_back(s.objectId);
  }
  for (auto slot : movables)
    if (!sv.findMovable(slot)) throw MergeError("the source has no movable in slot " + std::to_string(slot));
  for (auto slot : statics)
    if (!sv.findStatic(slot)) throw MergeError("the source has no static in slot " + std::to_string(slot));
  if (movables.empty() && statics.empty()) throw MergeError("nothing to merge");
  if (request.as && movables.size() + statics.size() != 1) throw MergeError("--as places exactly one object");

  // Related slots present in the source and missing in the destination.
  ObjectView dv(destination.objects);
  for (std::size_t i = 0; i < movables.size(); ++i)
    for (auto rel : relatedSlots(movables[i])) {
      bool merging = std::find(movables.begin(), movables.end(), rel) != movables.end();
      if (merging || dv.findMovable(rel) || !sv.findMovable(rel)) continue;
      if (request.withRelated && !request.as) {
        movables.push_back(rel);
        continue;
      }
      report.relatedMissing.push_back(catalog::movableLabel(rel) + " (" + std::to_string(rel) + ") for " +
                                      catalog::movableLabel(movables[i]) + " (" + std::to_string(movables[i]) + ")");
    }

  // Occupied slots: refused, or replaced (the old object and what only it used go first).
  Document working = destination;
  auto target = [&](std::uint32_t slot) { return request.as.value_or(slot); };
  auto occupy = [&](ops::ObjectKind kind, std::uint32_t slot, const std::string& label) {
    ObjectView v(objectsOf(working));
    bool taken = kind == ops::ObjectKind::Movable ? v.findMovable(slot).has_value() : v.findStatic(slot).has_value();
    if (!taken) return false;
    if (!request.replace)
      throw MergeError(label + " slot " + std::to_string(slot) +
                       " is occupied in the destination: ask to replace it or to place it under another slot");
    auto e = ops::deleteObject(working, {kind, slot});
    for (auto& w : e.warnings) report.warnings.push_back(std::move(w));
    working = std::move(e.doc);
    return true;
  };
  std::vector<bool> movableReplaced, staticReplaced;
  std::set<std::uint32_t> seen;
  for (auto slot : movables) {
    if (!seen.insert(target(slot)).second) throw MergeError("two merged movables go to slot " + std::to_string(target(slot)));
    movableReplaced.push_back(occupy(ops::ObjectKind::Movable, target(slot), "movable"));
  }
  seen.clear();
  for (auto slot : statics) {
    if (!seen.insert(target(slot)).second) throw MergeError("two merged statics go to slot " + std::to_string(target(slot)));
    staticReplaced.push_back(occupy(ops::ObjectKind::Static, target(slot), "static"));
  }

  WadDocument base = std::get<WadDocument>(working);
  Merger merger(base, source, report);
  merger.setCoveredBefore(coveredArea(base));
  auto srcNames = objectNames(source);
  WasEditor was(base);
  for (auto slot : movables) merger.reserve(*sv.findMovable(slot));
  for (std::size_t i = 0; i < movables.size(); ++i) {
    std::size_t mi = *sv.findMovable(movables[i]);
    merger.movable(mi, target(movables[i]));
    std::string name = was.addMovable(source, srcNames.movableLines[mi], movables[i], target(movables[i]));
    report.merged.push_back({true, movables[i], target(movables[i]), name, movableReplaced[i]});
  }
  for (std::size_t i = 0; i < statics.size(); ++i) {
    std::size_t si = *sv.findStatic(statics[i]);
    merger.staticObject(si, target(statics[i]));
    std::string name = was.addStatic(source, srcNames.staticLines[si], statics[i], target(statics[i]));
    report.merged.push_back({false, statics[i], target(statics[i]), name, staticReplaced[i]});
  }
  result.doc = merger.finish();
  result.doc.was = was.result();
  return result;
}

}  // namespace wadsmith::merge
