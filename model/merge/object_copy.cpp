#include "model/merge/object_copy.h"

#include <algorithm>
#include <functional>
#include <map>
#include <tuple>

#include "model/merge/texture_transfer.h"

#include "model/merge/merge.h"
#include "model/texture_word.h"

namespace wadsmith::merge {

namespace {

template <class T>
void mix(std::size_t& h, T v) {
  h ^= std::hash<T>{}(v) + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
}
void mixVec(std::size_t& h, const Vec3s& v) {
  mix(h, v.x);
  mix(h, v.y);
  mix(h, v.z);
}

template <class T>
Shared<std::vector<T>> shareVector(std::vector<T> v) {
  return share<std::vector<T>>(std::move(v));
}

template <class T>
std::unordered_map<Id, std::size_t> indexById(const std::vector<T>& table) {
  std::unordered_map<Id, std::size_t> out;
  out.reserve(table.size());
  for (std::size_t i = 0; i < table.size(); ++i) out[table[i].id] = i;
  return out;
}
template <class T>
std::unordered_map<Id, std::size_t> segmentIndexById(const Package<T>& p) {
  std::unordered_map<Id, std::size_t> out;
  for (std::size_t i = 0; i < p.segments.size(); ++i) out[p.segments[i].id] = i;
  return out;
}

// Pointer ranges of the objects of a draft (a movable names first index and count).
std::vector<std::pair<std::size_t, std::size_t>> pointerRanges(const WadDraft& d) {
  std::unordered_map<Id, std::size_t> at;
  for (std::size_t i = 0; i < d.meshPointers->size(); ++i) at[(*d.meshPointers)[i].id] = i;
  std::vector<std::pair<std::size_t, std::size_t>> out;
  for (const auto& m : *d.movables)
    if (m.numPointers > 1 && m.pointers.isRecord())
      if (auto it = at.find(m.pointers.id); it != at.end()) out.push_back({it->second, it->second + m.numPointers});
  return out;
}

}  // namespace

// Two faces look the same when their samples have the same size, flips and pixels: the
// destination may hold several samples over identical pixels, and a mesh is shared when it
// equals a destination mesh up to that choice.
int ObjectCopier::sampleClass(std::uint16_t s) const {
  return s < sampleClass_.size() ? sampleClass_[s] : -1 - static_cast<int>(s);
}

std::size_t ObjectCopier::meshKey(const Mesh& m) const {
  std::size_t h = m.vertices.size();
  mixVec(h, m.center);
  mix(h, m.radius);
  mix(h, m.sphereUnknown);
  mix(h, m.padding);
  for (const auto& v : m.vertices) mixVec(h, v);
  mix(h, m.normals.size());
  for (const auto& v : m.normals) mixVec(h, v);
  for (auto s : m.shades) mix(h, s);
  for (const auto& p : m.polygons) {
    mix(h, p.quad);
    for (auto v : p.vertices) mix(h, v);
    auto t = WadTextureWord::decode(p.texture, p.quad);
    mix(h, t.flipped);
    mix(h, t.corner);
    mix(h, sampleClass(t.sample));
    mix(h, p.attributes);
    mix(h, p.unknown);
  }
  return h;
}

bool ObjectCopier::sameLook(const Mesh& a, const Mesh& b) const {
  if (a.center != b.center || a.radius != b.radius || a.sphereUnknown != b.sphereUnknown || a.padding != b.padding ||
      a.vertices != b.vertices || a.normals != b.normals || a.shades != b.shades || a.polygons.size() != b.polygons.size())
    return false;
  for (std::size_t i = 0; i < a.polygons.size(); ++i) {
    const Polygon& p = a.polygons[i];
    const Polygon& q = b.polygons[i];
    if (p.quad != q.quad || p.vertices != q.vertices || p.attributes != q.attributes || p.unknown != q.unknown) return false;
    if (p.texture == q.texture) continue;
    auto s = WadTextureWord::decode(p.texture, p.quad), t = WadTextureWord::decode(q.texture, q.quad);
    if (s.flipped != t.flipped || s.corner != t.corner || sampleClass(s.sample) != sampleClass(t.sample)) return false;
  }
  return true;
}

ObjectCopier::ObjectCopier(WadDraft& dst, const WadDocument& src,
                           const std::unordered_map<std::uint16_t, std::uint16_t>& samples)
    : d_(dst), src_(src), sv_(src.objects), samples_(samples) {
  std::map<std::tuple<int, int, std::int8_t, std::int8_t, std::vector<std::uint8_t>>, int> classes;
  for (const auto& smp : *d_.samples) {
    auto key = std::make_tuple(smp.width(), smp.height(), smp.flipX, smp.flipY, samplePixels(*d_.pixels, smp));
    sampleClass_.push_back(classes.emplace(std::move(key), static_cast<int>(classes.size())).first->second);
  }
  for (const auto& e : *d_.meshes)
    if (e.mesh) meshIndex_.emplace(meshKey(*e.mesh), e.id);
  srcCommandStarts_ = src.objects.commands->starts();
}

void ObjectCopier::reserve(const std::vector<std::size_t>& srcMovables) {
  for (auto m : srcMovables) {
    auto [a0, a1] = sv_.animationRange(m);
    for (auto a = a0; a < a1; ++a) animations_[(*src_.objects.animations)[a].id] = d_.newId();
  }
}

// ---- meshes ---------------------------------------------------------------------------

Mesh ObjectCopier::remapTextures(const Mesh& in, std::size_t srcEntry) {
  Mesh m = in;
  bool missing = false;
  for (auto& p : m.polygons) {
    auto t = WadTextureWord::decode(p.texture, p.quad);
    auto it = samples_.find(t.sample);
    if (it == samples_.end()) {
      missing = true;
      continue;
    }
    t.sample = it->second;
    if (t.sample > (p.quad ? 0x7FFF : 0x0FFF))
      throw MergeError("texture sample " + std::to_string(t.sample) + " is past what a " +
                       (p.quad ? "quad" : "triangle") + " can name (the WAD would need fewer samples)");
    p.texture = t.encode(p.quad);
  }
  if (missing)
    warnings.push_back("source mesh " + std::to_string(srcEntry) +
                       ": faces name texture samples past the source's sample table; kept as stored");
  return m;
}

Id ObjectCopier::meshFor(std::size_t srcEntry, bool& shared) {
  const MeshEntry& e = (*src_.objects.meshes)[srcEntry];
  auto known = meshes_.find(e.id);
  if (known != meshes_.end()) {
    shared = !created_.count(known->second);
    return known->second;
  }
  Id id = 0;
  shared = false;
  if (e.mesh) {
    Mesh m = remapTextures(*e.mesh, srcEntry);
    const std::size_t h = meshKey(m);
    auto [a, b] = meshIndex_.equal_range(h);
    for (auto it = a; it != b && !id; ++it) {
      const auto& entries = *d_.meshes;
      auto pos = findRecord(entries, it->second);
      if (pos && entries[*pos].mesh && sameLook(*entries[*pos].mesh, m)) id = it->second;
    }
    if (id) {
      ++meshesReused;
      shared = !created_.count(id);
    } else {
      id = d_.newId();
      d_.meshes.edit().push_back({id, share<Mesh>(std::move(m)), nullptr});
      meshIndex_.emplace(h, id);
      created_.insert(id);
      ++meshesAdded;
    }
  } else {
    // Bytes a pointer lands on that never parsed as a mesh: carried verbatim.
    id = d_.newId();
    d_.meshes.edit().push_back({id, nullptr, e.gap});
    created_.insert(id);
    ++meshesAdded;
  }
  meshes_[e.id] = id;
  return id;
}

PackageRef ObjectCopier::meshTarget(const PackageRef& t, bool& shared) {
  shared = false;
  if (t.isSegment())
    if (auto e = sv_.indexOfId(t.segment)) return PackageRef::at(meshFor(*e, shared), t.delta);
  warnings.push_back("a mesh pointer points past the source's mesh package; kept as stored");
  return t;
}

std::vector<Id> ObjectCopier::copyPointers(std::size_t first, std::size_t count, std::size_t dstPosition, Copied& c) {
  const auto& srcPointers = *src_.objects.meshPointers;
  std::vector<MeshPointer> add;
  std::vector<Id> ids;
  for (std::size_t i = 0; i < count; ++i) {
    if (first + i >= srcPointers.size())
      throw MergeError("mesh pointers " + std::to_string(first) + "+" + std::to_string(count) + " run past the source's pointer table");
    bool shared = false;
    MeshPointer p{d_.newId(), meshTarget(srcPointers[first + i].target, shared)};
    ++c.meshes;
    c.meshesShared += shared;
    ids.push_back(p.id);
    add.push_back(p);
  }
  auto& v = d_.meshPointers.edit();
  v.insert(v.begin() + static_cast<long>(std::min(dstPosition, v.size())), add.begin(), add.end());
  return ids;
}

// ---- mesh tree ------------------------------------------------------------------------

PackageRef ObjectCopier::copyLinks(std::size_t srcMovable, std::size_t movablePos, const std::string& label) {
  const Movable& M = (*src_.objects.movables)[srcMovable];
  const auto& movables = *d_.movables;
  const auto& pkg = *d_.links;
  std::size_t at = pkg.segments.size();
  for (std::size_t j = movablePos; j < movables.size(); ++j)
    if (movables[j].numPointers > 1 && movables[j].links.isSegment()) {
      at = insertionIndex(pkg, movables[j].links);
      break;
    }
  std::vector<std::pair<std::uint32_t, std::uint32_t>> spans;
  for (const auto& mv : movables)
    if (mv.numPointers > 1)
      if (auto o = packageOffset(pkg, mv.links)) spans.push_back({*o, *o + 4u * (mv.numPointers - 1u)});
  at = clearOfSpans(pkg, at, spans);
  const PackageRef after = at < pkg.segments.size() ? PackageRef::at(pkg.segments[at].id) : PackageRef::end();
  if (M.numPointers < 2) return after;  // no records; the index names the current position

  auto dwords = sv_.linkDwords(srcMovable);
  const std::size_t want = 4u * (M.numPointers - 1u);
  if (dwords.size() < want) {
    warnings.push_back(label + ": its mesh tree runs past the source's link records; the missing records are zero");
    dwords.resize(want, 0);
  }
  // Written clean (only its records, none of the junk around them in the source) and
  // starting on a record boundary; a pad after them keeps later records where they were.
  std::uint32_t offset = 0;
  for (std::size_t i = 0; i < at; ++i) offset += static_cast<std::uint32_t>(pkg.segments[i].size());
  const std::uint32_t misaligned = offset % 4;
  std::vector<Segment<std::int32_t>> add;
  if (misaligned) add.push_back({d_.newId(), shareVector(std::vector<std::int32_t>(4 - misaligned, 0))});
  const Id own = d_.newId();
  add.push_back({own, shareVector(std::move(dwords))});
  if (misaligned) add.push_back({d_.newId(), shareVector(std::vector<std::int32_t>(misaligned, 0))});
  auto& segs = d_.links.edit().segments;
  segs.insert(segs.begin() + static_cast<long>(at), add.begin(), add.end());
  return PackageRef::at(own);
}

// ---- animations -----------------------------------------------------------------------

// "The end of the keyframe package" moves when keyframes are added; references that meant
// the end as it is now (animations without keyframes, whose offset bounds the previous
// animation's count) are pinned to that position first.
void ObjectCopier::pinKeyframeEnds() {
  auto isEnd = [](const PackageRef& r) { return r.kind == PackageRef::Kind::End; };
  bool any = std::any_of(d_.animations->begin(), d_.animations->end(), [&](const Animation& a) { return isEnd(a.keyframes); }) ||
             std::any_of(d_.movables->begin(), d_.movables->end(), [&](const Movable& m) { return isEnd(m.keyframes); });
  if (!any) return;
  auto& p = d_.keyframes.edit();
  if (p.segments.empty()) p.segments.push_back({d_.newId(), share<std::vector<std::uint16_t>>()});
  const PackageRef pin = PackageRef::at(p.segments.back().id, static_cast<std::uint32_t>(p.segments.back().size()));
  for (auto& a : d_.animations.edit())
    if (isEnd(a.keyframes)) a.keyframes = pin;
  for (auto& m : d_.movables.edit())
    if (isEnd(m.keyframes)) m.keyframes = pin;
}

std::size_t ObjectCopier::keyframeInsertion(const PackageRef& at) {
  const auto& pkg = *d_.keyframes;
  if (!at.isSegment()) return pkg.segments.size();
  long i = pkg.find(at.segment);
  if (i < 0) return pkg.segments.size();
  if (at.delta == 0) return static_cast<std::size_t>(i);
  if (at.delta >= pkg.segments[i].size()) return static_cast<std::size_t>(i) + 1;
  // The next animation's keyframes start inside a segment: split it there so the new
  // keyframes go exactly where the next animation's start (keyframe counts are differences).
  const Id left = pkg.segments[i].id, right = d_.newId();
  const std::uint32_t cut = at.delta;
  auto items = pkg.segments[i].items;
  auto& p = d_.keyframes.edit();
  p.segments[i].items = share<std::vector<std::uint16_t>>(items->begin(), items->begin() + cut);
  p.segments.insert(p.segments.begin() + i + 1, {right, share<std::vector<std::uint16_t>>(items->begin() + cut, items->end())});
  auto fix = [&](PackageRef& r) {
    if (r.isSegment() && r.segment == left && r.delta >= cut) r = PackageRef::at(right, r.delta - cut);
  };
  for (auto& a : d_.animations.edit()) fix(a.keyframes);
  for (auto& m : d_.movables.edit()) fix(m.keyframes);
  return static_cast<std::size_t>(i) + 1;
}

// A reference kept as the number the source stored (it cannot be resolved here).
RecordRef ObjectCopier::storedIndex(const RecordRef& r, std::size_t tableSize) const {
  if (r.kind == RecordRef::Kind::Raw) return r;
  if (auto i = sv_.indexOf(r)) return RecordRef::rawValue(static_cast<std::uint32_t>(*i));
  return RecordRef::rawValue(static_cast<std::uint32_t>(tableSize));
}

RecordRef ObjectCopier::mapAnimation(const RecordRef& r, Outside& outside) {
  if (r.isRecord())
    if (auto it = animations_.find(r.id); it != animations_.end()) return RecordRef::record(it->second);
  auto idx = sv_.indexOf(r);
  if (!idx) {
    ++outside.pastTable;  // fixed up in finish() when past the table; else kept as stored
    return r;
  }
  // Into another source movable: the same animation of that slot in the destination, if any.
  ++outside.otherObject;
  if (auto owner = sv_.movableOfAnimation(*idx)) {
    const std::uint32_t slot = (*src_.objects.movables)[*owner].objectId;
    const std::size_t rel = *idx - sv_.animationRange(*owner).first;
    const auto& movables = *d_.movables;
    const auto& anims = *d_.animations;
    for (std::size_t j = 0; j < movables.size(); ++j) {
      if (movables[j].objectId != slot) continue;
      auto first = findRecord(anims, movables[j].animations);
      if (!first) break;
      std::size_t end = anims.size();
      for (std::size_t k = j + 1; k < movables.size(); ++k)
        if (auto n = findRecord(anims, movables[k].animations)) {
          end = *n;
          break;
        }
      if (*first + rel < end) return RecordRef::record(anims[*first + rel].id);
      break;
    }
  }
  return RecordRef::end();  // no such animation here: past the table, where validation flags it
}

void ObjectCopier::notePastTable(Id record, bool dispatch, std::uint32_t excess) {
  pastTable_.push_back({record, dispatch, excess});
}

std::optional<PackageRef> ObjectCopier::Region::map(std::uint32_t o) const {
  if (segments.empty() || o < k0 || o > k1) return std::nullopt;
  if (o == k1) return PackageRef::at(segments.back().first, segments.back().second);
  auto it = std::upper_bound(cuts.begin(), cuts.end(), o) - 1;
  return PackageRef::at(segments[static_cast<std::size_t>(it - cuts.begin())].first, o - *it);
}

void ObjectCopier::finish() {
  if (!tailCommands_.empty()) {
    auto& segs = d_.commands.edit().segments;
    segs.insert(segs.end(), tailCommands_.begin(), tailCommands_.end());
    if (tailCommands_.size() > 1)
      warnings.push_back("several merged command lists run off the end of the command package; only the last still does");
    tailCommands_.clear();
  }
  for (const auto& p : pendingKeyframes_) {
    std::optional<PackageRef> to;
    for (const auto& r : regions_)
      if (p.offset && (to = r.map(*p.offset))) break;
    if (!to) {
      warnings.push_back(p.label + ": its keyframe offset pointed at no merged keyframes; set to its first animation's");
      continue;
    }
    auto& t = d_.movables.edit();
    if (auto i = findRecord(t, p.movable)) t[*i].keyframes = *to;
  }
  pendingKeyframes_.clear();
  const auto count = static_cast<std::uint32_t>(d_.animations->size());
  for (const auto& p : pastTable_) {
    RecordRef to = p.excess == 0 ? RecordRef::end() : RecordRef::rawValue(count + p.excess);
    if (p.dispatch) {
      auto& t = d_.dispatches.edit();
      if (auto i = findRecord(t, p.record)) t[*i].nextAnimation = to;
    } else {
      auto& t = d_.animations.edit();
      if (auto i = findRecord(t, p.record)) t[*i].nextAnimation = to;
    }
  }
  pastTable_.clear();
}

void ObjectCopier::copyAnimations(std::size_t m, std::size_t movablePos, Movable& out, const std::string& label) {
  const Movable& M = (*src_.objects.movables)[m];
  const auto& srcAnims = *src_.objects.animations;
  auto [a0, a1] = sv_.animationRange(m);
  const auto& movables = *d_.movables;

  std::size_t animPos = d_.animations->size();
  for (std::size_t j = movablePos; j < movables.size(); ++j)
    if (auto i = findRecord(*d_.animations, movables[j].animations)) {
      animPos = *i;
      break;
    }
  if (a1 <= a0) {
    // No animations: the offset names the current position, as the original tools wrote it.
    out.animations = M.animations;
    out.keyframes = animPos < d_.animations->size() ? (*d_.animations)[animPos].keyframes : PackageRef::end();
    return;
  }

  // Where this movable's records go: before those of the movables after it (never inside a
  // range another record names by first index and count).
  pinKeyframeEnds();
  const std::size_t kPos = animPos < d_.animations->size() ? keyframeInsertion((*d_.animations)[animPos].keyframes)
                                                           : d_.keyframes->segments.size();
  const auto& dAnims = *d_.animations;
  const PackageRef kAfter = kPos < d_.keyframes->segments.size() ? PackageRef::at(d_.keyframes->segments[kPos].id) : PackageRef::end();
  std::size_t scPos = d_.stateChanges->size(), cPos = d_.commands->segments.size();
  {
    const auto scIndex = indexById(*d_.stateChanges);
    const auto cmdSegment = segmentIndexById(*d_.commands);
    for (std::size_t j = animPos; j < dAnims.size(); ++j) {
      const Animation& a = dAnims[j];
      if (a.numStateChanges > 0 && a.stateChanges.isRecord())
        if (auto it = scIndex.find(a.stateChanges.id); it != scIndex.end()) scPos = std::min(scPos, it->second);
      if (a.numCommands > 0 && a.commands.isSegment())
        if (auto it = cmdSegment.find(a.commands.segment); it != cmdSegment.end())
          cPos = std::min(cPos, it->second + (a.commands.delta > 0 ? 1 : 0));
    }
  }
  std::vector<std::pair<std::size_t, std::size_t>> scRanges, dRanges;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> cSpans;
  const auto scIndex = indexById(*d_.stateChanges), dIndex = indexById(*d_.dispatches);
  const auto cmdStarts = d_.commands->starts();
  const auto cmdSegment = segmentIndexById(*d_.commands);
  bool overrun = false;
  for (const auto& a : dAnims) {
    if (a.numStateChanges > 0 && a.stateChanges.isRecord())
      if (auto it = scIndex.find(a.stateChanges.id); it != scIndex.end())
        scRanges.push_back({it->second, it->second + a.numStateChanges});
    if (a.numCommands > 0 && a.commands.isSegment())
      if (auto it = cmdSegment.find(a.commands.segment); it != cmdSegment.end()) {
        const std::uint32_t o = cmdStarts[it->second] + a.commands.delta;
        auto list = parseCommands(packageRange(*d_.commands, o, 4u * a.numCommands), a.numCommands);
        // A list that runs off the end reads whatever comes next: nothing may be appended.
        const bool runsOff = !list.complete && o + 4u * a.numCommands > cmdStarts.back();
        overrun |= runsOff;
        cSpans.push_back({o, runsOff ? 0xFFFFFFFFu : o + static_cast<std::uint32_t>(list.wordsUsed)});
      }
  }
  scPos = clearOfRanges(scPos, scRanges);
  cPos = clearOfSpans(*d_.commands, cPos, cSpans);
  if (overrun && cPos == d_.commands->segments.size()) cPos = 0;
  std::size_t dPos = d_.dispatches->size();
  const auto& dScs = *d_.stateChanges;
  for (const auto& sc : dScs)
    if (sc.numDispatches > 0 && sc.dispatches.isRecord())
      if (auto it = dIndex.find(sc.dispatches.id); it != dIndex.end())
        dRanges.push_back({it->second, it->second + sc.numDispatches});
  for (std::size_t j = scPos; j < dScs.size(); ++j)
    if (dScs[j].numDispatches > 0 && dScs[j].dispatches.isRecord())
      if (auto it = dIndex.find(dScs[j].dispatches.id); it != dIndex.end()) dPos = std::min(dPos, it->second);
  dPos = clearOfRanges(dPos, dRanges);
  const RecordRef scAfter = scPos < dScs.size() ? RecordRef::record(dScs[scPos].id) : RecordRef::end();
  const RecordRef dAfter = dPos < d_.dispatches->size() ? RecordRef::record((*d_.dispatches)[dPos].id) : RecordRef::end();
  const PackageRef cAfter = cPos < d_.commands->segments.size() ? PackageRef::at(d_.commands->segments[cPos].id) : PackageRef::end();

  // The keyframe words from the first animation's offset to where the next movable's begin,
  // cut at every animation's offset: counts (offset differences) stay what they were.
  const std::size_t n = a1 - a0;
  std::vector<std::optional<std::uint32_t>> offsets(n);
  std::optional<std::uint32_t> k0;
  for (std::size_t i = 0; i < n; ++i) {
    offsets[i] = sv_.keyframeWord(srcAnims[a0 + i].keyframes);
    if (offsets[i]) k0 = k0 ? std::min(*k0, *offsets[i]) : *offsets[i];
  }
  const std::uint32_t srcSize = static_cast<std::uint32_t>(src_.objects.keyframes->size());
  std::uint32_t k1 = srcSize;
  if (a1 < srcAnims.size())
    if (auto next = sv_.keyframeWord(srcAnims[a1].keyframes); next && k0 && *next >= *k0) k1 = *next;
  for (std::size_t i = 0; i < n; ++i)
    if (offsets[i])
      k1 = std::max<std::uint32_t>(k1, *offsets[i] + static_cast<std::uint32_t>(sv_.keyframeCount(a0 + i) * srcAnims[a0 + i].keyframeSize));
  const auto movableOffset = sv_.keyframeWord(M.keyframes);
  std::vector<std::uint32_t> cuts;
  if (k0) {
    cuts.push_back(*k0);
    for (const auto& o : offsets)
      if (o && *o < k1) cuts.push_back(*o);
    if (movableOffset && *movableOffset >= *k0 && *movableOffset < k1) cuts.push_back(*movableOffset);
    std::sort(cuts.begin(), cuts.end());
    cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
    if (cuts.back() >= k1) cuts.pop_back();
  }
  std::vector<Segment<std::uint16_t>> kfSegments;
  for (std::size_t c = 0; c < cuts.size(); ++c) {
    std::uint32_t end = c + 1 < cuts.size() ? cuts[c + 1] : k1;
    kfSegments.push_back({d_.newId(), shareVector(packageRange(*src_.objects.keyframes, cuts[c], end - cuts[c]))});
  }
  Region region;
  if (k0) region = {*k0, k1, cuts, {}};
  for (const auto& seg : kfSegments) region.segments.push_back({seg.id, static_cast<std::uint32_t>(seg.size())});
  // The region's end (the next movable's first offset) is pinned to the end of the last
  // segment, so what the destination inserts there later does not move it.
  auto mapKeyframes = [&](std::optional<std::uint32_t> o) -> std::optional<PackageRef> {
    if (!o || !k0) return std::nullopt;
    if (auto r = region.map(*o)) return r;
    if (*o == k1) return kAfter;
    return std::nullopt;
  };

  std::vector<Animation> newAnims;
  std::vector<StateChange> newScs;
  std::vector<Dispatch> newDispatches;
  std::vector<Segment<std::uint16_t>> newCommands;
  std::vector<std::size_t> scMark(n), cmdMark(n), dMark;
  std::unordered_map<std::uint32_t, Id> commandsAt;  // source word offset -> new segment
  Outside outside;
  const auto srcAnimCount = static_cast<std::uint32_t>(srcAnims.size());
  // End, or a stored index at or past the end of the source's table.
  auto pastEnd = [&](const RecordRef& r) {
    return r.kind == RecordRef::Kind::End || (r.kind == RecordRef::Kind::Raw && r.raw >= srcAnimCount);
  };
  auto excess = [&](const RecordRef& r) { return r.kind == RecordRef::Kind::Raw ? r.raw - srcAnimCount : 0u; };
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t a = a0 + i;
    const Animation& A = srcAnims[a];
    Animation N = A;
    N.id = animations_.at(A.id);
    if (auto k = mapKeyframes(offsets[i])) N.keyframes = *k;  // else raw in the source: kept
    N.nextAnimation = mapAnimation(A.nextAnimation, outside);
    if (pastEnd(A.nextAnimation)) notePastTable(N.id, false, excess(A.nextAnimation));

    scMark[i] = newScs.size();
    if (A.numStateChanges > 0 && sv_.indexOf(A.stateChanges)) {
      auto [s0, s1] = sv_.stateChangeRange(a);
      if (s1 - s0 < A.numStateChanges)
        warnings.push_back(label + ": animation " + std::to_string(i) + " state changes run past the source's table");
      for (auto s = s0; s < s1; ++s) {
        StateChange S = (*src_.objects.stateChanges)[s];
        S.id = d_.newId();
        dMark.push_back(newDispatches.size());
        auto [d0, d1] = sv_.dispatchRange(s);
        if (S.numDispatches > 0 && d1 > d0) {
          for (auto d = d0; d < d1; ++d) {
            Dispatch D = (*src_.objects.dispatches)[d];
            D.id = d_.newId();
            D.nextAnimation = mapAnimation(D.nextAnimation, outside);
            if (pastEnd((*src_.objects.dispatches)[d].nextAnimation))
              notePastTable(D.id, true, excess((*src_.objects.dispatches)[d].nextAnimation));
            newDispatches.push_back(D);
          }
          S.dispatches = RecordRef::record(newDispatches[dMark.back()].id);
        } else if (S.numDispatches > 0) {
          S.dispatches = storedIndex(S.dispatches, src_.objects.dispatches->size());
        }
        newScs.push_back(S);
      }
      if (s1 > s0) N.stateChanges = RecordRef::record(newScs[scMark[i]].id);
    } else if (A.numStateChanges > 0) {
      N.stateChanges = storedIndex(A.stateChanges, src_.objects.stateChanges->size());
    }

    cmdMark[i] = newCommands.size();
    if (A.numCommands > 0) {
      auto o = sv_.commandWord(A.commands);
      if (!o) {
        warnings.push_back(label + ": animation " + std::to_string(i) + " command offset points nowhere; kept as stored");
      } else if (auto seen = commandsAt.find(*o); seen != commandsAt.end()) {
        N.commands = PackageRef::at(seen->second);
      } else {
        auto list = sv_.commands(a);
        std::uint32_t len = static_cast<std::uint32_t>(list.wordsUsed);
        if (!list.complete) {
          // Words that do not parse travel as they are, up to the next animation's commands.
          auto next = std::upper_bound(srcCommandStarts_.begin(), srcCommandStarts_.end() - 1, *o);
          len = std::max(len, (next == srcCommandStarts_.end() - 1 ? srcCommandStarts_.back() : *next) - *o);
          warnings.push_back(label + ": animation " + std::to_string(i) + " has command words that do not parse (" +
                             list.problem + "); carried unchanged");
        }
        const Id seg = d_.newId();
        Segment<std::uint16_t> words{seg, shareVector(packageRange(*src_.objects.commands, *o, len))};
        // A list that runs off the end of the source's package keeps doing so: it goes last.
        if (!list.complete && *o + len >= srcCommandStarts_.back())
          tailCommands_.push_back(std::move(words));
        else
          newCommands.push_back(std::move(words));
        commandsAt[*o] = seg;
        N.commands = PackageRef::at(seg);
      }
      for (const auto& c : sv_.commands(a).commands)
        if (c.code == static_cast<std::uint16_t>(CommandCode::Sound) && c.operands.size() >= 2)
          soundIds.insert(static_cast<std::uint16_t>(c.operands[1]) & kSoundIdMask);
    }
    newAnims.push_back(N);
  }

