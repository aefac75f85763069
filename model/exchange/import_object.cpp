#include "model/exchange/import_object.h"

#include <algorithm>
#include <map>
#include <stdexcept>

#include "model/draft.h"
#include "model/object_view.h"
#include "model/ops/remove_objects.h"

namespace wadsmith::exchange {
namespace {

// The one object of `object`, moved to `slot`.
WadDocument atSlot(const WadDocument& object, std::uint32_t slot) {
  Draft d(object);
  if (!d.movables->empty()) d.movables.edit().front().objectId = slot;
  if (!d.statics->empty()) d.statics.edit().front().objectId = slot;
  return d.wadResult();
}

// A slot of `kind` no object of `doc` uses (for the mesh a replacement brings in first).
std::uint32_t freeStaticSlot(const WadDocument& doc) {
  const auto& statics = *doc.objects.statics;
  std::uint32_t slot = 0xFFFF;
  while (std::any_of(statics.begin(), statics.end(), [&](const Static& s) { return s.objectId == slot; })) --slot;
  return slot;
}

// `fresh` with its vertices reordered so that each vertex at the position of one of `old`'s
// sits at that vertex's index (normals or shades and faces follow).
VertexOrder keepVertexOrder(const Mesh& old, Mesh& fresh) {
  VertexOrder out;
  const std::size_t n = fresh.vertices.size();
  std::multimap<std::tuple<int, int, int>, std::size_t> byPosition;
  for (std::size_t i = 0; i < n; ++i) byPosition.emplace(std::make_tuple(fresh.vertices[i].x, fresh.vertices[i].y, fresh.vertices[i].z), i);
  std::vector<long> order;  // new index -> fresh index
  std::vector<char> used(n, 0);
  for (std::size_t i = 0; i < old.vertices.size() && order.size() < n; ++i) {
    auto it = byPosition.find(std::make_tuple(old.vertices[i].x, old.vertices[i].y, old.vertices[i].z));
    if (it != byPosition.end()) {
      order.push_back(static_cast<long>(it->second));
      used[it->second] = 1;
      byPosition.erase(it);
      ++out.kept;
    } else {
      order.push_back(-1);  // filled below by a vertex no old one matched
      out.unmatched.push_back(i);
    }
  }
  std::size_t next = 0;
  auto takeUnused = [&]() -> long {
    while (next < n && used[next]) ++next;
    if (next == n) return -1;
    used[next] = 1;
    return static_cast<long>(next);
  };
  for (auto& o : order)
    if (o < 0) o = takeUnused();
  while (order.size() < n) {
    order.push_back(takeUnused());
    ++out.added;
  }
  std::vector<std::uint16_t> newIndex(n, 0);
  Mesh m = fresh;
  for (std::size_t i = 0; i < order.size(); ++i) {
    const auto from = static_cast<std::size_t>(order[i]);
    newIndex[from] = static_cast<std::uint16_t>(i);
    m.vertices[i] = fresh.vertices[from];
    if (from < fresh.normals.size() && i < m.normals.size()) m.normals[i] = fresh.normals[from];
    if (from < fresh.shades.size() && i < m.shades.size()) m.shades[i] = fresh.shades[from];
  }
  for (auto& p : m.polygons)
    for (int c = 0; c < p.corners(); ++c)
      if (p.vertices[c] < n) p.vertices[c] = newIndex[p.vertices[c]];
  fresh = std::move(m);
  return out;
}

// The whole object into its slot, through the merge.
ImportResult importWhole(const WadDocument& dst, const WadDocument& object, const ImportRequest& req, bool isMovable) {
  if (isMovable != req.target.movable())
    throw std::invalid_argument(std::string("the file's object is a ") + (isMovable ? "movable" : "static") +
                                ": import it with " + (isMovable ? "--movable" : "--static"));
  ImportResult out;
  merge::Request m{.replace = req.replace, .sourceLabel = req.sourceLabel};
  (isMovable ? m.movables : m.statics).push_back(req.target.slot);
  auto r = merge::mergeObjects(dst, atSlot(object, req.target.slot), m);
  out.doc = std::move(r.doc);
  out.merge = std::move(r.report);
  if (req.records && isMovable)
    if (auto missing = resolveTargets(out.doc, req.target.slot, *req.records))
      out.lines.push_back(std::to_string(missing) + " targets into other movables' animations have no such animation here: they point past the table");
  out.lines.push_back("imported " + req.target.text() + (out.merge.merged.empty() || !out.merge.merged[0].replaced ? "" : " (replaced the destination's)"));
  return out;
}

// The object with only the mesh a pointer of it names, as a static at a free slot of `dst`.
WadDocument meshCarrier(const WadDocument& object, const WadDocument& dst, const PackageRef& target) {
  Draft d(object);
  Id seg = d.insertSegment(d.meshPointers, d.meshPointers->segments.size(), std::vector<MeshPointer>{{d.newId(), target}});
  const Static s{.id = d.newId(), .objectId = freeStaticSlot(dst), .pointer = RunRef::segment(seg)};
  d.movables.edit().clear();
  d.statics.edit() = {s};
  return d.wadResult();
}

void reportVertexOrder(const ImportRequest& req, const VertexOrder& vo, std::vector<std::string>& lines) {
  lines.push_back("replaced " + req.target.text() + " mesh " + std::to_string(*req.mesh) + ": " + std::to_string(vo.kept) +
                  " vertices kept their index, " + std::to_string(vo.unmatched.size()) + " old vertices unmatched, " +
                  std::to_string(vo.added) + " added");
  if (vo.unmatched.empty()) return;
  std::string list;
  for (std::size_t i = 0; i < vo.unmatched.size() && i < 20; ++i) list += (i ? ", " : "") + std::to_string(vo.unmatched[i]);
  lines.push_back("old vertices no new vertex sits on: " + list + (vo.unmatched.size() > 20 ? ", ..." : ""));
}

}  // namespace

ImportResult importObject(const WadDocument& dst, const WadDocument& object, const ImportRequest& req) {
  const bool isMovable = !object.objects.movables->empty();
  if (object.objects.movables->size() + object.objects.statics->size() != 1)
    throw std::invalid_argument("internal: an import brings exactly one object");
  if (!req.mesh) return importWhole(dst, object, req, isMovable);

  // One mesh: the file's mesh N (or its only mesh) comes in as a static at a free slot, so the
  // merge brings its texture samples; then it takes the place of the target's mesh N.
  if (!req.target.movable()) throw std::invalid_argument("--mesh replaces a mesh of a movable: name it with --movable");
  const ObjectView dv(dst.objects);
  auto mi = dv.findMovable(req.target.slot);
  if (!mi) throw std::invalid_argument(req.target.text() + " is not in the destination");
  const auto slots = dv.movableMeshes(*mi);
  if (*req.mesh >= slots.size())
    throw std::invalid_argument(req.target.text() + " has " + std::to_string(slots.size()) + " meshes: no mesh " + std::to_string(*req.mesh));
  if (!slots[*req.mesh].mesh) throw std::invalid_argument(req.target.text() + " mesh " + std::to_string(*req.mesh) + " is not a parsed mesh");
  const ObjectView ov(object.objects);
  const auto sourceMeshes = isMovable ? ov.movableMeshes(0) : std::vector<MeshSlot>{*ov.staticMesh(0)};
  const std::size_t pick = sourceMeshes.size() == 1 ? 0 : *req.mesh;
  if (pick >= sourceMeshes.size() || !sourceMeshes[pick].mesh)
    throw std::invalid_argument("the file's object has " + std::to_string(sourceMeshes.size()) + " meshes: no mesh " + std::to_string(pick));

  const WadDocument carrier = meshCarrier(object, dst, ov.meshPointers()[sourceMeshes[pick].pointerIndex].target);
  const std::uint32_t temp = (*carrier.objects.statics)[0].objectId;
  auto merged = merge::mergeObjects(dst, carrier, {.statics = {temp}, .sourceLabel = req.sourceLabel});
  ImportResult out;
  out.merge = merged.report;
  Draft d(merged.doc);
  const ObjectView v(d.tables());
  Mesh fresh = *(*d.meshes)[v.staticMesh(*v.findStatic(temp))->entryIndex].mesh;
  out.vertexOrder = keepVertexOrder(*slots[*req.mesh].mesh, fresh);
  d.meshes.edit()[slots[*req.mesh].entryIndex].mesh = share<Mesh>(std::move(fresh));
  ops::removeObjects(d, {staticRef(temp)});
  out.doc = d.wadResult();
  if (dst.was) out.doc.was = dst.was;  // the carrier's line goes with it
  reportVertexOrder(req, *out.vertexOrder, out.lines);
  return out;
}

}  // namespace wadsmith::exchange
