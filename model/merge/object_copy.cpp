#include "model/merge/object_copy.h"

#include <algorithm>
#include <functional>
#include <map>
#include <tuple>

#include "model/merge/merge.h"
#include "model/merge/texture_transfer.h"
#include "model/runs.h"
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

ObjectCopier::ObjectCopier(Draft& dst, const WadDocument& src, const std::unordered_map<std::uint16_t, std::uint16_t>& samples)
    : d_(dst), src_(src), sv_(src.objects), samples_(samples), srcKeyframeSegments_(segmentPositions(*src.objects.keyframes)) {
  std::map<std::tuple<int, int, std::int8_t, std::int8_t, std::vector<std::uint8_t>>, int> classes;
  static const std::vector<TextureSample> none;  // a level has no samples of its own
  for (const auto& smp : d_.samples.absent() ? none : *d_.samples) {
    auto key = std::make_tuple(smp.width(), smp.height(), smp.flipX, smp.flipY, samplePixels(*d_.pixels, smp));
    sampleClass_.push_back(classes.emplace(std::move(key), static_cast<int>(classes.size())).first->second);
  }
  for (const auto& e : *d_.meshes)
    if (e.mesh) meshIndex_.emplace(meshKey(*e.mesh), std::pair(e.id, e.mesh));
}

void ObjectCopier::reserve(const std::vector<std::size_t>& srcMovables) {
  for (auto m : srcMovables) {
    auto [a0, a1] = sv_.animationRange(m);
    for (auto a = a0; a < a1; ++a) animations_[sv_.animations()[a].id] = d_.newId();
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
    for (auto it = a; it != b && !id; ++it)
      if (sameLook(*it->second.second, m)) id = it->second.first;
    if (id) {
      ++meshesReused;
      shared = !created_.count(id);
    } else {
      id = d_.newId();
      auto mesh = share<Mesh>(std::move(m));
      d_.meshes.edit().push_back({id, mesh, nullptr});
      meshIndex_.emplace(h, std::pair(id, mesh));
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

Id ObjectCopier::copyPointers(const RunRef& srcRun, const std::vector<RunRef>& owners, std::size_t owner, Copied& c,
                              const std::string& label) {
  if (!srcRun.isSegments())
    throw MergeError(label + ": its mesh pointers run past the source's pointer table (first " +
                     std::to_string(srcRun.rawFirst) + ", count " + std::to_string(srcRun.rawCount) + ")");
  auto [first, end] = sv_.runRange(srcRun);
  std::vector<MeshPointer> add;
  for (auto i = first; i < end; ++i) {
    MeshPointer p{d_.newId(), sv_.meshPointers()[i].target};
    bool shared = false;
    if (p.target.isSegment())
      if (auto e = sv_.indexOfId(p.target.segment)) p.target = PackageRef::at(meshFor(*e, shared), p.target.delta);
    if (!p.target.isSegment()) warnings.push_back(label + ": a mesh pointer points past the source's mesh package; kept as stored");
    ++c.meshes;
    c.meshesShared += shared;
    add.push_back(p);
  }
  return d_.insertSegment(d_.meshPointers, placeRun(*d_.meshPointers, owners, owner), std::move(add));
}

namespace {
// The runs of every object's mesh pointers in the order the file lists them (movables, then
// statics), with a place for a new object.
std::vector<RunRef> pointerOwners(const Draft& d, bool movable, std::size_t at) {
  auto runs = ownerRuns(*d.movables, &Movable::pointers, movable ? at : 0, movable ? 1 : 0);
  const auto statics = ownerRuns(*d.statics, &Static::pointer, movable ? 0 : at, movable ? 0 : 1);
  runs.insert(runs.end(), statics.begin(), statics.end());
  return runs;
}
}  // namespace

// ---- mesh tree ------------------------------------------------------------------------

RunRef ObjectCopier::copyLinks(std::size_t srcMovable, std::size_t movablePos, const std::string& label) {
  // Only movables with link records order them: a one-mesh movable's index names a position.
  const ObjectView dv(d_.tables());
  auto runs = ownerRuns(*d_.movables, &Movable::links, movablePos, 1);
  for (std::size_t j = 0; j < dv.movables().size(); ++j)
    if (dv.meshCount(j) < 2) runs[j < movablePos ? j : j + 1] = {};
  std::size_t at = placeRun(*d_.links, runs, movablePos);
  const std::size_t meshes = sv_.meshCount(srcMovable);
  if (meshes < 2)  // no records; the index names the current position
    return RunRef::segment(d_.insertSegment(d_.links, at, std::vector<std::int32_t>{}));

  auto dwords = sv_.linkDwords(srcMovable);
  const std::size_t want = 4u * (meshes - 1u);
  if (dwords.size() < want) {
    warnings.push_back(label + ": its mesh tree runs past the source's link records; the missing records are zero");
    dwords.resize(want, 0);
  }
  // Written clean (only its records, none of the junk around them in the source) and
  // starting on a record boundary; a pad after them keeps later records where they were.
  const auto misaligned = static_cast<std::uint32_t>(elementsBefore(*d_.links, at) % 4);
  if (misaligned) d_.insertSegment(d_.links, at++, std::vector<std::int32_t>(4 - misaligned, 0));
  const Id own = d_.insertSegment(d_.links, at++, std::move(dwords));
  if (misaligned) d_.insertSegment(d_.links, at, std::vector<std::int32_t>(misaligned, 0));
  return RunRef::segment(own);
}

// ---- objects --------------------------------------------------------------------------

// Where an object of `slot` goes in its table: before the first of a higher slot.
template <class Object>
static std::size_t slotPosition(const std::vector<Object>& table, std::uint32_t slot) {
  return static_cast<std::size_t>(
      std::find_if(table.begin(), table.end(), [&](const Object& o) { return o.objectId > slot; }) - table.begin());
}

ObjectCopier::Copied ObjectCopier::copyMovable(std::size_t m, std::uint32_t slot) {
  const Movable& M = sv_.movables()[m];
  const std::string label = describe(movableRef(slot));
  Copied c;
  const std::size_t movPos = slotPosition(*d_.movables, slot);
  Movable N = M;
  N.id = d_.newId();
  N.objectId = slot;
  N.pointers = RunRef::segment(copyPointers(M.pointers, pointerOwners(d_, true, movPos), movPos, c, label));
  N.links = copyLinks(m, movPos, label);
  copyAnimations(m, movPos, N, label);
  auto [a0, a1] = sv_.animationRange(m);
  c.animations = a1 - a0;
  auto& table = d_.movables.edit();
  table.insert(table.begin() + static_cast<long>(movPos), N);
  return c;
}

ObjectCopier::Copied ObjectCopier::copyStatic(std::size_t s, std::uint32_t slot) {
  const Static& S = sv_.statics()[s];
  const std::string label = describe(staticRef(slot));
  Copied c;
  const std::size_t stPos = slotPosition(*d_.statics, slot);
  Static N = S;
  N.id = d_.newId();
  N.objectId = slot;
  const std::size_t owner = d_.movables->size() + stPos;
  N.pointer = RunRef::segment(copyPointers(S.pointer, pointerOwners(d_, false, stPos), owner, c, label));
  auto& table = d_.statics.edit();
  table.insert(table.begin() + static_cast<long>(stPos), N);
  return c;
}

}  // namespace wadsmith::merge