  // Empty lists name the current position (the next record written), as the original tools did.
  for (std::size_t i = 0; i < n; ++i) {
    Animation& N = newAnims[i];
    if (N.numStateChanges == 0)
      N.stateChanges = scMark[i] < newScs.size() ? RecordRef::record(newScs[scMark[i]].id) : scAfter;
    if (N.numCommands == 0)
      N.commands = cmdMark[i] < newCommands.size() ? PackageRef::at(newCommands[cmdMark[i]].id) : cAfter;
  }
  for (std::size_t s = 0; s < newScs.size(); ++s)
    if (newScs[s].numDispatches == 0)
      newScs[s].dispatches = dMark[s] < newDispatches.size() ? RecordRef::record(newDispatches[dMark[s]].id) : dAfter;
  if (outside.otherObject)
    warnings.push_back(label + ": " + std::to_string(outside.otherObject) +
                       " next-animation or dispatch targets are animations of another object; they point at the same "
                       "animation of that slot in the destination when it has one, else past the animation table");
  if (outside.pastTable)
    warnings.push_back(label + ": " + std::to_string(outside.pastTable) +
                       " next-animation or dispatch targets point past the source's animation table; they point past "
                       "the destination's by as much");

  auto& anims = d_.animations.edit();
  anims.insert(anims.begin() + static_cast<long>(animPos), newAnims.begin(), newAnims.end());
  auto& scs = d_.stateChanges.edit();
  scs.insert(scs.begin() + static_cast<long>(scPos), newScs.begin(), newScs.end());
  auto& dis = d_.dispatches.edit();
  dis.insert(dis.begin() + static_cast<long>(dPos), newDispatches.begin(), newDispatches.end());
  auto& cmds = d_.commands.edit().segments;
  cmds.insert(cmds.begin() + static_cast<long>(cPos), newCommands.begin(), newCommands.end());
  auto& kfs = d_.keyframes.edit().segments;
  kfs.insert(kfs.begin() + static_cast<long>(kPos), kfSegments.begin(), kfSegments.end());

