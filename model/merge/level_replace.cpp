#include "model/merge/level_replace.h"

#include <algorithm>
#include <unordered_set>

#include "model/sound_use.h"

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

std::set<std::uint16_t> droppedSounds(const WadDocument& level, const Result& merged, const LevelData& data, const Request& req) {
  if (!req.replace || req.sounds == SoundMode::None || merged.report.removed.empty()) return {};
  return freedSoundIds(level, merged.report.removed, merged.doc, data);
}

std::set<std::uint16_t> freedSoundIds(const WadDocument& level, const std::vector<ObjectRef>& removed,
                                      const WadDocument& result, const LevelData& data) {
  std::set<std::uint16_t> out;
  const ObjectView before(level.objects), after(result.objects);
  for (std::size_t m = 0; m < before.movables().size(); ++m)
    if (std::count(removed.begin(), removed.end(), movableRef(before.movables()[m].objectId)))
      for (const auto& p : animationSounds(before, m)) out.insert(p.id);
  for (std::size_t m = 0; m < after.movables().size() && !out.empty(); ++m)
    for (const auto& p : movableSounds(after, m)) out.erase(p.id);
  for (const auto& s : *data.soundSources) out.erase(s.soundId);
  return out;
}

}  // namespace wadsmith::merge
