#include "model/merge/level_replace.h"

#include <unordered_set>

namespace wadsmith::merge {

namespace {
std::unordered_set<Id> idsOf(const std::vector<MeshEntry>& meshes) {
  std::unordered_set<Id> out;
  for (const auto& e : meshes) out.insert(e.id);
  return out;
}
}  // namespace

std::size_t freedMeshes(const LevelData& level, const std::vector<MeshEntry>& kept) {
  const auto ids = idsOf(kept);
  std::size_t n = 0;
  for (const auto& e : *level.objects.meshes) n += !ids.count(e.id);
  return n;
}

std::set<std::uint16_t> freedObjectTextures(const LevelData& level, const std::vector<MeshEntry>& kept) {
  const auto keptIds = idsOf(kept);
  std::set<std::uint16_t> gone, used;
  for (const auto& e : *level.objects.meshes)
    if (e.mesh)
      for (const auto& p : e.mesh->polygons) (keptIds.count(e.id) ? used : gone).insert(p.texture & 0x7FFF);
  for (const auto& r : *level.rooms) {
    if (!r.geometry.parsed) return {};  // faces not known: nothing is taken for free
    for (const auto* faces : {&r.geometry.quads, &r.geometry.triangles})
      for (const auto& f : *faces) used.insert(f.texture & 0x7FFF);
  }
  for (const auto& r : *level.tr5Rooms) {  // TR5 ("XELA") rooms
    if (!r.parsed && !r.tail.empty()) return {};
    for (const auto& f : r.faces) used.insert(f.texture & 0x7FFF);
  }
  // Animated texture ranges: every word may be an object texture index (counts included).
  for (auto w : *level.animatedTextures) used.insert(w);
  std::set<std::uint16_t> out;
  for (auto t : gone)
    if (!used.count(t) && t < level.objectTextures->size()) out.insert(t);
  return out;
}

}  // namespace wadsmith::merge