  out.animations = RecordRef::record(newAnims.front().id);
  if (auto k = mapKeyframes(movableOffset)) {
    out.keyframes = *k;
  } else {
    // It may point into another merged movable's keyframes: resolved in finish().
    out.keyframes = newAnims.front().keyframes;
    pendingKeyframes_.push_back({out.id, movableOffset, label});
  }
  if (k0) regions_.push_back(std::move(region));
}

// ---- objects --------------------------------------------------------------------------

ObjectCopier::Copied ObjectCopier::copyMovable(std::size_t m, std::uint32_t slot) {
  const Movable& M = (*src_.objects.movables)[m];
  const std::string label = describe({ObjectKind::Movable, slot});
  Copied c;
  const auto& movables = *d_.movables;
  std::size_t movPos = movables.size();
  for (std::size_t j = 0; j < movables.size(); ++j)
    if (movables[j].objectId > slot) {
      movPos = j;
      break;
    }
  // Mesh pointers go before those of the next movable, else before the statics'.
  const auto& pointers = *d_.meshPointers;
  std::size_t ptrPos = pointers.size();
  bool found = false;
  for (std::size_t j = movPos; j < movables.size() && !found; ++j)
    if (movables[j].numPointers > 0)
      if (auto i = findRecord(pointers, movables[j].pointers)) {
        ptrPos = *i;
        found = true;
      }
  if (!found)
    for (const auto& s : *d_.statics)
      if (auto i = findRecord(pointers, s.pointer)) ptrPos = std::min(ptrPos, *i);
  ptrPos = clearOfRanges(ptrPos, pointerRanges(d_));

  Movable N = M;
  N.id = d_.newId();
  N.objectId = slot;
  if (M.numPointers > 0) {
    auto first = sv_.indexOf(M.pointers);
    if (!first) throw MergeError(label + ": its mesh pointer index points past the source's pointer table");
    N.pointers = RecordRef::record(copyPointers(*first, M.numPointers, ptrPos, c).front());
  } else {
    N.pointers = ptrPos < d_.meshPointers->size() ? RecordRef::record((*d_.meshPointers)[ptrPos].id) : RecordRef::end();
  }
  N.links = copyLinks(m, movPos, label);
  copyAnimations(m, movPos, N, label);
  auto [a0, a1] = sv_.animationRange(m);
  c.animations = a1 - a0;
  auto& table = d_.movables.edit();
  table.insert(table.begin() + static_cast<long>(movPos), N);
  return c;
}

ObjectCopier::Copied ObjectCopier::copyStatic(std::size_t s, std::uint32_t slot) {
  const Static& S = (*src_.objects.statics)[s];
  const std::string label = describe({ObjectKind::Static, slot});
  Copied c;
  const auto& statics = *d_.statics;
  std::size_t stPos = statics.size();
  for (std::size_t j = 0; j < statics.size(); ++j)
    if (statics[j].objectId > slot) {
      stPos = j;
      break;
    }
  std::size_t ptrPos = d_.meshPointers->size();
  for (std::size_t j = stPos; j < statics.size(); ++j)
    if (auto i = findRecord(*d_.meshPointers, statics[j].pointer)) ptrPos = std::min(ptrPos, *i);
  ptrPos = clearOfRanges(ptrPos, pointerRanges(d_));
  auto first = sv_.indexOf(S.pointer);
  if (!first) throw MergeError(label + ": its mesh pointer index points past the source's pointer table");
  Static N = S;
  N.id = d_.newId();
  N.objectId = slot;
  N.pointer = RecordRef::record(copyPointers(*first, 1, ptrPos, c).front());
  auto& table = d_.statics.edit();
  table.insert(table.begin() + static_cast<long>(stPos), N);
  return c;
}

}  // namespace wadsmith::merge
